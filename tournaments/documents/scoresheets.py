"""What a scoresheet shows: the content of one printed page per game.

A **scoresheet** ("Wertungszettel", rules.md §3) is one A4 page for one game,
i.e. one table in one round, pre-filled with the players and boxes for what
the referee enters afterwards; every player signs it. Its **QR code** opens the
game's confirmation page, where players check the recorded result and confirm
it with their PIN and staff find the link to record it. With the character deal
a group sheet prints each seat's two **dealt** characters (the player ticks the
one kept) and a knockout sheet the **revealed** ones. ``documents.pdf`` prints the sheets.

The sheet follows the format (rules.md §14): the Sheriff is marked at the game's
drawn position (by lot in some formats), a format of several parts prints
"Part II · round 1", and where the points table counts "among the last three"
for the table's size the sheet has a box for it (a Deputy's, when the Renegade won).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import segno
from django.db.models import Max
from django.urls import NoReverseMatch, reverse
from rest_framework import serializers

from scoring.bounty import has_condition
from scoring.formats import SheriffRule
from scoring.rulesets import ROLES_BY_PLAYER_COUNT
from tournaments import selectors
from tournaments.models import Game, Participant, Stage, Table, Tournament
from tournaments.selectors import GameView
from tournaments.templatetags.rounds import has_parts, round_label

from .base import AbsoluteUri

if TYPE_CHECKING:
    from scoring.text import StrOrPromise

__all__ = [
    "LONG_NAME",
    "Scoresheet",
    "ScoresheetParameters",
    "SheetLine",
    "build_scoresheets",
    "qr_data_uri",
    "result_entry_path",
    "scoresheet_games",
]

#: Names longer than this are printed in smaller type on scoresheets.
LONG_NAME = 34


class ScoresheetParameters(serializers.Serializer):
    """Which sheets to print: a round of a stage (of a part of the group stage),
    optionally one table."""

    stage = serializers.ChoiceField(choices=Stage.choices, required=False, default="group")
    part = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=20,
        help_text="The part of the group stage (rules.md §14); the latest drawn part if omitted.",
    )
    round = serializers.IntegerField(min_value=1, max_value=1000)
    table = serializers.IntegerField(required=False, min_value=1, max_value=1000)


@dataclass(frozen=True)
class SheetLine:
    """One seat on a scoresheet."""

    position: int
    name: str
    is_sheriff: bool
    plays: bool
    status_label: str = ""
    # With the character deal: the seat's two characters (the player ticks the one kept).
    dealt: tuple[str, ...] = ()

    @property
    def name_size(self) -> str:
        """``""``, ``"long"`` or ``"very-long"``: long names are printed smaller so
        that the row, and the page, keep their height."""
        if len(self.name) > 2 * LONG_NAME:
            return "very-long"
        return "long" if len(self.name) > LONG_NAME else ""


@dataclass(frozen=True)
class Scoresheet:
    """Everything one printed scoresheet shows."""

    game: Game
    table: Table
    lines: list[SheetLine]
    qr_data_uri: str
    result_url: str
    knockout: bool
    pick_order: list[str] = field(default_factory=list)
    # With the character deal: the knockout table's revealed characters.
    revealed: list[str] = field(default_factory=list)
    # "Round 2", or "Part II · round 1" in a format of several parts.
    round_label: StrOrPromise = ""
    # Whether the points table counts "among the last three" at this table's size.
    last_three: bool = False
    # The Sheriff was drawn by lot (not the player at the round's position).
    sheriff_by_lot: bool = False
    # The word for what the app computes from the sheet: "bounty" or "points".
    points_word: str = ""

    @property
    def players(self) -> int:
        return sum(1 for line in self.lines if line.plays)

    @property
    def roles(self) -> str:
        """The roles dealt at this table ("Sheriff, Renegade, Outlaw, Outlaw"); 4 to 7."""
        return ", ".join(str(role.label) for role in ROLES_BY_PLAYER_COUNT.get(self.players, ()))

    @property
    def characters_revealed(self) -> int:
        return self.players + 1


def result_entry_path(tournament: Tournament, game: Game) -> str:
    """The path of the staff page that records this game's result."""
    kwargs = {"tournament_id": tournament.pk, "game_id": game.pk}
    for name in ("staff:result", "staff-result"):
        try:
            return reverse(name, kwargs=kwargs)
        except NoReverseMatch:
            continue
    return f"/t/{tournament.pk}/staff/games/{game.pk}/result/"


def qr_data_uri(url: str) -> str:
    """A QR code for ``url`` as an SVG ``data:`` URI, black on white with a quiet zone."""
    uri: str = segno.make(url, error="m", micro=False).svg_data_uri(
        scale=4, border=4, dark="#000", light="#fff"
    )
    return uri


def scoresheet_games(
    tournament: Tournament,
    *,
    stage: str,
    round: int,
    table: int | None = None,
    part: int | None = None,
) -> list[GameView]:
    """The played games of one round (optionally one table), by table number; in the
    group stage of ``part`` (the latest drawn part when None)."""
    if stage == Stage.GROUP and part is None:
        part = Table.objects.filter(tournament=tournament, stage=Stage.GROUP).aggregate(
            latest=Max("part")
        )["latest"]
    games = [
        g
        for g in selectors.games_list(
            tournament, stage=stage, round=round, part=part if stage == Stage.GROUP else None
        )
        if g.game.status != Game.Status.VOID and (table is None or g.game.table.number == table)
    ]
    return sorted(games, key=lambda g: g.game.table.number)


def build_scoresheets(
    tournament: Tournament, games: Sequence[GameView], *, absolute_uri: AbsoluteUri
) -> list[Scoresheet]:
    """The sheets' content, from games loaded with ``selectors.games_list``."""
    names = dict(tournament.participants.values_list("id", "name"))
    deals = selectors.deals_characters(tournament)
    fmt = tournament.config.format
    parts = has_parts(tournament)
    points_word = "points" if "points" in fmt.tie_breaks else "bounty"
    status_labels = dict(Participant.Status.choices)
    sheets = []
    for view in games:
        game = view.game
        knockout = game.stage == Stage.KNOCKOUT
        lines = []
        for seat in view.seats:
            active = seat.participant.status == Participant.Status.ACTIVE
            plays = active or game.status == Game.Status.RECORDED
            lines.append(
                SheetLine(
                    position=seat.position,
                    name=seat.participant.name,
                    is_sheriff=not knockout and seat.position == game.sheriff_position,
                    plays=plays,
                    status_label="" if plays else str(status_labels[seat.participant.status]),
                    dealt=tuple(game.dealt.get(str(seat.position), ()))
                    if deals and not knockout
                    else (),
                )
            )
        url = absolute_uri(reverse("game_confirmation", args=[tournament.pk, game.pk]))
        sheets.append(
            Scoresheet(
                game=game,
                table=game.table,
                lines=lines,
                qr_data_uri=qr_data_uri(url),
                result_url=url,
                knockout=knockout,
                pick_order=[names.get(pid, "?") for pid in game.table.pick_order]
                if knockout
                else [],
                revealed=list(game.revealed) if deals and knockout else [],
                round_label=round_label(
                    round=game.round, part=game.part, stage=game.stage, parts=parts
                ),
                last_three=not knockout
                and has_condition(fmt.points, size=game.table.size, condition="last_three"),
                sheriff_by_lot=game.stage == Stage.GROUP and fmt.sheriff == SheriffRule.LOT,
                points_word=points_word,
            )
        )
    return sheets
