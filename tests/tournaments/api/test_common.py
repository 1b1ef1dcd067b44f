"""What every API view shares (``tournaments/api/common.py``)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.contrib.auth.models import AnonymousUser
from rest_framework.exceptions import NotAuthenticated

from tests import factories
from tournaments.api.common import BaseApi

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path",
    [
        "/api/tournaments/999999/knockout/start/",
        "/api/tournaments/999999/group-stage/draw/",
        "/api/tournaments/999999/penalties/",
    ],
)
def test_a_write_to_a_missing_tournament_is_refused_before_it_is_looked_up(api, referee, path):
    anonymous = api.post(path, {"seed": "x"}, format="json")
    assert anonymous.status_code == 401
    assert anonymous.json()["errors"][0]["code"] == "not_authenticated"

    # Rights are per tournament: nobody is staff of a missing one, so only a
    # site administrator learns that it is missing.
    api.force_authenticate(factories.make_organiser(username="chef"))
    assert api.post(path, {"seed": "x"}, format="json").status_code == 403
    api.force_authenticate(factories.make_user(username="admin", is_superuser=True))
    assert api.post(path, {"seed": "x"}, format="json").status_code == 404


def test_a_game_write_is_refused_before_the_game_is_looked_up(api):
    response = api.put("/api/games/999999/result/", {}, format="json")
    assert response.status_code == 401
    assert response.json()["errors"][0]["code"] == "not_authenticated"


def test_the_missing_object_of_a_read_is_404(referee_api):
    for path in ["/api/tournaments/999999/games/", "/api/games/999999/history/"]:
        response = referee_api.get(path)
        assert response.status_code == 404, path
        assert response.json()["errors"][0]["code"] == "not_found"


def test_the_actor_is_the_signed_in_user_and_never_anonymous(referee):
    view = BaseApi()
    view.request = SimpleNamespace(user=referee)
    assert view.actor == referee
    view.request = SimpleNamespace(user=AnonymousUser())
    with pytest.raises(NotAuthenticated):
        _ = view.actor
