"""Public pages: no login needed. Everything lives under ``/t/<tournament_id>/``."""

from django.urls import path

from .views import public

urlpatterns = [
    path("", public.home, name="home"),
    path("t/<id:tournament_id>/", public.tournament_home, name="tournament"),
    path("t/<id:tournament_id>/leaderboard/", public.leaderboard, name="leaderboard"),
    path(
        "t/<id:tournament_id>/leaderboard/live/",
        public.leaderboard_fragment,
        name="leaderboard_fragment",
    ),
    path("t/<id:tournament_id>/projector/", public.projector, name="projector"),
    path(
        "t/<id:tournament_id>/projector/live/",
        public.projector_fragment,
        name="projector_fragment",
    ),
    path("t/<id:tournament_id>/seating/", public.seating, name="seating"),
    path("t/<id:tournament_id>/players/<id:participant_id>/", public.player, name="player"),
    path("t/<id:tournament_id>/knockout/", public.knockout, name="knockout"),
    path(
        "t/<id:tournament_id>/knockout/live/",
        public.knockout_fragment,
        name="knockout_fragment",
    ),
    path("t/<id:tournament_id>/ranking/", public.ranking, name="ranking"),
]
