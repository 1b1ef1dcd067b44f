"""Staff pages: ``/staff/...`` (across tournaments) and ``/t/<id>/staff/...`` (one tournament).

Names live in the ``staff`` namespace, e.g. ``reverse("staff:result", args=[t, game])``.
"""

from django.urls import path

from .archives import archive
from .erasure import player_erase
from .formats import format_page
from .game_time import game_time
from .hall import calls_fragment, clock
from .home import audit, staff_index, tournament_home
from .imports import participants_import, participants_import_template
from .knockout import knockout
from .links import player_links
from .outbox import outbox_report
from .packages import season_package_file, season_packages, tournament_from_package
from .participants import participant_detail, participants
from .progress import games, progress
from .referees import team
from .results import result, result_check, result_confirm
from .season_imports import installation_key_page, season_imports
from .seasons import season_detail, season_list
from .setup import draw, tournament_new, tournament_settings

app_name = "staff"

urlpatterns = [
    path("staff/", staff_index, name="index"),
    path("staff/tournaments/new/", tournament_new, name="tournament_new"),
    path("staff/seasons/", season_list, name="seasons"),
    path("staff/seasons/<id:season_id>/", season_detail, name="season"),
    path("staff/seasons/<id:season_id>/imports/", season_imports, name="season_imports"),
    path("staff/installation-key/", installation_key_page, name="installation_key"),
    path("staff/seasons/<id:season_id>/packages/", season_packages, name="season_packages"),
    path(
        "staff/seasons/<id:season_id>/packages/<uuid:package>.json",
        season_package_file,
        name="season_package_file",
    ),
    path(
        "staff/tournaments/from-package/",
        tournament_from_package,
        name="tournament_from_package",
    ),
    path("t/<id:tournament_id>/staff/archive/", archive, name="archive"),
    path("t/<id:tournament_id>/staff/players/", player_links, name="player_links"),
    path("staff/players/<id:player_id>/erase/", player_erase, name="player_erase"),
    path("t/<id:tournament_id>/staff/", tournament_home, name="tournament"),
    path("t/<id:tournament_id>/staff/settings/", tournament_settings, name="settings"),
    path("t/<id:tournament_id>/staff/format/", format_page, name="format"),
    path("t/<id:tournament_id>/staff/participants/", participants, name="participants"),
    path(
        "t/<id:tournament_id>/staff/participants/import/",
        participants_import,
        name="participants_import",
    ),
    path(
        "t/<id:tournament_id>/staff/participants/import/template.xlsx",
        participants_import_template,
        name="participants_import_template",
    ),
    path(
        "t/<id:tournament_id>/staff/participants/<id:participant_id>/",
        participant_detail,
        name="participant",
    ),
    path("t/<id:tournament_id>/staff/draw/", draw, name="draw"),
    path("t/<id:tournament_id>/staff/progress/", progress, name="progress"),
    path("t/<id:tournament_id>/staff/games/", games, name="games"),
    path(
        "t/<id:tournament_id>/staff/games/<id:game_id>/result/",
        result,
        name="result",
    ),
    path(
        "t/<id:tournament_id>/staff/games/<id:game_id>/result/check/",
        result_check,
        name="result_check",
    ),
    path(
        "t/<id:tournament_id>/staff/games/<id:game_id>/time/",
        game_time,
        name="game_time",
    ),
    path(
        "t/<id:tournament_id>/staff/games/<id:game_id>/confirm/",
        result_confirm,
        name="result_confirm",
    ),
    path("t/<id:tournament_id>/staff/outbox/", outbox_report, name="outbox"),
    path("t/<id:tournament_id>/staff/knockout/", knockout, name="knockout"),
    path("t/<id:tournament_id>/staff/audit/", audit, name="audit"),
    path("t/<id:tournament_id>/staff/team/", team, name="team"),
    path("t/<id:tournament_id>/staff/clock/", clock, name="clock"),
    path("t/<id:tournament_id>/staff/calls/", calls_fragment, name="calls"),
]
