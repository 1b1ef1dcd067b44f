"""Who may read and who may change what: one matrix, tested cell by cell.

``MATRIX`` lists every named URL of the project (the Django admin aside: it
admits only ``is_staff`` users, checked at the end) with, per HTTP method, the
least role that may use it. A URL without an entry fails
``test_every_url_is_in_the_matrix``, so a new page or endpoint cannot ship
without a decision about who may use it.

Roles are per tournament (rules.md §7), so every cell is tried by actors that
differ in *where* they hold their role: staff of this tournament, staff of
another tournament, members of a site-wide group only, a site administrator,
anonymous (``ACTORS``; ``ALLOWED`` says which of them each need admits).

Denied means: anonymous on the API 401, anonymous on a page a redirect to the
login, logged in without the role 403. Allowed means anything else (a 400 for
the empty body we send is fine: the permission check came first).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from scoring.results import SeatReport
from scoring.rulesets import Role
from tests import factories
from tournaments import services
from tournaments.models import Game

ANYONE, REFEREE, ORGANISER = "anyone", "referee", "organiser"
#: Site-wide needs: the right to create tournaments and accounts (the group
#: ``organisers``), and a staff role anywhere (the staff index).
CREATOR, STAFF_ANYWHERE = "creator", "staff anywhere"
#: Seasons (rules.md §13): a season's own organisers; merging and erasing players.
SEASON_ORGANISER, SITE_ADMIN = "season organiser", "site administrator"
#: The staff's season pages: who may create a season or organises one anywhere.
SEASONS_ANYWHERE = "seasons anywhere"

MATRIX: dict[str, dict[str, str]] = {
    # public pages
    "home": {"GET": ANYONE},
    "favicon": {"GET": ANYONE},
    "tournament": {"GET": ANYONE},
    "leaderboard": {"GET": ANYONE},
    "leaderboard_fragment": {"GET": ANYONE},
    "projector": {"GET": ANYONE},
    "projector_fragment": {"GET": ANYONE},
    "seating": {"GET": ANYONE},
    "draw_check": {"GET": ANYONE},
    "player": {"GET": ANYONE},
    "knockout": {"GET": ANYONE},
    "knockout_fragment": {"GET": ANYONE},
    "ranking": {"GET": ANYONE},
    "rules": {"GET": ANYONE},
    "statistics": {"GET": ANYONE},
    "server_statistics": {"GET": ANYONE},
    "game_confirmation": {"GET": ANYONE, "POST": ANYONE},
    "seasons": {"GET": ANYONE},
    "season_ranking": {"GET": ANYONE},
    "season_projector": {"GET": ANYONE},
    "season_how": {"GET": ANYONE},
    "player_profile": {"GET": ANYONE},
    "login": {"GET": ANYONE},
    "logout": {"POST": ANYONE},
    "set_language": {"POST": ANYONE},
    # staff pages
    "staff:index": {"GET": STAFF_ANYWHERE},
    "staff:tournament": {"GET": REFEREE},
    "staff:participants": {"GET": REFEREE, "POST": ORGANISER},
    "staff:participant": {"GET": REFEREE, "POST": REFEREE},
    "staff:games": {"GET": REFEREE},
    "staff:result": {"GET": REFEREE, "POST": REFEREE},
    "staff:result_check": {"POST": REFEREE},
    "staff:game_time": {"GET": REFEREE, "POST": REFEREE},
    "staff:result_confirm": {"POST": REFEREE},
    "staff:outbox": {"POST": REFEREE},
    "staff:tournament_new": {"GET": CREATOR, "POST": CREATOR},
    "staff:player_erase": {"GET": SITE_ADMIN, "POST": SITE_ADMIN},
    "staff:settings": {"GET": ORGANISER, "POST": ORGANISER},
    "staff:format": {"GET": ORGANISER, "POST": ORGANISER},
    "staff:draw": {"GET": ORGANISER, "POST": ORGANISER},
    "staff:progress": {"GET": ORGANISER},
    "staff:knockout": {"GET": ORGANISER, "POST": ORGANISER},
    "staff:team": {"GET": ORGANISER, "POST": ORGANISER},
    "staff:archive": {"POST": ORGANISER},
    "staff:player_links": {"GET": REFEREE, "POST": REFEREE},
    "staff:seasons": {"GET": SEASONS_ANYWHERE, "POST": SEASONS_ANYWHERE},
    "staff:season": {"GET": SEASON_ORGANISER, "POST": SEASON_ORGANISER},
    "staff:season_imports": {"GET": SEASON_ORGANISER, "POST": SEASON_ORGANISER},
    "staff:installation_key": {"GET": CREATOR},
    "staff:season_packages": {"GET": SEASON_ORGANISER, "POST": SEASON_ORGANISER},
    "staff:season_package_file": {"GET": SEASON_ORGANISER},
    "staff:tournament_from_package": {"GET": CREATOR, "POST": CREATOR},
    "staff:participants_import": {"GET": ORGANISER, "POST": ORGANISER},
    "staff:participants_import_template": {"GET": ORGANISER},
    "staff:audit": {"GET": ORGANISER},
    "staff:clock": {"GET": ORGANISER, "POST": ORGANISER},
    "staff:calls": {"GET": REFEREE, "POST": REFEREE},
    # API
    "api-token": {"POST": ANYONE},
    "api-schema": {"GET": ANYONE},
    "api-docs": {"GET": ANYONE},
    "api-settings": {"GET": ANYONE},
    "api-tournaments": {"GET": ANYONE, "POST": CREATOR},
    "api-users": {"POST": CREATOR},
    "api-staff": {"GET": ORGANISER, "POST": ORGANISER},
    "api-staff-member": {"DELETE": ORGANISER},
    "api-tournament": {"GET": ANYONE, "PATCH": ORGANISER},
    "api-participants": {"GET": ANYONE, "POST": ORGANISER},
    "api-participants-import": {"POST": ORGANISER},
    "api-participant-withdraw": {"POST": ORGANISER},
    "api-participant-reinstate": {"POST": ORGANISER},
    "api-participant-check-in": {"POST": REFEREE, "DELETE": REFEREE},
    "api-participants-withdraw-absent": {"POST": ORGANISER},
    "api-clock": {"GET": ANYONE, "POST": ORGANISER},
    "api-tournament-calls": {"GET": REFEREE},
    "api-seat-swaps": {"POST": ORGANISER},
    "api-game-calls": {"POST": ANYONE},
    "api-call": {"GET": ANYONE},
    "api-call-take": {"POST": REFEREE},
    "api-call-close": {"POST": REFEREE},
    "api-characters": {"GET": ANYONE, "POST": ORGANISER},
    "api-group-draw": {"GET": ANYONE, "POST": ORGANISER},
    "api-draw-commitments": {"GET": ANYONE, "POST": ORGANISER},
    "api-player-confirmations": {"POST": ANYONE},
    "api-player-cards-pdf": {"GET": REFEREE},
    "api-games": {"GET": ANYONE},
    "api-game": {"GET": ANYONE},
    "api-game-result": {"PUT": REFEREE},
    "api-game-history": {"GET": REFEREE},
    "api-game-confirm": {"POST": REFEREE},
    "api-game-start": {"POST": REFEREE},
    "api-standings": {"GET": ANYONE},
    "api-tournament-events": {"GET": ANYONE},
    "api-penalties": {"GET": ANYONE, "POST": REFEREE},
    "api-knockout": {"GET": ANYONE},
    "api-knockout-start": {"POST": ORGANISER},
    "api-knockout-next-round": {"POST": ORGANISER},
    "api-ranking": {"GET": ANYONE},
    "api-tournament-statistics": {"GET": ANYONE},
    "api-statistics": {"GET": ANYONE},
    "api-audit": {"GET": ORGANISER},
    "api-scoresheets": {"GET": REFEREE},
    "api-seating-pdf": {"GET": ANYONE},
    "api-standings-pdf": {"GET": ANYONE},
    "api-standings-xlsx": {"GET": ANYONE},
    "api-results-xlsx": {"GET": ANYONE},
    "api-ranking-pdf": {"GET": ANYONE},
    "api-statistics-xlsx": {"GET": ANYONE},
    # players, seasons, archives (rules.md §13)
    "api-participant": {"PATCH": REFEREE},
    "api-participant-player-suggestions": {"GET": REFEREE},
    "api-players": {"GET": ANYONE, "POST": CREATOR},
    "api-player": {"GET": ANYONE},
    "api-player-merge": {"POST": SITE_ADMIN},
    "api-player-erase": {"POST": SITE_ADMIN},
    "api-seasons": {"GET": ANYONE, "POST": CREATOR},
    "api-season": {"GET": ANYONE},
    "api-season-tournaments": {"GET": ANYONE, "POST": SEASON_ORGANISER},
    "api-season-tournament": {"DELETE": SEASON_ORGANISER},
    "api-season-staff": {"GET": SEASON_ORGANISER, "POST": SEASON_ORGANISER},
    "api-season-staff-member": {"DELETE": SEASON_ORGANISER},
    "api-season-packages": {"POST": SEASON_ORGANISER},
    "api-tournament-from-package": {"POST": CREATOR},
    "api-season-ranking": {"GET": ANYONE},
    "api-season-ranking-xlsx": {"GET": ANYONE},
    "api-season-ranking-pdf": {"GET": ANYONE},
    "api-archives": {"GET": ANYONE, "POST": ORGANISER},
    "api-archive-file": {"GET": ANYONE},
    # many laptops, one season (rules.md §16)
    "api-archive-signed": {"GET": ANYONE},
    "api-installation-key": {"GET": CREATOR},
    "api-season-keys": {"GET": SEASON_ORGANISER, "POST": SEASON_ORGANISER},
    "api-season-key": {"DELETE": SEASON_ORGANISER},
    "api-season-imports": {"POST": SEASON_ORGANISER},
    "healthz": {"GET": ANYONE},
}


def _named_urls() -> dict[str, URLPattern]:
    found: dict[str, URLPattern] = {}

    def walk(patterns: list[Any], namespace: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                ns = ":".join(filter(None, [namespace, pattern.namespace]))
                walk(pattern.url_patterns, ns)
            else:
                key = ":".join(filter(None, [namespace, pattern.name or "<unnamed>"]))
                found[key] = pattern

    walk(get_resolver().url_patterns, "")
    return {k: v for k, v in found.items() if not k.startswith("admin:")}


def test_every_url_is_in_the_matrix():
    urls = set(_named_urls())
    assert not urls - set(MATRIX), f"URLs without a permission entry: {sorted(urls - set(MATRIX))}"
    assert not set(MATRIX) - urls, f"entries for URLs that no longer exist: {set(MATRIX) - urls}"


@pytest.fixture
def world(db) -> dict[str, Any]:
    """A drawn tournament with one recorded result (by a referee who is none of the
    actors), and another tournament whose staff are strangers here."""
    tournament = factories.drawn_tournament(10, ruleset="showdown")
    recorder = factories.make_referee(username="recorder", tournament=tournament)
    other = factories.make_tournament(name="Another tournament")
    season = services.season_create(name="Season of this")
    services.season_tournament_add(season=season, tournament=tournament, weight=1)
    other_season = services.season_create(name="Season of another")
    player = services.player_create(name="Someone", nationality="DE")
    package = services.package_make(
        season=season, name="Elsewhere", date=tournament.date, players=[player.pk]
    )
    game = Game.objects.get(tournament=tournament, table__number=1, round=1)
    services.result_record(
        game=game,
        seats=[
            SeatReport(position=p, role=Role(r), lives=3 if p == 1 else 0)
            for p, r in {1: "sheriff", 2: "renegade", 3: "outlaw", 4: "outlaw", 5: "deputy"}.items()
        ],
        actor=recorder,
    )
    seat = game.table.seats.select_related("participant").get(position=2)
    call = services.call_create(game=game, position=2, pin=seat.participant.pin)
    return {
        "call_id": call.pk,
        "tournament": tournament,
        "other": other,
        "tournament_id": tournament.pk,
        "participant_id": tournament.participants.first().pk,
        "game_id": game.pk,
        "username": recorder.username,
        "season": season,
        "other_season": other_season,
        "season_id": season.pk,
        "player_id": player.pk,
        "package": package.uuid,
        "version": 1,
        "fingerprint": "0123456789abcdef",
    }


def _url(name: str, world: dict[str, Any]) -> str:
    pattern = _named_urls()[name]
    kwargs = {key: world[key] for key in pattern.pattern.converters}
    url = reverse(name, kwargs=kwargs)
    if name == "api-scoresheets":
        url += "?stage=group&round=1"
    return url


#: Who asks: where their role is held.
ACTORS = (
    "anonymous",
    "no_role",
    "site_group_referees",  # the old site-wide group: no right anywhere now
    "site_group_organisers",  # may create tournaments, staff of none
    "referee_of_another",
    "organiser_of_another",  # and a member of the group organisers
    "referee_of_this",
    "organiser_of_this",  # appointed, not in any group
    "superuser",
)
ALLOWED: dict[str, set[str]] = {
    ANYONE: set(ACTORS),
    REFEREE: {"referee_of_this", "organiser_of_this", "superuser"},
    ORGANISER: {"organiser_of_this", "superuser"},
    CREATOR: {"site_group_organisers", "organiser_of_another", "superuser"},
    # Organisers of this tournament are appointed to this season too (``_user``).
    SEASON_ORGANISER: {"organiser_of_this", "superuser"},
    SITE_ADMIN: {"superuser"},
    # Creators, and the organisers appointed to a season (``_user``).
    SEASONS_ANYWHERE: {
        "site_group_organisers",
        "organiser_of_another",
        "organiser_of_this",
        "superuser",
    },
    STAFF_ANYWHERE: {
        "site_group_organisers",
        "referee_of_another",
        "organiser_of_another",
        "referee_of_this",
        "organiser_of_this",
        "superuser",
    },
}
CELLS = [
    (name, method, need) for name, methods in MATRIX.items() for method, need in methods.items()
]


def _user(actor: str, world: dict[str, Any]) -> Any:
    user = _tournament_user(actor, world)
    if actor in ("organiser_of_this", "organiser_of_another"):
        season = world["season" if actor == "organiser_of_this" else "other_season"]
        services.season_staff_appoint(season=season, user=user, role="organiser")
    return user


def _tournament_user(actor: str, world: dict[str, Any]) -> Any:
    this, other = world["tournament"], world["other"]
    nowhere = "nowhere"
    return {
        "no_role": lambda: factories.make_user(),
        "site_group_referees": lambda: factories.make_user(groups=("referees",)),
        "site_group_organisers": lambda: factories.make_organiser(tournament=nowhere),
        "referee_of_another": lambda: factories.make_referee(tournament=other),
        "organiser_of_another": lambda: factories.make_organiser(tournament=other),
        "referee_of_this": lambda: factories.make_referee(tournament=this),
        "organiser_of_this": lambda: factories.make_user_organising(this),
        "superuser": lambda: factories.make_user(is_superuser=True),
    }[actor]()


def _client(client, actor: str, world: dict[str, Any]):
    if actor != "anonymous":
        client.force_login(_user(actor, world))
    return client


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize(("name", "method", "need"), CELLS, ids=[f"{m} {n}" for n, m, _ in CELLS])
def test_permission_cell(client, world, name, method, need, actor):
    url = _url(name, world)
    response = getattr(_client(client, actor, world), method.lower())(
        url, content_type="application/json"
    )
    allowed = actor in ALLOWED[need]
    is_api = url.startswith("/api/")
    if allowed:
        assert response.status_code not in (401, 403), (response.status_code, url)
        assert not (
            response.status_code == 302 and "/accounts/login/" in response.headers["Location"]
        ), url
    elif actor == "anonymous" and is_api:
        assert response.status_code == 401, (response.status_code, url)
    elif actor == "anonymous":
        assert response.status_code == 302, (response.status_code, url)
        assert response.headers["Location"].startswith("/accounts/login/")
    else:
        assert response.status_code == 403, (response.status_code, url)


SCOPED = [
    name for name in MATRIX if {"tournament_id"} < set(_named_urls()[name].pattern.converters)
]


@pytest.mark.parametrize("name", SCOPED)
def test_an_id_from_another_tournament_never_reaches_its_data(client, world, name):
    other = factories.drawn_tournament(10)
    wrong = {**world, "tournament_id": other.pk}
    _client(client, "superuser", world)
    method = "GET" if "GET" in MATRIX[name] else next(iter(MATRIX[name]))
    response = getattr(client, method.lower())(_url(name, wrong))
    assert response.status_code == 404


def test_the_admin_admits_only_staff_users(client, db):
    assert client.get("/admin/").status_code == 302
    client.force_login(factories.make_organiser())
    assert client.get("/admin/").status_code == 302  # organisers use the staff pages
    client.force_login(factories.make_user(is_staff=True, is_superuser=True))
    assert client.get("/admin/").status_code == 200
