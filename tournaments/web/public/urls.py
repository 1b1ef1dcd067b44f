"""Public pages: no login needed. Everything lives under ``/t/<tournament_id>/``.

The names carry no namespace (``reverse("leaderboard", ...)``), as before.
"""

from django.urls import path

from tournaments.web.public import (
    confirm,
    home,
    knockout,
    leaderboard,
    player,
    projector,
    ranking,
    rules,
    seasons,
    seating,
    statistics,
)

urlpatterns = [
    path("", home.home, name="home"),
    path("favicon.ico", home.favicon, name="favicon"),
    path("t/<id:tournament_id>/", home.tournament_home, name="tournament"),
    path("t/<id:tournament_id>/leaderboard/", leaderboard.leaderboard, name="leaderboard"),
    path(
        "t/<id:tournament_id>/leaderboard/live/",
        leaderboard.leaderboard_fragment,
        name="leaderboard_fragment",
    ),
    path("t/<id:tournament_id>/projector/", projector.projector, name="projector"),
    path(
        "t/<id:tournament_id>/projector/live/",
        projector.projector_fragment,
        name="projector_fragment",
    ),
    path("t/<id:tournament_id>/seating/", seating.seating, name="seating"),
    path("t/<id:tournament_id>/draw-check/", seating.draw_check, name="draw_check"),
    path("t/<id:tournament_id>/players/<id:participant_id>/", player.player, name="player"),
    path("t/<id:tournament_id>/knockout/", knockout.knockout, name="knockout"),
    path(
        "t/<id:tournament_id>/knockout/live/",
        knockout.knockout_fragment,
        name="knockout_fragment",
    ),
    path("t/<id:tournament_id>/ranking/", ranking.ranking, name="ranking"),
    path("t/<id:tournament_id>/rules/", rules.rules, name="rules"),
    path("t/<id:tournament_id>/statistics/", statistics.statistics, name="statistics"),
    path("statistics/", statistics.server_statistics, name="server_statistics"),
    path("seasons/", seasons.season_list, name="seasons"),
    path("seasons/<id:season_id>/", seasons.season_ranking, name="season_ranking"),
    path("seasons/<id:season_id>/projector/", seasons.season_projector, name="season_projector"),
    path("seasons/<id:season_id>/how/", seasons.season_how, name="season_how"),
    path("players/<id:player_id>/", seasons.player_profile, name="player_profile"),
    path(
        "t/<id:tournament_id>/games/<id:game_id>/confirm/",
        confirm.game_confirmation,
        name="game_confirmation",
    ),
]
