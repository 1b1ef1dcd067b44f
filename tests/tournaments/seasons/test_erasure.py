"""Erasure on request (rules.md §13): the name leaves every page, answer, document, cache,
audit entry and archive; places and season points stay."""

from __future__ import annotations

import io
import json
from datetime import date

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from tests import factories
from tests.tournaments.seasons.helpers import finished_tournament, names
from tournaments import services
from tournaments.models import AuditEntry, Game, Penalty, Player, TournamentArchive

pytestmark = pytest.mark.django_db

NAME = "Zacharias Quellenberg"
PLACEHOLDER = "Gelöschter Spieler 1"


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(content)).pages)


def xlsx_text(content: bytes) -> str:
    book = load_workbook(io.BytesIO(content), read_only=True)
    return "\n".join(
        str(value) for sheet in book for row in sheet.iter_rows(values_only=True) for value in row
    )


def text_of(response) -> str:
    kind = response.get("Content-Type", "")
    if kind.startswith("application/pdf"):
        return pdf_text(response.content)
    if "spreadsheetml" in kind:
        return xlsx_text(response.content)
    return response.content.decode()


def everything(client, staff_client, tournaments, season, player) -> dict[str, str]:
    """The text of every page, API answer and document that may show a participant."""
    urls = ["/", "/seasons/", f"/seasons/{season.pk}/", f"/seasons/{season.pk}/projector/"]
    urls += [f"/players/{player.pk}/", "/api/players/", f"/api/players/{player.pk}/"]
    urls += [f"/api/seasons/{season.pk}/", f"/api/seasons/{season.pk}/ranking/"]
    urls += [f"/api/seasons/{season.pk}/ranking.pdf", f"/api/seasons/{season.pk}/ranking.xlsx"]
    staff_urls = []
    for t in tournaments:
        base = f"/t/{t.pk}/"
        urls += [base + p for p in ("", "leaderboard/", "leaderboard/live/", "projector/")]
        urls += [base + p for p in ("projector/live/", "seating/", "knockout/", "ranking/")]
        urls += [base + "statistics/"]
        urls += [f"{base}players/{p.pk}/" for p in t.participants.all()]
        api = f"/api/tournaments/{t.pk}/"
        urls += [api + p for p in ("", "participants/", "standings/", "ranking/", "games/")]
        urls += [api + p for p in ("knockout/", "group-stage/draw/", "penalties/", "archive/")]
        urls += [api + p for p in ("standings.pdf", "ranking.pdf", "seating.pdf")]
        urls += [api + p for p in ("standings.xlsx", "results.xlsx")]
        urls += [f"/api/games/{g.pk}/" for g in Game.objects.filter(tournament=t)[:5]]
        for archive in TournamentArchive.objects.filter(tournament=t, withdrawn=None):
            urls.append(f"/api/tournaments/{t.pk}/archive/{archive.version}.json")
        staff_urls += [api + "participants/", api + "audit/", f"/t/{t.pk}/staff/participants/"]
        staff_urls += [f"/api/games/{g.pk}/history/" for g in Game.objects.filter(tournament=t)[:5]]
    found = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        found[url] = text_of(response)
    for url in staff_urls:
        response = staff_client.get(url)
        assert response.status_code == 200, url
        found["staff " + url] = text_of(response)
    return found


