"""Staff pages: ``/staff/...`` (across tournaments) and ``/t/<id>/staff/...`` (one tournament).

Names live in the ``staff`` namespace, e.g. ``reverse("staff:result", args=[t, game])``.
"""

from django.urls import path

from .views import staff

app_name = "staff"

urlpatterns = [
    path("staff/", staff.staff_index, name="index"),
    path("staff/tournaments/new/", staff.tournament_new, name="tournament_new"),
    path("staff/referees/", staff.referees, name="referees"),
    path("t/<id:tournament_id>/staff/", staff.tournament_home, name="tournament"),
    path("t/<id:tournament_id>/staff/settings/", staff.tournament_settings, name="settings"),
    path("t/<id:tournament_id>/staff/participants/", staff.participants, name="participants"),
    path(
        "t/<id:tournament_id>/staff/participants/import/",
        staff.participants_import,
        name="participants_import",
    ),
    path(
        "t/<id:tournament_id>/staff/participants/import/template.xlsx",
        staff.participants_import_template,
        name="participants_import_template",
    ),
    path(
        "t/<id:tournament_id>/staff/participants/<id:participant_id>/",
        staff.participant_detail,
        name="participant",
    ),
    path("t/<id:tournament_id>/staff/draw/", staff.draw, name="draw"),
    path("t/<id:tournament_id>/staff/progress/", staff.progress, name="progress"),
    path("t/<id:tournament_id>/staff/games/", staff.games, name="games"),
    path(
        "t/<id:tournament_id>/staff/games/<id:game_id>/result/",
        staff.result,
        name="result",
    ),
    path(
        "t/<id:tournament_id>/staff/games/<id:game_id>/result/check/",
        staff.result_check,
        name="result_check",
    ),
    path(
        "t/<id:tournament_id>/staff/games/<id:game_id>/confirm/",
        staff.result_confirm,
        name="result_confirm",
    ),
    path("t/<id:tournament_id>/staff/knockout/", staff.knockout, name="knockout"),
    path("t/<id:tournament_id>/staff/audit/", staff.audit, name="audit"),
]
