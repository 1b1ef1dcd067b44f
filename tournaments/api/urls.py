from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from . import views

urlpatterns = [
    path("auth/token/", views.TokenLoginApi.as_view(), name="api-token"),
    path("settings/", views.SettingsApi.as_view(), name="api-settings"),
    path("tournaments/", views.TournamentListApi.as_view(), name="api-tournaments"),
    path(
        "tournaments/<id:tournament_id>/",
        views.TournamentDetailApi.as_view(),
        name="api-tournament",
    ),
    path(
        "tournaments/<id:tournament_id>/participants/",
        views.ParticipantListApi.as_view(),
        name="api-participants",
    ),
    path(
        "tournaments/<id:tournament_id>/group-stage/draw/",
        views.GroupDrawApi.as_view(),
        name="api-group-draw",
    ),
    path("tournaments/<id:tournament_id>/games/", views.GameListApi.as_view(), name="api-games"),
    path(
        "tournaments/<id:tournament_id>/standings/",
        views.StandingsApi.as_view(),
        name="api-standings",
    ),
    path(
        "tournaments/<id:tournament_id>/penalties/",
        views.PenaltyListApi.as_view(),
        name="api-penalties",
    ),
    path(
        "tournaments/<id:tournament_id>/knockout/",
        views.KnockoutApi.as_view(),
        name="api-knockout",
    ),
    path(
        "tournaments/<id:tournament_id>/knockout/start/",
        views.KnockoutStartApi.as_view(),
        name="api-knockout-start",
    ),
    path(
        "tournaments/<id:tournament_id>/knockout/next-round/",
        views.KnockoutNextRoundApi.as_view(),
        name="api-knockout-next-round",
    ),
    path("tournaments/<id:tournament_id>/ranking/", views.RankingApi.as_view(), name="api-ranking"),
    path("tournaments/<id:tournament_id>/audit/", views.AuditLogApi.as_view(), name="api-audit"),
    path("games/<id:game_id>/", views.GameDetailApi.as_view(), name="api-game"),
    path("games/<id:game_id>/result/", views.ResultApi.as_view(), name="api-game-result"),
    path("games/<id:game_id>/history/", views.ResultHistoryApi.as_view(), name="api-game-history"),
    path("games/<id:game_id>/confirm/", views.ResultConfirmApi.as_view(), name="api-game-confirm"),
    path("", include("tournaments.api.document_urls")),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
]