def test_erasure_removes_the_name_everywhere_and_keeps_every_place(client, organiser, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"documents": "10000/min"},
    }
    factories.ensure_reference_data()
    player = services.player_create(name=NAME, nationality="DE")
    spring = finished_tournament(
        [NAME, *names("S", 9)], organiser=organiser, seed="spring", players={NAME: player}
    )
    autumn = finished_tournament(
        [NAME, *names("A", 9)],
        organiser=organiser,
        seed="autumn",
        day=date(2027, 10, 1),
        players={NAME: player},
    )
    mine = {p.tournament_id: p for p in player.participants.all()}
    services.participant_update(
        participant=mine[spring.pk],
        data=services.ParticipantInput(
            name=NAME, nationality="DE", birth_date=date(1991, 2, 3), age_approved=True
        ),
        actor=organiser,
    )
    services.penalty_give(
        participant=spring.participants.get(name="S 01"),
        kind=Penalty.Kind.WARNING,
        reason=f"Argued with {NAME}",
        actor=organiser,
    )
    season = services.season_create(name="Saison", qualifiers=2, actor=organiser)
    for t in (spring, autumn):
        services.season_tournament_add(season=season, tournament=t, weight=1)
    old_archive = services.archive_create(tournament=spring, actor=organiser)
    staff_client = type(client)()
    staff_client.force_login(organiser)
    before_ranking = client.get(f"/api/seasons/{season.pk}/ranking/").json()
    before_places = {
        t.pk: client.get(f"/api/tournaments/{t.pk}/ranking/").json()["rows"]
        for t in (spring, autumn)
    }
    before = everything(client, staff_client, [spring, autumn], season, player)  # fills caches
    assert any(NAME in text for text in before.values())
    assert NAME in bytes(old_archive.content).decode()

    admin = factories.make_user(is_superuser=True)
    staff_client.force_login(admin)
    answer = staff_client.post(
        f"/api/players/{player.pk}/erase/", {"confirm": NAME}, content_type="application/json"
    )
    assert answer.status_code == 200
    assert answer.json()["name"] == PLACEHOLDER
    assert answer.json()["nationality"] == "DE"
    staff_client.force_login(organiser)

    after = everything(client, staff_client, [spring, autumn], season, player)
    leaks = [url for url, text in after.items() if NAME in text or "Quellenberg" in text]
    assert leaks == []
    assert any(PLACEHOLDER in after[url] for url in after if url.endswith("/ranking/"))
    assert PLACEHOLDER in after[f"/seasons/{season.pk}/"]
    assert PLACEHOLDER in after[f"/api/tournaments/{spring.pk}/ranking.pdf"]
    assert PLACEHOLDER in after[f"/api/seasons/{season.pk}/ranking.xlsx"]
    # Audit entries and archives of the server, read from the database.
    stored = [json.dumps([e.before, e.after], ensure_ascii=False) for e in AuditEntry.objects.all()]
    assert not [s for s in stored if "Quellenberg" in s]
    assert not any(
        "Quellenberg" in bytes(a.content).decode() for a in TournamentArchive.objects.all()
    )
    assert "Quellenberg" not in Penalty.objects.get(tournament=spring).reason
    for t in (spring, autumn):
        erased = AuditEntry.objects.get(tournament=t, action="player_erased")
        assert erased.after == {"player": player.pk, "number": 1}
    # Private data is gone; nationality stays.
    staff = client.get(f"/api/tournaments/{spring.pk}/participants/")
    staff_view = staff_client.get(f"/api/tournaments/{spring.pk}/participants/").json()
    row = next(p for p in staff_view if p["id"] == mine[spring.pk].pk)
    assert row["birth_date"] is None and row["pin"] is None and row["age_approved"] is False
    assert row["name"] == PLACEHOLDER and row["nationality"] == "DE"
    assert staff.status_code == 200
    # The old archive keeps only its hash and answers 410; a new version replaces it.
    archives = client.get(f"/api/tournaments/{spring.pk}/archive/").json()
    assert [(a["version"], a["withdrawn"]) for a in archives] == [(1, "erasure"), (2, None)]
    assert archives[0]["sha256"] == old_archive.sha256
    gone = client.get(f"/api/tournaments/{spring.pk}/archive/1.json")
    assert gone.status_code == 410 and gone.json()["errors"][0]["code"] == "withdrawn"
    assert PLACEHOLDER in client.get(archives[1]["url"]).content.decode()
    # Every place and every season point is unchanged.
    after_ranking = client.get(f"/api/seasons/{season.pk}/ranking/").json()

    def points(ranking):
        return [
            (r["rank"], r["player"], r["participant"], r["score"], r["results"])
            for r in ranking["rows"]
        ]

    assert points(after_ranking) == points(before_ranking)
    for t in (spring, autumn):
        rows = client.get(f"/api/tournaments/{t.pk}/ranking/").json()["rows"]
        assert [(r["participant"], r["place"]) for r in rows] == [
            (r["participant"], r["place"]) for r in before_places[t.pk]
        ]


def test_erasure_is_for_site_administrators_and_numbers_each_player_once(api, organiser):
    first = services.player_create(name="One", nationality="DE")
    second = services.player_create(name="Two", nationality="DE")
    api.force_authenticate(organiser)
    assert api.post(f"/api/players/{first.pk}/erase/", {"confirm": "One"}).status_code == 403
    admin = factories.make_user(is_superuser=True)
    services.player_erase(player=first, confirm="One", actor=admin)
    services.player_erase(player=second, confirm="two", actor=admin)  # case aside
    # Again, confirmed with the placeholder (the name now): the same number.
    services.player_erase(player=first, confirm="Gelöschter Spieler 1", actor=admin)
    assert list(Player.objects.order_by("id").values_list("erased_number", "name")) == [
        (1, "Gelöschter Spieler 1"),
        (2, "Gelöschter Spieler 2"),
    ]
