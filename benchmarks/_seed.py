"""Seed the load benchmarks' database (run by ``_server.prepare`` with production settings).

    python benchmarks/_seed.py PARTICIPANTS

Makes, through the real services:

- the **hall** tournament: PARTICIPANTS players drawn, group rounds 1 to 3
  recorded, round 4 open at every table, with a valid result prepared (not
  recorded) for each open game as the API's JSON body;
- a **finished** tournament of the same size (knockout to the champion);
- a referee account with an API token per open game of the hall.

Prints one JSON line: the ids, the tokens and the prepared results.
"""

from __future__ import annotations

import json
import random
import sys
from datetime import date

import django


def main() -> None:
    participants = int(sys.argv[1]) if len(sys.argv) > 1 else 126
    django.setup()

    from django.contrib.auth.models import User
    from rest_framework.authtoken.models import Token

    from scoring.simulate import random_result
    from tournaments import selectors, services
    from tournaments.models import Stage
    from tournaments.simulation import open_games, record_random_results, simulate_tournament

    rng = random.Random("hall")
    organiser = User.objects.create_superuser("bench-organiser", password=None)
    hall = services.tournament_create(
        name=f"Halle {participants}",
        date=date(2027, 3, 13),
        settings={"max_participants": max(participants, 126)},
        actor=organiser,
    )
    services.participants_register(
        tournament=hall,
        items=[
            services.ParticipantInput(name=f"Spielerin {i:04d}", nationality="DE")
            for i in range(1, participants + 1)
        ],
        actor=organiser,
    )
    services.group_stage_draw(tournament=hall, seed="hall", actor=organiser)
    record_random_results(
        open_games(hall, stage=Stage.GROUP, rounds=[1, 2, 3]), rng=rng, referees=[organiser]
    )
    saves = []
    for number, game in enumerate(open_games(hall, stage=Stage.GROUP, rounds=[4]), start=1):
        referee = User.objects.create_user(f"bench-referee-{number}", password=None)
        services.staff_appoint(tournament=hall, user=referee, role="referee", actor=organiser)
        reports, winner = random_result(selectors.game_spec(game), rng)
        body = {
            "seats": [
                {
                    "position": r.position,
                    "role": r.role.value if r.role else None,
                    "character": r.character,
                    "lives": r.lives,
                    "eliminated_by": r.eliminated_by,
                    "final_duel": r.final_duel,
                }
                for r in reports
            ],
            "winner": winner,
            "signed": True,
        }
        token = Token.objects.create(user=referee).key
        saves.append(
            {
                "game": game.pk,
                "table": game.table.number,
                "round": game.round,
                "token": token,
                "body": body,
            }
        )
    finished = simulate_tournament(
        participants=participants, seed="finished", organiser=organiser, name="Beendet"
    )
    player = hall.participants.order_by("id").values_list("id", flat=True)[participants // 2]
    print(
        json.dumps(
            {
                "hall": hall.pk,
                "finished": finished.pk,
                "player": player,
                "saves": saves,
            }
        )
    )


if __name__ == "__main__":
    main()
