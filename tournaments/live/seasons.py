"""A season's state, and its ranking computed once per state (rules.md §13).

- A season's **state** (``SeasonState``) is its own ``version`` (raised by every
  change of its tournaments or weights, ``services.seasons``) and the live
  version of each of its tournaments (every audited change of a tournament,
  player links, merges and erasures included, raises it). One query reads the
  tournaments' versions, for one season or for many.
- ``season_standing`` is ``selectors.season_standing`` kept in Django's cache
  per state: a repeat costs that query and one cache read. On a change each
  tournament's record (``selectors.tournament_record``) is kept per state of
  that tournament, so a result in one tournament recomputes that one record
  and the season's sums, not the other tournaments.

The pages, the API, the documents and the player page all read the ranking
here; the selectors know no cache.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from django.core.cache import cache

from tournaments.models import Season, SeasonTournament, Tournament
from tournaments.selectors.seasons import SeasonStanding, TournamentRecord, tournament_record
from tournaments.selectors.seasons import season_standing as compute_standing

from .store import STATE_RENDER_SECONDS, once_per_state

__all__ = ["SeasonState", "season_standing", "season_state", "season_states"]


@dataclass(frozen=True)
class SeasonState:
    season: int
    version: int
    #: (tournament id, its live version) of every tournament of the season, by id.
    tournaments: tuple[tuple[int, int], ...]

    @property
    def tag(self) -> str:
        """A short text that changes with the state (the cache key's and the ETag's)."""
        text = ",".join(f"{t}.{v}" for t, v in self.tournaments)
        digest = hashlib.blake2s(text.encode(), digest_size=8).hexdigest()
        return f"season-{self.season}-{self.version}-{digest}"

    def live_version(self, tournament_id: int) -> int:
        return dict(self.tournaments).get(tournament_id, 0)


def season_states(seasons: Iterable[Season]) -> dict[int, SeasonState]:
    """The state of each of ``seasons`` (loaded: their version is read from them), one query."""
    by_id = {season.pk: season for season in seasons}
    versions: dict[int, list[tuple[int, int]]] = {pk: [] for pk in by_id}
    for season_id, tournament_id, live_version in (
        SeasonTournament.objects.filter(season_id__in=list(by_id))
        .order_by("season_id", "tournament_id")
        .values_list("season_id", "tournament_id", "tournament__live_version")
    ):
        versions[season_id].append((tournament_id, live_version))
    return {
        pk: SeasonState(season=pk, version=season.version, tournaments=tuple(versions[pk]))
        for pk, season in by_id.items()
    }


def season_state(season: Season) -> SeasonState:
    """The state of ``season`` (one query)."""
    return season_states([season])[season.pk]


def season_standing(season: Season, *, state: SeasonState | None = None) -> SeasonStanding:
    """The season ranking, computed once per state of the season (``state``: read
    here unless the caller has it)."""
    known = state if state is not None else season_state(season)

    def record_of(tournament: Tournament) -> TournamentRecord:
        return once_per_state(
            kind="season-record",
            tournament_id=tournament.pk,
            variant="",
            version=known.live_version(tournament.pk),
            render=lambda: tournament_record(tournament),
        )

    standing: SeasonStanding | None = cache.get_or_set(
        f"live:season-standing:{known.tag}",
        lambda: compute_standing(season, record_of=record_of),
        timeout=STATE_RENDER_SECONDS,
    )
    assert standing is not None
    return standing
