"""The small edges of a tournament day on a 360 px phone (issue 32's minor items):
fields that look like their neighbours, pages that never scroll sideways."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import factories
from tests.browser.conftest import login
from tests.browser.pages import assert_fits_phone

pytestmark = pytest.mark.django_db(transaction=True)

STYLE = """(selector) => {
    const e = document.querySelector(selector), s = getComputedStyle(e);
    return {font: s.fontSize, border: s.borderTopWidth, padding: s.paddingTop,
            radius: s.borderTopLeftRadius, height: Math.round(e.getBoundingClientRect().height)};
}"""


def test_the_clock_label_field_looks_like_the_minutes(new_page):
    tournament = factories.drawn_tournament(10)
    organiser = factories.make_organiser(tournament=tournament)
    page = new_page(phone=True)
    login(page, organiser.username)
    page.goto(page.base_url + reverse("staff:clock", args=[tournament.pk]))
    minutes = page.evaluate(STYLE, ".clock-form input[name=minutes]")
    label = page.evaluate(STYLE, ".clock-form input[name=label]")
    assert label == minutes
    assert_fits_phone(page)


def test_the_audit_log_with_its_long_action_names_fits_a_phone(new_page):
    tournament = factories.drawn_tournament(10)
    organiser = factories.make_organiser(tournament=tournament)
    page = new_page(phone=True)
    login(page, organiser.username)
    page.goto(page.base_url + reverse("staff:audit", args=[tournament.pk]))
    assert page.locator("select[name=action] option").count() >= 40
    assert_fits_phone(page)
