"""A season: points per tournament, the season ranking, qualification, a rating (rules.md §13).

Words used here:

- An **entrant** is who the season ranks: a player known across tournaments, or
  a participant without a player link, who counts as a player of its own. Here
  an entrant is any hashable key; the Django side uses ``("player", id)`` and
  ``("participant", id)``.
- An **event** is one of the season's tournaments that has a final ranking: its
  ``weight`` and the final **place** of each of its N *ranked* participants
  (excluded participants are not ranked, so they are not in ``places``).
- **Place points**: place p of N earns ``1000 x (N - p) / (N - 1)`` (N = 1: 1000);
  those sharing a place get the mean of the place points of the places they
  cover. A **result** is an entrant's place in one event; its **season points**
  are the event's weight times its place points. Everything is exact
  (``fractions.Fraction``); rounding is for display only.
- The **score** is the sum of an entrant's ``best_of`` highest season points;
  those results are **counted**, the others listed but not counted.
- The **ranking** orders entrants with at least ``min_events`` results by score,
  then more results, then the higher best single result; equal on all three
  share the rank (1, 2, 2, 4). Entrants with fewer results are **unranked**.
- **Qualification**: with K qualifiers, every ranked entrant whose rank is at
  most K qualifies (a shared K-th rank qualifies all who share it); the
  places beyond K that makes are the **extra qualifiers**.
- The **rating** is OpenSkill's Plackett-Luce estimate over the season's counted
  games (winners share first place, everyone else second), shown as mu - 3sigma.
  It is unofficial: it never decides a rank or a qualification.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, Protocol, TypeVar

__all__ = [
    "Event",
    "Rating",
    "Result",
    "Row",
    "SeasonRanking",
    "place_points",
    "rank_key",
    "rating",
    "season_ranking",
]

K = TypeVar("K", bound=Hashable)

MAX_POINTS = 1000


def _single_place_points(place: int, size: int) -> Fraction:
    if size == 1:
        return Fraction(MAX_POINTS)
    return Fraction(MAX_POINTS * (size - place), size - 1)


def place_points(places: Mapping[K, int]) -> dict[K, Fraction]:
    """The place points of every ranked participant of one tournament.

    ``places`` maps each ranked participant to their final place (1 = best);
    N is the number of entries. Those sharing place p (k of them) cover places
    p .. p + k - 1 and each get the mean of those places' points.
    """
    size = len(places)
    sharing: dict[int, int] = defaultdict(int)
    for place in places.values():
        if place < 1 or place > size:
            raise ValueError(f"place {place} is outside 1..{size}")
        sharing[place] += 1
    per_place: dict[int, Fraction] = {}
    above = 0
    for place in sorted(sharing):
        if place != above + 1:
            raise ValueError(f"place {place} follows {above} better places")
        above += sharing[place]
    for place, count in sharing.items():
        total = sum(
            (_single_place_points(p, size) for p in range(place, place + count)), Fraction(0)
        )
        per_place[place] = total / count
    return {entrant: per_place[place] for entrant, place in places.items()}


@dataclass(frozen=True)
class Event(Generic[K]):
    """One counted tournament: its key, weight and the places of its ranked entrants."""

    key: Hashable
    weight: Fraction
    places: Mapping[K, int]


@dataclass(frozen=True)
class Result:
    """An entrant's place in one event, its season points and whether it counts."""

    event: Hashable
    place: int
    points: Fraction
    counted: bool


@dataclass(frozen=True)
class Row(Generic[K]):
    """One entrant of the season: ``rank`` is None while not ranked yet."""

    entrant: K
    rank: int | None
    score: Fraction
    events: int
    best: Fraction
    qualified: bool
    results: tuple[Result, ...]


class Ranked(Protocol):
    """Anything ranked like a season row: a score, a number of results, a best result."""

    @property
    def score(self) -> Fraction: ...
    @property
    def events(self) -> int: ...
    @property
    def best(self) -> Fraction: ...


def rank_key(row: Ranked) -> tuple[Fraction, int, Fraction]:
    """The season's order: the higher score, then more results, then the higher best
    result. Rows equal on all three share a rank."""
    return (-row.score, -row.events, -row.best)


