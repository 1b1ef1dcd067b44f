"""A season's state, and its ranking computed once per state (rules.md §13).

- A season's **state** (``SeasonState``) is its own ``version`` (raised by every
  change of its list of tournaments or weights, ``services.seasons``), the
  number of its tournaments and the sum of their live versions (every audited
  change of a tournament, player links, merges and erasures included, raises
  one). Live versions only rise and a tournament joins or leaves a season
  only with a new season version (or leaves by being deleted, which lowers
  the count for good), so equal triples are equal states. ``with_state``
  reads it in the query that loads the season, as ``with_phase`` does for a
  tournament's phase.
- ``season_standing`` is ``selectors.season_standing`` kept in Django's cache
  per state: a repeat costs the season's query and one cache read. On a
  change each tournament's record (``selectors.tournament_record``) is kept
  per state of that tournament, so a result in one tournament recomputes that
  one record and the season's sums, not the other tournaments.

The pages, the API, the documents and the player page all read the ranking
here; the selectors know no cache. The kept ranking is the same in every
language; an erased player's placeholder is said in the reader's
(``names.shown_placeholder``) as it is read.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.core.cache import cache
from django.db.models import Count, QuerySet, Sum
from django.db.models.functions import Coalesce

from tournaments.models import Season, Tournament
from tournaments.names import shown_placeholder
from tournaments.selectors.seasons import SeasonStanding, TournamentRecord, tournament_record
from tournaments.selectors.seasons import season_standing as compute_standing

from .store import STATE_RENDER_SECONDS, once_per_state

__all__ = ["SeasonState", "season_standing", "season_state", "with_state"]


@dataclass(frozen=True)
class SeasonState:
    season: int
    version: int
    tournaments: int
    live_versions: int

    @property
    def tag(self) -> str:
        """A short text that changes with the state (the cache key's and the ETag's)."""
        return f"season-{self.season}-{self.version}-{self.tournaments}-{self.live_versions}"


def with_state(seasons: QuerySet[Season]) -> QuerySet[Season]:
    """``seasons`` annotated with what ``season_state`` needs (no extra query)."""
    return seasons.annotate(
        state_tournaments=Count("entries"),
        state_live_versions=Coalesce(Sum("entries__tournament__live_version"), 0),
    )


def season_state(season: Season) -> SeasonState:
    """The season's state: no query where it was loaded ``with_state``, else one."""
    if not hasattr(season, "state_live_versions"):
        season = with_state(Season.objects.filter(pk=season.pk)).get()
    return SeasonState(
        season=season.pk,
        version=season.version,
        tournaments=getattr(season, "state_tournaments"),  # noqa: B009 - an annotation
        live_versions=getattr(season, "state_live_versions"),  # noqa: B009
    )


def season_standing(season: Season, *, state: SeasonState | None = None) -> SeasonStanding:
    """The season ranking, computed once per state of the season (``state``: read
    here unless the caller has it)."""
    known = state if state is not None else season_state(season)

    def record_of(tournament: Tournament) -> TournamentRecord:
        return once_per_state(
            kind="season-record",
            tournament_id=tournament.pk,
            variant="",
            version=tournament.live_version,
            render=lambda: tournament_record(tournament),
        )

    standing: SeasonStanding | None = cache.get_or_set(
        f"live:season-standing:{known.tag}",
        lambda: compute_standing(season, record_of=record_of),
        timeout=STATE_RENDER_SECONDS,
    )
    assert standing is not None
    return replace(
        standing,
        rows=[replace(row, name=shown_placeholder(row.name)) for row in standing.rows],
        unranked=[replace(row, name=shown_placeholder(row.name)) for row in standing.unranked],
    )
