"""The organiser's format page (rules.md §14): the format and its structure before the
first draw, the points grid and the bonuses at any time, each change audited."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from scoring.bounty import Split
from scoring.rulesets import Role, Side
from tests import factories
from tests.language import in_english
from tournaments import services
from tournaments.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Client:
    client = in_english(Client(HTTP_ACCEPT_LANGUAGE="en"))
    client.force_login(factories.make_organiser())
    return client


def page_form(client: Client, tournament) -> dict[str, str]:
    """The settings form as the browser would send it unchanged (every input's value)."""
    html = client.get(reverse("staff:format", args=[tournament.pk])).content.decode()
    form = html[html.index('value="settings"') :]
    data = {"action": "settings"}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        if not name or name.group(1) in ("action", "csrfmiddlewaretoken"):
            continue
        if 'type="checkbox"' in tag:
            if "checked" in tag:
                data[name.group(1)] = "on"
            continue
        if " disabled" in tag:
            continue
        value = re.search(r'value="([^"]*)"', tag)
        data[name.group(1)] = value.group(1) if value else ""
    for attrs, options in re.findall(r"<select([^>]*)>(.*?)</select>", form, re.S):
        if " disabled" in attrs:
            continue
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', options)
        data[re.search(r'name="([^"]+)"', attrs).group(1)] = chosen.group(1) if chosen else ""
    return data


def post(client: Client, tournament, **changes: str):
    data = {**page_form(client, tournament), **changes}
    return client.post(reverse("staff:format", args=[tournament.pk]), data)


def test_choosing_the_czech_format_starts_from_its_preset_and_is_audited(client):
    tournament = factories.make_tournament(settings={"bounty_sheriff_5": 3000})
    response = client.post(
        reverse("staff:format", args=[tournament.pk]),
        {"action": "format", "format": "czech_club", "version": tournament.version},
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.format == "czech_club"
    assert "bounty_sheriff_5" not in tournament.settings  # the old format's settings go
    assert tournament.config.format.table_sizes == (5, 4)
    entry = AuditEntry.objects.filter(tournament=tournament, action="settings_changed").last()
    assert entry.after["format"] == "czech_club"


def test_the_grid_shows_the_preset_with_splits_in_words(client):
    tournament = factories.make_tournament(format="czech_club")
    html = client.get(reverse("staff:format", args=[tournament.pk])).content.decode()
    # 5 players, Sheriff and Deputy win: the Deputy alive 35, dead 20.
    deputy = re.search(r'data-cell="5_law_deputy".*?</div>', html, re.S).group(0)
    assert "alive" in deputy and "dead" in deputy
    assert 'name="cell_5_law_deputy_then"' in deputy and 'value="35"' in deputy
    assert 'name="cell_5_law_deputy_else"' in deputy and 'value="20"' in deputy
    renegade = re.search(r'data-cell="4_renegade_renegade".*?</div>', html, re.S).group(0)
    assert 'value="50"' in renegade
    # A table of 4 has no Deputy.
    assert 'data-cell="4_law_deputy"' not in html


def test_one_cell_changed_stores_only_that_cell_and_is_audited(client):
    tournament = factories.make_tournament(format="czech_club")
    response = post(client, tournament, cell_5_renegade_renegade="80")
    assert response.status_code == 302, response.content.decode()[:3000]
    tournament.refresh_from_db()
    assert tournament.settings == {"points": {"5": {"renegade": {"renegade": 80}}}}
    fmt = tournament.config.format
    assert fmt.points[5][Side.RENEGADE][Role.RENEGADE] == 80
    assert fmt.points[5][Side.LAW][Role.DEPUTY] == Split("alive", 35, 20)
    entry = AuditEntry.objects.filter(tournament=tournament, action="settings_changed").last()
    assert entry.after["points"]["5"]["renegade"]["renegade"] == 80
    assert entry.before["points"]["5"]["renegade"]["renegade"] == 75


def test_a_split_cell_keeps_its_condition(client):
    tournament = factories.make_tournament(format="czech_club")
    post(client, tournament, cell_5_law_deputy_then="40", cell_5_law_deputy_else="10")
    tournament.refresh_from_db()
    assert tournament.config.format.points[5][Side.LAW][Role.DEPUTY] == Split("alive", 40, 10)


def test_the_structure_changes_before_the_draw(client):
    tournament = factories.make_tournament(format="czech_club")
    response = post(
        client,
        tournament,
        part_3_games="1",
        part_3_redraw="on",
        time_limit_minutes="20",
        tie_break_3="",
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    fmt = tournament.config.format
    assert len(fmt.parts) == 3 and fmt.parts[2].games == 1 and fmt.parts[2].redraw
    assert fmt.time_limit_minutes == 20
    assert fmt.tie_breaks == ("points", "wins")


def test_a_refused_setting_is_shown_at_its_field(client):
    tournament = factories.make_tournament(format="czech_club")
    response = post(client, tournament, table_sizes="5, 9")
    assert response.status_code == 200
    html = response.content.decode()
    field = re.search(
        r'<div class="field has-error">\s*<label for="id_table_sizes".*?</div>', html, re.S
    )
    assert field and "table sizes from 4" in field.group(0)
    tournament.refresh_from_db()
    assert tournament.settings == {}


def test_after_the_draw_only_the_amounts_change(client):
    tournament = factories.make_tournament(format="czech_club")
    factories.add_participants(tournament, 9)
    services.group_stage_draw(tournament=tournament, seed="x")
    html = client.get(reverse("staff:format", args=[tournament.pk])).content.decode()
    assert 'data-testid="format-locked"' in html
    assert 'name="format"' not in html  # the choice is shown, not offered
    assert re.search(r'<input[^>]*name="table_sizes"[^>]*disabled', html)
    response = post(client, tournament, cell_4_law_sheriff="31", time_limit_minutes="99")
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.settings == {"points": {"4": {"law": {"sheriff": 31}}}}
    assert tournament.config.format.time_limit_minutes == 15


def test_a_format_choice_sent_after_the_draw_is_refused_in_words(client):
    tournament = factories.make_tournament()
    factories.add_participants(tournament, 10)
    services.group_stage_draw(tournament=tournament, seed="x")
    response = client.post(
        reverse("staff:format", args=[tournament.pk]),
        {"action": "format", "format": "czech_club", "version": tournament.version},
    )
    assert response.status_code == 200
    assert "cannot change after the first draw" in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.format == "german_championship"


def test_a_stored_german_key_gives_way_to_the_cell_it_names(client):
    tournament = factories.make_tournament(settings={"bounty_final_duel": 1000})
    post(client, tournament, cell_6_law_renegade_then="1200")
    tournament.refresh_from_db()
    points = tournament.config.format.points
    assert points[6][Side.LAW][Role.RENEGADE] == Split("final_duel", 1200, 0)
    assert points[5][Side.LAW][Role.RENEGADE] == Split("final_duel", 1000, 0)
    assert "bounty_final_duel" not in tournament.settings


def test_a_format_change_through_the_api_is_audited_with_both_names(organiser_api):
    tournament = factories.make_tournament()
    response = organiser_api.patch(
        f"/api/tournaments/{tournament.pk}/", {"format": "czech_club"}, format="json"
    )
    assert response.status_code == 200, response.json()
    entry = AuditEntry.objects.filter(tournament=tournament, action="settings_changed").last()
    assert (entry.before["format"], entry.after["format"]) == ("german_championship", "czech_club")


def test_only_organisers_see_the_page():
    tournament = factories.make_tournament()
    referee = in_english(Client())
    referee.force_login(factories.make_referee(tournament=tournament))
    assert referee.get(reverse("staff:format", args=[tournament.pk])).status_code == 403


def test_the_example_of_docs_formats_md_is_accepted_as_written(organiser_api):
    """docs/formats.md's example PATCH, sent as the document writes it."""
    text = (Path(__file__).resolve().parents[4] / "docs" / "formats.md").read_text()
    body = json.loads(re.search(r"-d '(\{.*?\})'", text, re.S).group(1))
    tournament = factories.make_tournament()
    response = organiser_api.patch(f"/api/tournaments/{tournament.pk}/", body, format="json")
    assert response.status_code == 200, response.json()
    fmt = Tournament.objects.get(pk=tournament.pk).config.format
    assert fmt.time_limit_minutes == 20 and fmt.title_nationality == "SK"
    assert fmt.points[5][Side.RENEGADE][Role.RENEGADE] == 80
    assert fmt.points[5][Side.OUTLAWS][Role.OUTLAW] == Split("alive", 30, 20)
    assert fmt.points[4][Side.RENEGADE][Role.RENEGADE] == 50  # the preset's


def test_the_audit_log_names_the_format_settings_in_words(client):
    tournament = factories.make_tournament(format="czech_club")
    post(client, tournament, cell_5_renegade_renegade="80", time_limit_minutes="20")
    html = client.get(reverse("staff:audit", args=[tournament.pk])).content.decode()
    rows = {
        what: (before, after)
        for what, before, after in re.findall(
            r'<tr><th scope="row">(.*?)</th><td>(.*?)</td><td>(.*?)</td></tr>', html
        )
    }
    assert rows["Time limit per game (minutes, empty: none)"] == ("15", "20")
    # Only the cell that changed, in words.
    assert rows["Points, table of 5, won by Renegade: Renegade"] == ("75", "80")
    assert not any(
        what.startswith("Points") and what != "Points, table of 5, won by Renegade: Renegade"
        for what in rows
    )