@dataclass(frozen=True)
class SeasonRanking(Generic[K]):
    rows: list[Row[K]]
    unranked: list[Row[K]]
    qualifiers: int
    extra_qualifiers: int = 0


def season_ranking(
    events: Sequence[Event[K]],
    *,
    best_of: int = 5,
    min_events: int = 1,
    qualifiers: int = 0,
) -> SeasonRanking[K]:
    """The season ranking of everyone with a result in ``events`` (rules.md §13).

    ``events`` are the season's tournaments with a final ranking, in the
    season's order (which also orders an entrant's results). Within a shared
    rank rows keep the order of their first result (callers may re-sort by
    name). Equal season points compete for the ``best_of`` by event order.
    """
    if best_of < 1 or min_events < 0 or qualifiers < 0:
        raise ValueError("best_of must be at least 1; min_events and qualifiers not negative")
    results: dict[K, list[tuple[int, Result]]] = defaultdict(list)
    for index, event in enumerate(events):
        points = place_points(event.places)
        for entrant, place in event.places.items():
            results[entrant].append(
                (
                    index,
                    Result(
                        event=event.key,
                        place=place,
                        points=event.weight * points[entrant],
                        counted=False,
                    ),
                )
            )
    built: list[Row[K]] = []
    for entrant, own in results.items():
        by_points = sorted(own, key=lambda item: (-item[1].points, item[0]))
        counted_index = {index for index, _result in by_points[:best_of]}
        marked = tuple(
            Result(event=r.event, place=r.place, points=r.points, counted=i in counted_index)
            for i, r in sorted(own, key=lambda item: item[0])
        )
        built.append(
            Row(
                entrant=entrant,
                rank=None,
                score=sum((r.points for r in marked if r.counted), Fraction(0)),
                events=len(marked),
                best=max(r.points for r in marked),
                qualified=False,
                results=marked,
            )
        )
    ranked_rows = sorted((r for r in built if r.events >= min_events), key=rank_key)
    unranked = sorted((r for r in built if r.events < min_events), key=rank_key)
    rows: list[Row[K]] = []
    for position, row in enumerate(ranked_rows, start=1):
        previous = rows[-1] if rows else None
        rank = previous.rank if previous and rank_key(previous) == rank_key(row) else position
        assert rank is not None
        qualified = qualifiers > 0 and rank <= qualifiers
        rows.append(
            Row(
                entrant=row.entrant,
                rank=rank,
                score=row.score,
                events=row.events,
                best=row.best,
                qualified=qualified,
                results=row.results,
            )
        )
    qualified_count = sum(1 for r in rows if r.qualified)
    return SeasonRanking(
        rows=rows,
        unranked=unranked,
        qualifiers=qualifiers,
        extra_qualifiers=max(0, qualified_count - qualifiers) if qualifiers else 0,
    )


@dataclass(frozen=True)
class Rating:
    """OpenSkill's estimate of one entrant: mu, sigma and the shown mu - 3sigma."""

    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        return self.mu - 3 * self.sigma


def rating(games: Sequence[Sequence[tuple[K, bool]]]) -> dict[K, Rating]:
    """The unofficial rating after ``games`` in the order played (rules.md §13).

    Each game is its seats as (entrant, won): one match of teams of one, the
    winners share first place, everyone else shares second. Plackett-Luce with
    the package's default parameters. A game with fewer than two players says
    nothing about anyone and is skipped.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current: dict[K, object] = {}
    for game in games:
        if len(game) < 2:
            continue
        teams = []
        for entrant, _won in game:
            if entrant not in current:
                current[entrant] = model.rating()
            teams.append([current[entrant]])
        ranks = [1 if won else 2 for _entrant, won in game]
        rated = model.rate(teams, ranks=ranks)  # type: ignore[arg-type]
        for (entrant, _won), team in zip(game, rated, strict=True):
            current[entrant] = team[0]
    return {
        entrant: Rating(mu=float(r.mu), sigma=float(r.sigma))  # type: ignore[attr-defined]
        for entrant, r in current.items()
    }
