"""The import's duplicate warning on a 360 px phone (issue 23, item 1)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import assert_fits_phone
from tests.tournaments.web.staff.test_duplicates import workbook
from tournaments import services
from tournaments.models import Participant

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_import_warns_about_duplicates_on_a_phone_and_skips_them(new_page, tmp_path):
    factories.make_organiser(username="orga")
    tournament = factories.make_tournament()
    services.participants_register(
        tournament=tournament,
        items=[
            services.ParticipantInput(name=n, nationality="DE")
            for n in ("Maximilian Schneider-Wachtendorf", "Bea Krüger")
        ],
    )
    upload = tmp_path / "spieler.xlsx"
    upload.write_bytes(
        workbook("Maximilian Schneider-Wachtendorf", "Dora", "Ema", "Dora").getvalue()
    )
    page = new_page(phone=True)
    login(page, "orga")
    page.goto(f"{page.base_url}/t/{tournament.pk}/staff/participants/import/")
    page.set_input_files("input[name=file]", str(upload))
    page.locator("form.import-form button[type=submit]").click()

    warning = page.get_by_test_id("import-duplicates")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("Doppelt angemeldet?")
    expect(warning).to_contain_text("Maximilian Schneider-Wachtendorf")
    expect(warning.locator("li[data-row='5']")).to_contain_text("Zeile 3")
    assert Participant.objects.filter(tournament=tournament).count() == 2  # nothing yet
    assert_fits_phone(page)
    skip = warning.locator("button[value=skip]")
    box = skip.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    page.screenshot(path=str(tmp_path / "import-duplicates-360.png"), full_page=True)

    skip.click()
    page.wait_for_url(lambda url: url.endswith(f"/t/{tournament.pk}/staff/participants/"))
    names = sorted(Participant.objects.filter(tournament=tournament).values_list("name", flat=True))
    assert names == ["Bea Krüger", "Dora", "Ema", "Maximilian Schneider-Wachtendorf"]
