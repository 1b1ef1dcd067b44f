"""The time of a game and its time rule (rules.md §14 "Time limit", api.md "Formats").

A game's time begins at its ``started_at``: the start of its round's clock or
a referee's "game started", whichever came first. With a time limit of T
minutes, its **deadline** is ``started_at`` + T; from then on, until the game
ends, the format's **time rule** (the card *High Noon*) is in force for it. The
software changes no result because of it: it only shows it.

Nothing is written at the deadline, so the pages carry each open game's
deadline and flip the notice themselves at that moment (``static/js/hall.js``,
counted from the server's time); the API answers the rule as of its request.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Min, QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.models import Game, Stage, Tournament

__all__ = [
    "GameTime",
    "TimeRule",
    "TimedGame",
    "current_round_games",
    "game_deadline",
    "game_time",
    "games_time",
    "time_limit_of",
    "time_rule_name",
    "time_rule_of",
    "timed_games",
]


def time_limit_of(tournament: Tournament) -> int | None:
    """The tournament's time limit per game in minutes; None: no limit."""
    minutes = getattr(tournament.config, "time_limit_minutes", None)
    return None if minutes is None else int(minutes)


def time_rule_name(tournament: Tournament) -> str:
    """The name of the rule that comes into force when a game's time is up (the
    format's ``time_rule``; High Noon unless a format names another)."""
    rules = {
        # Translators: the BANG! card played after the time limit; its German edition
        # calls it "High Noon" too.
        "high_noon": gettext("High Noon"),
    }
    return rules.get(tournament.config.format.time_rule or "high_noon", gettext("High Noon"))


def current_round_games(tournament: Tournament) -> QuerySet[Game]:
    """The open games of the current round: the lowest round with an open group game
    of the current part (the lowest part with one, rules.md §14)."""
    open_group = Game.objects.filter(
        tournament=tournament, stage=Stage.GROUP, status=Game.Status.OPEN
    )
    part = open_group.aggregate(part=Min("part"))["part"]
    if part is None:
        return Game.objects.none()
    in_part = open_group.filter(part=part)
    return in_part.filter(round=in_part.aggregate(round=Min("round"))["round"])


def game_deadline(game: Game, limit: int | None) -> datetime.datetime | None:
    """When the time rule comes into force for an open, started game; else None."""
    if limit is None or game.started_at is None or game.status != Game.Status.OPEN:
        return None
    return game.started_at + datetime.timedelta(minutes=limit)


@dataclass(frozen=True)
class TimeRule:
    """The time rule of one game at one moment: ``since`` is its deadline once passed."""

    in_force: bool
    since: datetime.datetime | None


def time_rule_of(
    game: Game, limit: int | None, *, now: datetime.datetime | None = None
) -> TimeRule:
    """Whether the time rule is in force for ``game`` now (an ended game: never)."""
    deadline = game_deadline(game, limit)
    if deadline is None or deadline > (now or timezone.now()):
        return TimeRule(in_force=False, since=None)
    return TimeRule(in_force=True, since=deadline)


@dataclass(frozen=True)
class GameTime:
    """What a page shows of a game's time: when it started; its deadline (an open game
    of a tournament with a limit), whether that had passed when the page was drawn, and
    the rule's name. The page flips the notice itself at the deadline (``hall.js``)."""

    started_at: datetime.datetime | None
    deadline: datetime.datetime | None
    in_force: bool
    rule_name: str

    @property
    def deadline_ms(self) -> int | None:
        """The deadline in milliseconds since 1970 (what the page's script compares)."""
        return None if self.deadline is None else round(self.deadline.timestamp() * 1000)


def _game_time(game: Game, limit: int | None, name: str, now: datetime.datetime) -> GameTime:
    deadline = game_deadline(game, limit)
    return GameTime(
        started_at=game.started_at,
        deadline=deadline,
        in_force=deadline is not None and deadline <= now,
        rule_name=name,
    )


def game_time(game: Game, tournament: Tournament) -> GameTime:
    """One game's time (no query: the tournament's settings are loaded with it)."""
    return _game_time(game, time_limit_of(tournament), time_rule_name(tournament), timezone.now())


def games_time(games: Iterable[Game], tournament: Tournament) -> dict[int, GameTime]:
    """The time of each game, by game id (no query)."""
    limit, name, now = time_limit_of(tournament), time_rule_name(tournament), timezone.now()
    return {game.pk: _game_time(game, limit, name, now) for game in games}


@dataclass(frozen=True)
class TimedGame:
    """An open game whose time runs against a limit, as the projector lists it."""

    table: int
    round: int
    time: GameTime


def timed_games(tournament: Tournament, *, among: Iterable[Game] | None = None) -> list[TimedGame]:
    """The tournament's open, started games with their deadlines, by table: those of
    ``among`` (loaded with their tables: no query), else of the whole tournament (one
    query). None without a limit."""
    limit = time_limit_of(tournament)
    if limit is None:
        return []
    if among is None:
        among = (
            Game.objects.filter(tournament=tournament, status=Game.Status.OPEN)
            .exclude(started_at=None)
            .select_related("table")
        )
    name, now = time_rule_name(tournament), timezone.now()
    timed = [
        TimedGame(table=g.table.number, round=g.round, time=_game_time(g, limit, name, now))
        for g in among
        if g.status == Game.Status.OPEN and g.started_at is not None
    ]
    return sorted(timed, key=lambda g: (g.table, g.round))
