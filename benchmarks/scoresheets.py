"""Time the scoresheets of one full round: 126 players, 21 tables, 21 A4 pages.

Run: ``uv run python benchmarks/scoresheets.py [--out /tmp/round1.pdf]``

Builds a throwaway database (``_setup.setup_django``: SQLite in a temporary
file unless ``DATABASE_URL`` is set), migrates it, registers 126 participants
and draws the group stage, then prints

- our code: selectors + sheet building + template rendering + WeasyPrint
  (``tournaments.documents.pdf.scoresheets_pdf``), best of 3;
- WeasyPrint alone on the same HTML, best of 3;
- the difference (the cost of our own code), our part measured on its own,
  and the page count.
"""

from __future__ import annotations

import argparse
import io
import time
from collections.abc import Callable
from pathlib import Path

from _setup import setup_django

PARTICIPANTS = 126
REPEATS = 3


def best_of(repeats: int, work: Callable[[], bytes]) -> tuple[float, bytes]:
    """The fastest of ``repeats`` runs, in seconds, and the last output."""
    best = float("inf")
    output = b""
    for _ in range(repeats):
        start = time.perf_counter()
        output = work()
        best = min(best, time.perf_counter() - start)
    return best, output


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="also write the PDF here (e.g. /tmp/round1.pdf)")
    parser.add_argument("--repeats", type=int, default=REPEATS)
    args = parser.parse_args()

    setup_django()

    from datetime import date

    from pypdf import PdfReader

    from tournaments import services
    from tournaments.documents import pdf

    tournament = services.tournament_create(
        name="Benchmark-Meisterschaft", date=date(2027, 3, 13), language="de"
    )
    services.participants_register(
        tournament=tournament,
        items=[
            services.ParticipantInput(name=f"Spielerin {i:03d}", nationality="DE")
            for i in range(1, PARTICIPANTS + 1)
        ],
    )
    services.group_stage_draw(tournament=tournament, seed="benchmark")

    def absolute_uri(path: str) -> str:
        return f"https://turnier.example{path}"

    def ours() -> bytes:
        games = pdf.scoresheet_games(tournament, stage="group", round=1)
        return pdf.scoresheets_pdf(tournament, games, absolute_uri=absolute_uri)

    games = pdf.scoresheet_games(tournament, stage="group", round=1)
    html = pdf.scoresheets_html(tournament, games, absolute_uri=absolute_uri)

    def weasyprint_only() -> bytes:
        return pdf.html_to_pdf(html)

    def html_only() -> bytes:
        games = pdf.scoresheet_games(tournament, stage="group", round=1)
        return pdf.scoresheets_html(tournament, games, absolute_uri=absolute_uri).encode()

    ours_s, document = best_of(args.repeats, ours)
    html_s, _ = best_of(args.repeats, html_only)
    plain_s, _ = best_of(args.repeats, weasyprint_only)
    pages = len(PdfReader(io.BytesIO(document)).pages)
    if args.out:
        Path(args.out).write_bytes(document)

    print(f"participants: {PARTICIPANTS}, tables in round 1: {len(games)}, pages: {pages}")
    print(f"our code (queries + template + WeasyPrint), best of {args.repeats}: {ours_s:.3f} s")
    print(f"WeasyPrint alone on the same HTML, best of {args.repeats}: {plain_s:.3f} s")
    print(f"cost of our own code: {ours_s - plain_s:.3f} s ({ours_s / plain_s - 1:+.1%})")
    print(f"our part alone (queries, QR codes, template), best of {args.repeats}: {html_s:.3f} s")
    print(f"PDF size: {len(document) / 1024:.0f} KiB, per page: {ours_s / pages * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
