from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from . import (
    archive,
    audit,
    auth,
    characters,
    commitments,
    draw,
    events,
    games,
    hall,
    keys,
    knockout,
    packages,
    participants,
    penalties,
    players,
    results,
    season_ranking,
    seasons,
    staff,
    standings,
    statistics,
)
from . import tournaments as tournaments_api

urlpatterns = [
    path("auth/token/", auth.TokenLoginApi.as_view(), name="api-token"),
    path("settings/", tournaments_api.SettingsApi.as_view(), name="api-settings"),
    path("tournaments/", tournaments_api.TournamentListApi.as_view(), name="api-tournaments"),
    path(
        "tournaments/from-package/",
        packages.TournamentFromPackageApi.as_view(),
        name="api-tournament-from-package",
    ),
    path(
        "tournaments/<id:tournament_id>/",
        tournaments_api.TournamentDetailApi.as_view(),
        name="api-tournament",
    ),
    path(
        "tournaments/<id:tournament_id>/participants/",
        participants.ParticipantListApi.as_view(),
        name="api-participants",
    ),
    path(
        "tournaments/<id:tournament_id>/participants/<id:participant_id>/withdraw/",
        participants.ParticipantWithdrawApi.as_view(),
        name="api-participant-withdraw",
    ),
    path(
        "tournaments/<id:tournament_id>/participants/<id:participant_id>/reinstate/",
        participants.ParticipantReinstateApi.as_view(),
        name="api-participant-reinstate",
    ),
    path(
        "tournaments/<id:tournament_id>/participants/<id:participant_id>/check-in/",
        participants.ParticipantCheckInApi.as_view(),
        name="api-participant-check-in",
    ),
    path(
        "tournaments/<id:tournament_id>/participants/withdraw-absent/",
        participants.WithdrawAbsentApi.as_view(),
        name="api-participants-withdraw-absent",
    ),
    path("tournaments/<id:tournament_id>/clock/", hall.ClockApi.as_view(), name="api-clock"),
    path(
        "tournaments/<id:tournament_id>/calls/",
        hall.TournamentCallsApi.as_view(),
        name="api-tournament-calls",
    ),
    path(
        "tournaments/<id:tournament_id>/seat-swaps/",
        hall.SeatSwapsApi.as_view(),
        name="api-seat-swaps",
    ),
    path("games/<id:game_id>/calls/", hall.GameCallsApi.as_view(), name="api-game-calls"),
    path("calls/<id:call_id>/", hall.CallDetailApi.as_view(), name="api-call"),
    path("calls/<id:call_id>/take/", hall.CallTakeApi.as_view(), name="api-call-take"),
    path("calls/<id:call_id>/close/", hall.CallCloseApi.as_view(), name="api-call-close"),
    path(
        "tournaments/<id:tournament_id>/participants/<id:participant_id>/",
        participants.ParticipantDetailApi.as_view(),
        name="api-participant",
    ),
    path(
        "tournaments/<id:tournament_id>/participants/<id:participant_id>/player-suggestions/",
        participants.ParticipantSuggestionsApi.as_view(),
        name="api-participant-player-suggestions",
    ),
    path(
        "tournaments/<id:tournament_id>/archive/",
        archive.ArchiveListApi.as_view(),
        name="api-archives",
    ),
    path(
        "tournaments/<id:tournament_id>/archive/<id:version>.json",
        archive.ArchiveFileApi.as_view(),
        name="api-archive-file",
    ),
    path(
        "tournaments/<id:tournament_id>/archive/<id:version>.signed.json",
        keys.SignedArchiveApi.as_view(),
        name="api-archive-signed",
    ),
    path("installation/key/", keys.InstallationKeyApi.as_view(), name="api-installation-key"),
    path("seasons/<id:season_id>/keys/", keys.SeasonKeysApi.as_view(), name="api-season-keys"),
    path(
        "seasons/<id:season_id>/keys/<str:fingerprint>/",
        keys.SeasonKeyApi.as_view(),
        name="api-season-key",
    ),
    path(
        "seasons/<id:season_id>/imports/",
        keys.SeasonImportsApi.as_view(),
        name="api-season-imports",
    ),
    path("players/", players.PlayerListApi.as_view(), name="api-players"),
    path("players/<id:player_id>/", players.PlayerDetailApi.as_view(), name="api-player"),
    path(
        "players/<id:player_id>/merge/", players.PlayerMergeApi.as_view(), name="api-player-merge"
    ),
    path(
        "players/<id:player_id>/erase/", players.PlayerEraseApi.as_view(), name="api-player-erase"
    ),
    path("seasons/", seasons.SeasonListApi.as_view(), name="api-seasons"),
    path("seasons/<id:season_id>/", seasons.SeasonDetailApi.as_view(), name="api-season"),
    path(
        "seasons/<id:season_id>/tournaments/",
        seasons.SeasonTournamentsApi.as_view(),
        name="api-season-tournaments",
    ),
    path(
        "seasons/<id:season_id>/tournaments/<id:tournament_id>/",
        seasons.SeasonTournamentApi.as_view(),
        name="api-season-tournament",
    ),
    path(
        "seasons/<id:season_id>/packages/",
        packages.SeasonPackagesApi.as_view(),
        name="api-season-packages",
    ),
    path(
        "seasons/<id:season_id>/staff/",
        seasons.SeasonStaffListApi.as_view(),
        name="api-season-staff",
    ),
    path(
        "seasons/<id:season_id>/staff/<str:username>/",
        seasons.SeasonStaffMemberApi.as_view(),
        name="api-season-staff-member",
    ),
    path(
        "seasons/<id:season_id>/ranking/",
        season_ranking.SeasonRankingApi.as_view(),
        name="api-season-ranking",
    ),
    path(
        "seasons/<id:season_id>/ranking.xlsx",
        seasons.SeasonRankingXlsxApi.as_view(),
        name="api-season-ranking-xlsx",
    ),
    path(
        "seasons/<id:season_id>/ranking.pdf",
        seasons.SeasonRankingPdfApi.as_view(),
        name="api-season-ranking-pdf",
    ),
    path(
        "tournaments/<id:tournament_id>/characters/",
        characters.CharacterListApi.as_view(),
        name="api-characters",
    ),
    path(
        "tournaments/<id:tournament_id>/draw-commitments/",
        commitments.DrawCommitmentsApi.as_view(),
        name="api-draw-commitments",
    ),
    path(
        "tournaments/<id:tournament_id>/group-stage/draw/",
        draw.GroupDrawApi.as_view(),
        name="api-group-draw",
    ),
    path(
        "tournaments/<id:tournament_id>/events/",
        events.EventStreamApi.as_view(),
        name="api-tournament-events",
    ),
    path("tournaments/<id:tournament_id>/games/", games.GameListApi.as_view(), name="api-games"),
    path(
        "tournaments/<id:tournament_id>/standings/",
        standings.StandingsApi.as_view(),
        name="api-standings",
    ),
    path(
        "tournaments/<id:tournament_id>/penalties/",
        penalties.PenaltyListApi.as_view(),
        name="api-penalties",
    ),
    path(
        "tournaments/<id:tournament_id>/knockout/",
        knockout.KnockoutApi.as_view(),
        name="api-knockout",
    ),
    path(
        "tournaments/<id:tournament_id>/knockout/start/",
        knockout.KnockoutStartApi.as_view(),
        name="api-knockout-start",
    ),
    path(
        "tournaments/<id:tournament_id>/knockout/next-round/",
        knockout.KnockoutNextRoundApi.as_view(),
        name="api-knockout-next-round",
    ),
    path(
        "tournaments/<id:tournament_id>/ranking/",
        knockout.RankingApi.as_view(),
        name="api-ranking",
    ),
    path("users/", staff.UserCreateApi.as_view(), name="api-users"),
    path("tournaments/<id:tournament_id>/staff/", staff.StaffListApi.as_view(), name="api-staff"),
    path(
        "tournaments/<id:tournament_id>/staff/<str:username>/",
        staff.StaffMemberApi.as_view(),
        name="api-staff-member",
    ),
    path(
        "tournaments/<id:tournament_id>/statistics/",
        statistics.TournamentStatisticsApi.as_view(),
        name="api-tournament-statistics",
    ),
    path("statistics/", statistics.ServerStatisticsApi.as_view(), name="api-statistics"),
    path("tournaments/<id:tournament_id>/audit/", audit.AuditLogApi.as_view(), name="api-audit"),
    path("games/<id:game_id>/", games.GameDetailApi.as_view(), name="api-game"),
    path("games/<id:game_id>/result/", results.ResultApi.as_view(), name="api-game-result"),
    path("games/<id:game_id>/start/", games.GameStartApi.as_view(), name="api-game-start"),
    path(
        "games/<id:game_id>/player-confirmations/",
        results.PlayerConfirmationsApi.as_view(),
        name="api-player-confirmations",
    ),
    path(
        "games/<id:game_id>/history/", results.ResultHistoryApi.as_view(), name="api-game-history"
    ),
    path(
        "games/<id:game_id>/confirm/", results.ResultConfirmApi.as_view(), name="api-game-confirm"
    ),
    path("", include("tournaments.api.document_urls")),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
]
