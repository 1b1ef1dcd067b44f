"""The REST API (``docs/api.md`` in the shared docs): one view per operation.

Each view parses input with its nested ``InputSerializer``, calls one service
or selector, and answers with its ``OutputSerializer``. Lists are plain JSON
arrays in a stable order, never paginated.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from scoring.results import SeatReport
from scoring.rulesets import Role
from tournaments import selectors, services
from tournaments.errors import InvalidInput
from tournaments.models import Game, Penalty, Result, Stage, Tournament
from tournaments.preferences import SETTINGS

from .fields import (
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
    WinnerField,
)
from .permissions import OrganiserOnly, ReadOnlyOrReferee, RefereeOnly

# --------------------------------------------------------------------------- auth


class LoginThrottle(AnonRateThrottle):
    scope = "login"


class TokenLoginApi(APIView):
    """``POST /api/auth/token/``: username and password for a token."""

    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []
    throttle_classes = [LoginThrottle]

    class InputSerializer(StrictSerializer):
        username = StrictCharField(max_length=150)
        password = StrictCharField(max_length=256, trim_whitespace=False)

    class OutputSerializer(serializers.Serializer):
        token = serializers.CharField()

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer})
    def post(self, request: Request) -> Response:
        from django.contrib.auth import authenticate
        from django.utils.translation import gettext as _

        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = authenticate(
            request._request,
            username=data.validated_data["username"],
            password=data.validated_data["password"],
        )
        if user is None or not user.is_active:
            raise InvalidInput.single(
                "invalid_credentials", _("Unable to log in with these credentials.")
            )
        token, _created = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})


# --------------------------------------------------------------------------- tournaments


class TournamentOutput(serializers.ModelSerializer):
    settings = serializers.SerializerMethodField()

    class Meta:
        model = Tournament
        fields = ["id", "name", "date", "ruleset", "language", "settings"]

    def get_settings(self, obj: Tournament) -> dict[str, Any]:
        return dict(obj.config.values)


class TournamentListApi(APIView):
    """``GET/POST /api/tournaments/``."""

    class InputSerializer(StrictSerializer):
        name = StrictCharField(max_length=200)
        date = serializers.DateField()
        ruleset = serializers.ChoiceField(choices=Tournament.RulesetChoice.choices)
        language = serializers.ChoiceField(choices=["de", "en"], required=False, default="de")
        settings = serializers.DictField(required=False, default=dict)

    @extend_schema(responses={200: TournamentOutput(many=True)})
    def get(self, request: Request) -> Response:
        return Response(TournamentOutput(Tournament.objects.order_by("id"), many=True).data)

    @extend_schema(request=InputSerializer, responses={201: TournamentOutput})
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = services.tournament_create(**data.validated_data, actor=request.user)
        return Response(TournamentOutput(tournament).data, status=status.HTTP_201_CREATED)


class TournamentDetailApi(APIView):
    """``GET /api/tournaments/{id}/``."""

    @extend_schema(responses={200: TournamentOutput})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        return Response(TournamentOutput(tournament).data)


class SettingsApi(APIView):
    """``GET /api/settings/``: every tournament setting with its default."""

    class OutputSerializer(serializers.Serializer):
        key = serializers.CharField()
        type = serializers.CharField()
        default = serializers.JSONField()
        label = serializers.CharField()

    @extend_schema(responses={200: OutputSerializer(many=True)})
    def get(self, request: Request) -> Response:
        return Response(
            [
                {"key": s.key, "type": s.kind.__name__, "default": s.default, "label": str(s.label)}
                for s in SETTINGS
            ]
        )


# --------------------------------------------------------------------------- participants


class ParticipantOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    nationality = serializers.CharField()
    birth_date = serializers.DateField(allow_null=True)
    age_approved = serializers.BooleanField()
    status = serializers.CharField()


class ParticipantListApi(APIView):
    """``GET/POST /api/tournaments/{id}/participants/``: a list in, a list out, all or nothing."""

    class InputSerializer(StrictSerializer):
        name = StrictCharField(max_length=120)
        nationality = StrictCharField(max_length=8)
        birth_date = serializers.DateField(required=False, allow_null=True, default=None)
        age_approved = StrictBooleanField(required=False, default=False)

    @extend_schema(responses={200: ParticipantOutput(many=True)})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        participants = tournament.participants.order_by("id")
        return Response(ParticipantOutput(participants, many=True).data)

    @extend_schema(
        request=InputSerializer(many=True), responses={201: ParticipantOutput(many=True)}
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        from django.utils.translation import gettext as _

        tournament = get_object_or_404(Tournament, pk=tournament_id)
        if not isinstance(request.data, list) or not request.data:
            raise InvalidInput.single(
                "invalid", _("Send a non-empty JSON list of participants."), field="participants"
            )
        data = self.InputSerializer(data=request.data, many=True)
        data.is_valid(raise_exception=True)
        created = services.participants_register(
            tournament=tournament,
            items=[services.ParticipantInput(**item) for item in data.validated_data],
            actor=request.user,
        )
        return Response(ParticipantOutput(created, many=True).data, status=status.HTTP_201_CREATED)


# --------------------------------------------------------------------------- draw


class SeatOutput(serializers.Serializer):
    """Who sits at a position of a table."""

    position = serializers.IntegerField()
    participant = serializers.IntegerField(source="participant_id")
    name = serializers.CharField(source="participant.name")


class DrawOutput(serializers.Serializer):
    class TableOut(serializers.Serializer):
        number = serializers.IntegerField()
        size = serializers.IntegerField()
        seats = SeatOutput(many=True, source="seat_list")

    seed = serializers.CharField()
    five_tables = serializers.IntegerField(allow_null=True)
    tables = TableOut(many=True)


def _draw_payload(tournament: Tournament) -> dict[str, Any]:
    tables = selectors.group_tables(tournament)
    for table in tables:
        table.seat_list = list(table.seats.all())
    draw = getattr(tournament, "group_draw", None)
    return {
        "seed": draw.seed if draw else "",
        "five_tables": draw.five_tables if draw else None,
        "tables": tables,
    }


class GroupDrawApi(APIView):
    """``GET/POST /api/tournaments/{id}/group-stage/draw/``."""

    class InputSerializer(StrictSerializer):
        seed = StrictCharField(max_length=200)
        five_tables = StrictIntegerField(required=False, allow_null=True, default=None, min_value=0)

    @extend_schema(responses={200: DrawOutput})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        return Response(DrawOutput(_draw_payload(tournament)).data)

    @extend_schema(request=InputSerializer, responses={201: DrawOutput})
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.group_stage_draw(tournament=tournament, **data.validated_data, actor=request.user)
        tournament.refresh_from_db()
        return Response(DrawOutput(_draw_payload(tournament)).data, status=status.HTTP_201_CREATED)


# --------------------------------------------------------------------------- games


class ResultSeatOutput(serializers.Serializer):
    position = serializers.IntegerField()
    participant = serializers.IntegerField(source="participant_id")
    role = serializers.SerializerMethodField()
    character = serializers.SerializerMethodField()
    lives = serializers.IntegerField(allow_null=True)
    eliminated_by = serializers.IntegerField(allow_null=True)
    final_duel = serializers.BooleanField()
    won = serializers.BooleanField()
    bounty = serializers.IntegerField(allow_null=True)

    def get_role(self, obj: Any) -> str | None:
        return obj.role or None

    def get_character(self, obj: Any) -> str | None:
        return obj.character or None


class ResultOutput(serializers.Serializer):
    game = serializers.IntegerField(source="game_id")
    version = serializers.IntegerField()
    winner = WinnerField()
    signed = serializers.BooleanField()
    reason = serializers.CharField()
    recorded_at = serializers.DateTimeField()
    recorded_by = serializers.CharField(source="recorded_by.get_username")
    confirmed = serializers.SerializerMethodField()
    seats = ResultSeatOutput(many=True, source="seat_list")

    def get_confirmed(self, obj: Result) -> bool:
        return obj.confirmed_by_id is not None


class GameOutput(serializers.Serializer):
    id = serializers.IntegerField()
    stage = serializers.CharField()
    round = serializers.IntegerField()
    table = serializers.IntegerField(source="table.number")
    size = serializers.IntegerField(source="table.size")
    sheriff_position = serializers.IntegerField(allow_null=True)
    status = serializers.CharField()
    version = serializers.IntegerField()
    seats = SeatOutput(many=True, source="seat_list")


class GameDetailOutput(GameOutput):
    result = serializers.SerializerMethodField()

    def get_result(self, obj: Game) -> dict[str, Any] | None:
        result = getattr(obj, "current", None)
        if result is None:
            return None
        result.seat_list = sorted(result.seats.all(), key=lambda s: s.position)
        return ResultOutput(result).data


class GameListApi(APIView):
    """``GET /api/tournaments/{id}/games/?stage=group&round=2``."""

    class FilterSerializer(StrictSerializer):
        stage = serializers.ChoiceField(choices=Stage.choices, required=False)
        round = serializers.IntegerField(required=False, min_value=1, max_value=1000)

    @extend_schema(parameters=[FilterSerializer], responses={200: GameOutput(many=True)})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        filters = self.FilterSerializer(data=request.query_params.dict())
        filters.is_valid(raise_exception=True)
        games = selectors.games_list(tournament, **filters.validated_data)
        return Response(GameOutput(games, many=True).data)


def _game_detail(game_id: int) -> Game:
    game = get_object_or_404(Game.objects.select_related("table", "tournament"), pk=game_id)
    game.seat_list = list(game.table.seats.select_related("participant").order_by("position"))
    game.current = selectors.current_result(game)
    return game


class GameDetailApi(APIView):
    """``GET /api/games/{id}/``: the game, with its result once recorded."""

    @extend_schema(responses={200: GameDetailOutput})
    def get(self, request: Request, game_id: int) -> Response:
        return Response(GameDetailOutput(_game_detail(game_id)).data)


class ResultApi(APIView):
    """``PUT /api/games/{id}/result/``: record or correct a game's result (referee)."""

    permission_classes = [RefereeOnly]

    class InputSerializer(StrictSerializer):
        class SeatIn(StrictSerializer):
            position = StrictIntegerField(min_value=1, max_value=50)
            role = serializers.ChoiceField(
                choices=["sheriff", "deputy", "outlaw", "renegade"], allow_null=True
            )
            character = StrictCharField(
                max_length=100, required=False, allow_null=True, allow_blank=True, default=None
            )
            lives = StrictIntegerField(required=False, allow_null=True, default=None)
            eliminated_by = StrictIntegerField(required=False, allow_null=True, default=None)
            final_duel = StrictBooleanField(required=False, default=False)

        seats = SeatIn(many=True, allow_empty=False, max_length=50)
        winner = WinnerField(required=False, allow_null=True, default=None)
        signed = StrictBooleanField(required=False, default=False)
        reason = StrictCharField(required=False, allow_blank=True, default="", max_length=2000)
        version = StrictIntegerField(required=False, allow_null=True, default=None, min_value=0)

    class OutputSerializer(serializers.Serializer):
        game = serializers.IntegerField(source="game_id")
        version = serializers.IntegerField()
        winner = WinnerField()
        signed = serializers.BooleanField()
        seats = ResultSeatOutput(many=True, source="seat_list")

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer})
    def put(self, request: Request, game_id: int) -> Response:
        game = get_object_or_404(Game, pk=game_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        result = services.result_record(
            game=game,
            seats=[
                SeatReport(**{**seat, "role": Role(seat["role"]) if seat["role"] else None})
                for seat in values["seats"]
            ],
            winner=values["winner"],
            signed=values["signed"],
            reason=values["reason"],
            version=values["version"],
            actor=request.user,
        )
        result.seat_list = list(result.seats.order_by("position"))
        return Response(self.OutputSerializer(result).data)


class ResultHistoryApi(APIView):
    """``GET /api/games/{id}/history/``: every version of a game's result, oldest first."""

    permission_classes = [RefereeOnly]

    class OutputSerializer(serializers.Serializer):
        version = serializers.IntegerField()
        recorded_at = serializers.DateTimeField()
        recorded_by = serializers.CharField(source="recorded_by.get_username")
        reason = serializers.CharField()
        current = serializers.BooleanField(source="is_current")
        confirmed_by = serializers.SerializerMethodField()
        result = serializers.SerializerMethodField()

        def get_confirmed_by(self, obj: Result) -> str | None:
            return obj.confirmed_by.get_username() if obj.confirmed_by else None

        def get_result(self, obj: Result) -> dict[str, Any]:
            obj.seat_list = sorted(obj.seats.all(), key=lambda s: s.position)
            return ResultOutput(obj).data

    @extend_schema(responses={200: OutputSerializer(many=True)})
    def get(self, request: Request, game_id: int) -> Response:
        game = get_object_or_404(Game, pk=game_id)
        results = (
            Result.objects.filter(game=game)
            .select_related("recorded_by", "confirmed_by")
            .prefetch_related("seats")
            .order_by("version")
        )
        return Response(self.OutputSerializer(results, many=True).data)


class ResultConfirmApi(APIView):
    """``POST /api/games/{id}/confirm/``: a second person confirms the result."""

    permission_classes = [RefereeOnly]

    class InputSerializer(StrictSerializer):
        version = StrictIntegerField(required=False, allow_null=True, default=None)

    @extend_schema(request=InputSerializer, responses={200: ResultOutput})
    def post(self, request: Request, game_id: int) -> Response:
        game = get_object_or_404(Game, pk=game_id)
        data = self.InputSerializer(data=request.data or {})
        data.is_valid(raise_exception=True)
        result = services.result_confirm(game=game, actor=request.user, **data.validated_data)
        result.seat_list = list(result.seats.order_by("position"))
        return Response(ResultOutput(result).data)


# --------------------------------------------------------------------------- standings, penalties


class StandingsApi(APIView):
    """``GET /api/tournaments/{id}/standings/``: live group standings."""

    class OutputSerializer(serializers.Serializer):
        class RowOut(serializers.Serializer):
            rank = serializers.IntegerField()
            participant = serializers.IntegerField(source="participant.pk")
            name = serializers.CharField(source="participant.name")
            nationality = serializers.CharField(source="participant.nationality")
            table = serializers.IntegerField(allow_null=True)
            position = serializers.IntegerField(allow_null=True)
            table_rank = serializers.IntegerField(allow_null=True)
            bounty = serializers.IntegerField()
            game_bounty = serializers.IntegerField()
            bonus = serializers.IntegerField()
            deductions = serializers.IntegerField()
            wins = serializers.IntegerField()
            lives = serializers.IntegerField()
            games_played = serializers.IntegerField()
            excluded = serializers.BooleanField()
            withdrawn = serializers.BooleanField()

        class MissingOut(serializers.Serializer):
            id = serializers.IntegerField()
            round = serializers.IntegerField()
            table = serializers.IntegerField(source="table.number")

        complete = serializers.BooleanField()
        games_recorded = serializers.IntegerField()
        games_total = serializers.IntegerField()
        missing = MissingOut(many=True, source="missing_games")
        rows = RowOut(many=True)

    @extend_schema(responses={200: OutputSerializer})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        standings = selectors.group_standings(tournament, with_missing=True)
        return Response(self.OutputSerializer(standings).data)


class PenaltyListApi(APIView):
    """``GET/POST /api/tournaments/{id}/penalties/`` (giving one: referee)."""

    permission_classes = [ReadOnlyOrReferee]

    class InputSerializer(StrictSerializer):
        participant = StrictIntegerField()
        kind = serializers.ChoiceField(choices=Penalty.Kind.values)
        amount = StrictIntegerField(required=False, default=0, min_value=0, max_value=1_000_000)
        reason = StrictCharField(max_length=2000)

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        participant = serializers.IntegerField(source="participant_id")
        name = serializers.CharField(source="participant.name")
        kind = serializers.CharField()
        amount = serializers.IntegerField()
        reason = serializers.CharField()
        referee = serializers.CharField(source="referee.get_username")
        created_at = serializers.DateTimeField()

    @extend_schema(responses={200: OutputSerializer(many=True)})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        penalties = tournament.penalties.select_related("participant", "referee").order_by("id")
        return Response(self.OutputSerializer(penalties, many=True).data)

    @extend_schema(request=InputSerializer, responses={201: OutputSerializer})
    def post(self, request: Request, tournament_id: int) -> Response:
        from django.utils.translation import gettext as _

        tournament = get_object_or_404(Tournament, pk=tournament_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        participant = tournament.participants.filter(pk=values.pop("participant")).first()
        if participant is None:
            raise InvalidInput.single(
                "unknown_participant",
                _("No such participant in this tournament."),
                field="participant",
            )
        penalty = services.penalty_give(participant=participant, actor=request.user, **values)
        return Response(self.OutputSerializer(penalty).data, status=status.HTTP_201_CREATED)


# --------------------------------------------------------------------------- knockout, ranking


class KnockoutTableOutput(serializers.Serializer):
    round = serializers.IntegerField()
    number = serializers.IntegerField()
    size = serializers.IntegerField()
    game = serializers.IntegerField(source="game.pk")
    status = serializers.CharField(source="game.status")
    pick_order = serializers.ListField(child=serializers.IntegerField())
    seed = serializers.CharField(help_text="The seed of the draw that seated this round.")
    characters_to_reveal = serializers.SerializerMethodField()
    seats = SeatOutput(many=True, source="seat_list")

    def get_characters_to_reveal(self, obj: Any) -> int:
        return obj.size + 1


def _knockout_payload(tournament: Tournament, *, round: int | None = None) -> dict[str, Any]:
    from django.utils.translation import gettext as _

    knockout = tournament.knockout
    tables = [t for t in selectors.knockout_tables(tournament) if round is None or t.round == round]
    warnings = []
    if round is not None and len(tables) > 3:
        warnings.append(
            {
                "code": "more_than_three_tables",
                "message": _("This round needs %(count)s tables (more than three).")
                % {"count": len(tables)},
            }
        )
    return {
        "seeding": knockout.seeding,
        "round": knockout.current_round,
        "field_size": knockout.field_size,
        "seed": knockout.seed,
        "champion": knockout.champion_id,
        "tables": KnockoutTableOutput(tables, many=True).data,
        "lots": [
            {
                "purpose": lot.purpose,
                "candidates": lot.candidates,
                "order": lot.order,
                "places": lot.places,
            }
            for lot in selectors.lot_draws(tournament)
        ],
        "warnings": warnings,
    }


class KnockoutOutput(serializers.Serializer):
    """What the knockout endpoints answer (documentation of ``_knockout_payload``)."""

    class LotOut(serializers.Serializer):
        purpose = serializers.CharField()
        candidates = serializers.ListField(child=serializers.IntegerField())
        order = serializers.ListField(child=serializers.IntegerField())
        places = serializers.IntegerField()

    class WarningOut(serializers.Serializer):
        code = serializers.CharField()
        message = serializers.CharField()

    seeding = serializers.ListField(child=serializers.IntegerField())
    round = serializers.IntegerField(allow_null=True)
    field_size = serializers.IntegerField(required=False)
    seed = serializers.CharField(required=False)
    champion = serializers.IntegerField(allow_null=True)
    tables = KnockoutTableOutput(many=True)
    lots = LotOut(many=True)
    warnings = WarningOut(many=True, required=False)


class ChampionOutput(serializers.Serializer):
    champion = serializers.IntegerField()


class KnockoutApi(APIView):
    """``GET /api/tournaments/{id}/knockout/``: the seeding list, every round's tables, lots."""

    @extend_schema(responses={200: KnockoutOutput})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        if not hasattr(tournament, "knockout"):
            return Response(
                {"seeding": [], "round": None, "tables": [], "lots": [], "champion": None}
            )
        return Response(_knockout_payload(tournament))


class KnockoutStartApi(APIView):
    """``POST /api/tournaments/{id}/knockout/start/`` (organiser)."""

    class InputSerializer(StrictSerializer):
        seed = StrictCharField(max_length=200)
        field_size = StrictIntegerField(required=False, allow_null=True, default=None, min_value=2)

    @extend_schema(request=InputSerializer, responses={201: KnockoutOutput})
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        knockout = services.knockout_start(
            tournament=tournament, **data.validated_data, actor=request.user
        )
        tournament.knockout = knockout
        return Response(_knockout_payload(tournament, round=1), status=status.HTTP_201_CREATED)


class KnockoutNextRoundApi(APIView):
    """``POST /api/tournaments/{id}/knockout/next-round/`` (organiser)."""

    class InputSerializer(StrictSerializer):
        seed = StrictCharField(max_length=200, required=False, allow_blank=True, default="")

    @extend_schema(request=InputSerializer, responses={200: ChampionOutput, 201: KnockoutOutput})
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        data = self.InputSerializer(data=request.data or {})
        data.is_valid(raise_exception=True)
        knockout = services.knockout_next_round(
            tournament=tournament, seed=data.validated_data["seed"] or None, actor=request.user
        )
        if knockout.champion_id is not None:
            return Response({"champion": knockout.champion_id})
        tournament.knockout = knockout
        payload = _knockout_payload(tournament, round=knockout.current_round)
        return Response(payload, status=status.HTTP_201_CREATED)


class RankingApi(APIView):
    """``GET /api/tournaments/{id}/ranking/``: the final ranking (current order until the end)."""

    class OutputSerializer(serializers.Serializer):
        class RowOut(serializers.Serializer):
            place = serializers.IntegerField()
            participant = serializers.IntegerField(source="participant.pk")
            name = serializers.CharField(source="participant.name")
            nationality = serializers.CharField(source="participant.nationality")
            knockout_round_reached = serializers.IntegerField(allow_null=True)
            excluded = serializers.BooleanField()

        final = serializers.BooleanField()
        champion = serializers.IntegerField(source="champion.pk", allow_null=True, default=None)
        title_holder = serializers.IntegerField(
            source="title_holder.pk", allow_null=True, default=None
        )
        rows = RowOut(many=True)

    @extend_schema(responses={200: OutputSerializer})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        return Response(self.OutputSerializer(selectors.final_ranking(tournament)).data)


class AuditLogApi(APIView):
    """``GET /api/tournaments/{id}/audit/``: every change, oldest first (organiser)."""

    permission_classes = [OrganiserOnly]

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        created_at = serializers.DateTimeField()
        actor = serializers.SerializerMethodField()
        action = serializers.CharField()
        object_type = serializers.CharField()
        object_id = serializers.CharField()
        before = serializers.JSONField()
        after = serializers.JSONField()

        def get_actor(self, obj: Any) -> str | None:
            return obj.actor.get_username() if obj.actor else None

    @extend_schema(responses={200: OutputSerializer(many=True)})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        entries = tournament.audit_entries.select_related("actor").order_by("id")
        return Response(self.OutputSerializer(entries, many=True).data)
