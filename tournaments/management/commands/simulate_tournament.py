from __future__ import annotations

import time
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Count

from scoring.formats import FormatKey
from scoring.statistics import Statistics
from tournaments.models import Game, Result
from tournaments.selectors import final_ranking, tournament_statistics
from tournaments.simulation import simulate_tournament


class Command(BaseCommand):
    help = (
        "Rehearse a whole tournament (each part of the qualifying stage drawn and played, "
        "the knockout to the champion) with random valid results recorded through the "
        "real services. A format with a final table stops after its qualifying stage."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--participants", "--players", type=int, default=126)
        parser.add_argument(
            "--format",
            choices=[key.value for key in FormatKey],
            default=FormatKey.GERMAN_CHAMPIONSHIP,
        )
        parser.add_argument("--seed", default="rehearsal")
        parser.add_argument("--ruleset", choices=["bang", "showdown"], default="bang")

    def handle(self, *args: Any, **options: Any) -> None:
        organiser, _created = User.objects.get_or_create(
            username="rehearsal", defaults={"is_active": False}
        )
        start = time.perf_counter()
        timings: dict[str, float] = {}
        tournament = simulate_tournament(
            participants=options["participants"],
            seed=options["seed"],
            organiser=organiser,
            ruleset=options["ruleset"],
            format=options["format"],
            timings=timings,
        )
        elapsed = time.perf_counter() - start
        rows = (
            Game.objects.filter(tournament=tournament)
            .values("stage", "part")
            .annotate(n=Count("id"))
            .order_by("stage", "part")
        )
        counts: dict[str, int] = {}
        parts: list[str] = []
        for row in rows:
            counts[row["stage"]] = counts.get(row["stage"], 0) + row["n"]
            if row["stage"] == "group":
                parts.append(f"part {row['part']}: {row['n']}")
        group = f"{counts.get('group', 0)} group games"
        if len(parts) > 1:
            group += f" ({', '.join(parts)})"
        results = Result.objects.filter(game__tournament=tournament).count()
        self.stdout.write(
            f"Tournament #{tournament.pk}: "
            f"{options['participants']} participants, {group}, "
            f"{counts.get('knockout', 0)} knockout games, "
            f"{counts.get('final', 0)} final-table games, {results} results recorded."
        )
        self.stdout.write(
            "Timings: "
            + ", ".join(f"{label} {seconds:.2f} s" for label, seconds in timings.items())
        )
        ranking = final_ranking(tournament)
        champion = ranking.champion
        if champion is None:
            raise CommandError("The rehearsal ended without a champion.")
        holder = ranking.title_holder
        self.stdout.write(f"Champion: {champion} ({champion.nationality})")
        self.stdout.write(
            f"Title holder (best-placed {ranking.title_nationality}): {holder or '—'}"
        )
        self.stdout.write(
            "What chance alone looks like (the group games generated, as the statistics "
            "page counts them):"
        )
        for line in statistics_lines(tournament_statistics(tournament)):
            self.stdout.write(line)
        self.stdout.write(self.style.SUCCESS(f"Simulated in {elapsed:.2f} s."))


def statistics_lines(statistics: Statistics) -> list[str]:
    """The statistics as plain text: per size, each side's wins, rate and 95 % interval."""
    lines = []
    for table in statistics.tables:
        lines.append(f"  {table.size} players, {table.games} games:")
        for count in table.sides:
            low, high = count.ci95
            lines.append(
                f"    {count.side.value:<9} {count.wins:>4} wins  {count.rate:6.1%}  "
                f"95% interval {low:.3f}-{high:.3f}"
            )
        lines.append(
            f"    final duels {table.final_duels}, "
            f"Deputy eliminated the Sheriff {table.deputy_killed_sheriff}"
        )
        by_round = ", ".join(f"{r.round}: {r.wins}/{r.games}" for r in table.law_by_round)
        lines.append(f"    law wins by round (Sheriff's position) {by_round}")
    return lines
