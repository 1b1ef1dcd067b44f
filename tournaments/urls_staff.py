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
    path("t/<int:tournament_id>/staff/", staff.tournament_home, name="tournament"),
    path("t/<int:tournament_id>/staff/settings/", staff.tournament_settings, name="settings"),
    path("t/<int:tournament_id>/staff/participants/", staff.participants, name="participants"),
    path(
        "t/<int:tournament_id>/staff/participants/<int:participant_id>/",
        staff.participant_detail,
        name="participant",
    ),
    path("t/<int:tournament_id>/staff/draw/", staff.draw, name="draw"),
    path("t/<int:tournament_id>/staff/progress/", staff.progress, name="progress"),
    path("t/<int:tournament_id>/staff/games/", staff.games, name="games"),
    path(
        "t/<int:tournament_id>/staff/games/<int:game_id>/result/",
        staff.result,
        name="result",
    ),
    path(
        "t/<int:tournament_id>/staff/games/<int:game_id>/result/check/",
        staff.result_check,
        name="result_check",
    ),
    path("t/<int:tournament_id>/staff/knockout/", staff.knockout, name="knockout"),
]
