"""Public documents: rendered once per tournament state, throttled per address (issue 12)."""

from __future__ import annotations

import random
import threading
import time

import pytest
from django.db import connection, connections
from django.test import Client

from tests import factories
from tournaments import selectors
from tournaments.simulation import open_games, record_random_results


@pytest.fixture
def played(db, referee):
    tournament = factories.drawn_tournament(10, language="en")
    record_random_results(
        open_games(tournament, stage="group", rounds=[1]), rng=random.Random(3), referees=[referee]
    )
    return tournament


def _anonymous(address: str = "192.0.2.1") -> Client:
    return Client(REMOTE_ADDR=address)


@pytest.mark.django_db
def test_a_public_pdf_is_rendered_once_per_state(played, referee, monkeypatch):
    from tournaments.documents.pdf import StandingsPdf

    renders = []
    original = StandingsPdf.prepare

    def counting(self, *args, **kwargs):
        renders.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(StandingsPdf, "prepare", counting)
    path = f"/api/tournaments/{played.pk}/standings.pdf"
    first = _anonymous("192.0.2.1").get(path)
    second = _anonymous("192.0.2.2").get(path)
    assert first.status_code == second.status_code == 200
    assert first.content == second.content and first.content.startswith(b"%PDF")
    assert len(renders) == 1
    # A new result is a new state: rendered again, once.
    record_random_results(
        open_games(played, stage="group", rounds=[2])[:1],
        rng=random.Random(4),
        referees=[referee],
    )
    assert _anonymous().get(path).status_code == 200
    assert _anonymous("192.0.2.3").get(path).status_code == 200
    assert len(renders) == 2


@pytest.mark.django_db
def test_public_documents_are_throttled_per_address_but_not_for_staff(played, referee, settings):
    path = f"/api/tournaments/{played.pk}/standings.xlsx"
    noisy = _anonymous("192.0.2.66")
    answers = [noisy.get(path).status_code for _ in range(31)]
    assert answers[:30] == [200] * 30
    assert answers[30] == 429
    refused = noisy.get(path)
    assert refused.json()["errors"][0]["code"] == "throttled"
    assert int(refused["Retry-After"]) > 0
    # Another address, and staff from the same address, are served.
    assert _anonymous("192.0.2.67").get(path).status_code == 200
    staff = _anonymous("192.0.2.66")
    staff.force_login(referee)
    assert staff.get(path).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_a_burst_of_pdf_requests_leaves_a_referees_save_fast(referee, monkeypatch):
    """30 anonymous PDF requests at once while a referee saves (issue 25, 8): the save
    answers within 1 s, and the PDF is rendered once per state (twice: before and
    after the save), not once per request. Nobody waits for another's render: a
    request that finds the render of a state under way gets the previous state's
    document, or ``503`` with ``Retry-After`` while there is none yet."""
    if connection.vendor != "postgresql":
        pytest.skip("concurrent connections are tested on PostgreSQL (SQLite locks the file)")
    from tournaments import render_process

    renders: list[float] = []  # when each render ended (its bytes made in a render process)
    original = render_process.finish

    def counting(identifier, prepared):
        try:
            return original(identifier, prepared)
        finally:
            if identifier == "standings_pdf":
                renders.append(time.perf_counter())

    monkeypatch.setattr(render_process, "finish", counting)
    tournament = factories.drawn_tournament(20, language="en")
    record_random_results(
        open_games(tournament, stage="group", rounds=[1]), rng=random.Random(5), referees=[referee]
    )
    game = open_games(tournament, stage="group", rounds=[2]).first()
    path = f"/api/tournaments/{tournament.pk}/standings.pdf"
    started = threading.Barrier(31)
    answers: list[tuple[int, str | None, float, int]] = []  # status, Retry-After, when, n-th

    def hammer(index: int) -> None:
        try:
            client = _anonymous(f"198.51.100.{index}")
            started.wait()
            for nth in range(3):
                response = client.get(path)
                answers.append(
                    (response.status_code, response.get("Retry-After"), time.perf_counter(), nth)
                )
        finally:
            connections.close_all()

    threads = [threading.Thread(target=hammer, args=(i,)) for i in range(30)]
    for thread in threads:
        thread.start()
    started.wait()
    time.sleep(0.2)  # the burst is under way
    began = time.perf_counter()
    record_random_results([game], rng=random.Random(6), referees=[referee])
    save = time.perf_counter() - began
    for thread in threads:
        thread.join(timeout=120)
    # rules.md §12 "Bursts": all but the slowest of up to 100 saves within 1 s, every
    # one within 2 s. One save, beside another test worker on two cores: the 2 s bound.
    assert save < 2.0, f"the referee's save took {save:.2f} s"
    assert len(answers) == 90
    assert {status for status, *_ in answers} <= {200, 503}
    assert all(retry == "2" for status, retry, *_ in answers if status == 503)
    assert 1 <= len(renders) <= 2
    # Nobody is parked on the render. All 30 ask at once, one of them renders the first
    # state, and the others' first answers come while it still renders: a request
    # parked on the render would be answered only after it. (Measured as an order, not
    # a duration: one process, the render holds the GIL, and on CI beside another
    # worker even a 503 took 2 s.)
    firsts = [when for status, _, when, nth in answers if nth == 0 and status == 503]
    during = sum(when < renders[0] for when in firsts)
    assert len(firsts) >= 20 and during >= 20, (len(firsts), during)
    assert _anonymous("198.51.100.200").get(path).status_code == 200
    assert selectors.group_standings(tournament).games_recorded >= 1
