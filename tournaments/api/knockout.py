"""The knockout and the final ranking through the API.

- The **seeding** list ranks the knockout field (participant ids, best first);
  the ``field_size`` is how many players the knockout takes from the group
  stage. Each knockout **round** seats its tables from a **seed**.
- A knockout table's **pick order** is the order in which its players pick
  their characters; ``characters_to_reveal`` is how many characters are
  turned up for them to pick from (one more than the players).
- A **lot** is a recorded drawing of lots where a shared rank decided a place.
- The **champion** wins the final; the **ranking** is the final order (the
  current order until the knockout ends).
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.utils.translation import gettext as _
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import selectors, services
from tournaments.models import Stage, Tournament
from tournaments.selectors import KnockoutTableView

from .common import TournamentApi, created
from .fields import StrictCharField, StrictIntegerField, StrictSerializer
from .schema import ErrorCodes
from .serializers import SeatOutput

__all__ = [
    "ChampionOutput",
    "FinalTableOutput",
    "KnockoutApi",
    "KnockoutNextRoundApi",
    "KnockoutOutput",
    "KnockoutStartApi",
    "KnockoutTableOutput",
    "RankingApi",
]


# Reads a ``selectors.KnockoutTableView``.
class KnockoutTableOutput(serializers.Serializer):
    round = serializers.IntegerField(source="table.round")
    number = serializers.IntegerField(source="table.number")
    size = serializers.IntegerField(source="table.size")
    game = serializers.IntegerField(source="game.pk")
    status = serializers.CharField(source="game.status")
    pick_order = serializers.ListField(child=serializers.IntegerField(), source="table.pick_order")
    seed = serializers.CharField(
        source="table.seed", help_text="The seed of the draw that seated this round."
    )
    characters_to_reveal = serializers.SerializerMethodField()
    seats = SeatOutput(many=True)

    def get_characters_to_reveal(self, obj: KnockoutTableView) -> int:
        return obj.table.size + 1


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


class FinalTableOutput(serializers.Serializer):
    """A format's final table (rules.md §14): the answer of the knockout endpoints for it."""

    class TableOut(serializers.Serializer):
        number = serializers.IntegerField(source="table.number")
        size = serializers.IntegerField(source="table.size")
        seats = SeatOutput(many=True)
        sheriff_positions = serializers.ListField(
            child=serializers.IntegerField(),
            help_text="The Sheriff's position in each game of the final table, game 1 first.",
        )

    stage = serializers.CharField(help_text='Always "final".')
    seed = serializers.CharField()
    seeding = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The finalists in standings order (shared ranks ordered by lot).",
    )
    champion = serializers.IntegerField(allow_null=True)
    tables = TableOut(many=True)
    lots = KnockoutOutput.LotOut(many=True)


class ChampionOutput(serializers.Serializer):
    champion = serializers.IntegerField()


# Before the knockout starts: no ``field_size``, ``seed`` or ``warnings``.
_NO_KNOCKOUT: dict[str, Any] = {
    "seeding": [],
    "round": None,
    "tables": [],
    "lots": [],
    "champion": None,
}


def _knockout_payload(tournament: Tournament, *, round: int | None = None) -> dict[str, Any]:
    """The knockout of ``tournament`` for ``KnockoutOutput``: every round, or only ``round``.

    A single round with more than three tables carries a warning.
    """
    knockout = tournament.knockout
    tables = [
        t for t in selectors.knockout_tables(tournament) if round is None or t.table.round == round
    ]
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
        "tables": tables,
        "lots": selectors.lot_draws(tournament),
        "warnings": warnings,
    }


def _final_table_payload(tournament: Tournament) -> dict[str, Any]:
    """The final table of ``tournament`` for ``FinalTableOutput``."""
    knockout = tournament.knockout
    view = selectors.final_table_view(tournament)
    return {
        "stage": Stage.FINAL.value,
        "seed": knockout.seed,
        "seeding": knockout.seeding,
        "champion": knockout.champion_id,
        "tables": [view] if view else [],
        "lots": selectors.lot_draws(tournament),
    }


#: The knockout endpoints answer a knockout, or a format's final table.
_KNOCKOUT_OR_FINAL = PolymorphicProxySerializer(
    component_name="KnockoutOrFinalTable",
    serializers=[KnockoutOutput, FinalTableOutput],
    resource_type_field_name=None,
)


class KnockoutApi(TournamentApi):
    """``GET /api/tournaments/{id}/knockout/``: the seeding list, every round's tables, lots
    (or a format's final table)."""

    @extend_schema(responses={200: _KNOCKOUT_OR_FINAL})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = self.tournament
        if not hasattr(tournament, "knockout"):
            return Response(KnockoutOutput(_NO_KNOCKOUT).data)
        if tournament.config.format.final.is_table:
            return Response(FinalTableOutput(_final_table_payload(tournament)).data)
        return Response(KnockoutOutput(_knockout_payload(tournament)).data)


class KnockoutStartApi(TournamentApi):
    """``POST /api/tournaments/{id}/knockout/start/`` (organiser)."""

    error_codes: ClassVar[ErrorCodes] = {
        "post": {
            400: [
                "invalid_seed",
                "invalid_field_size",
                "seed_and_commitment",
                "unknown_commitment",
            ],
            409: ["knockout_started", "round_incomplete", "commitment_used", "too_few_characters"],
        }
    }

    class InputSerializer(StrictSerializer):
        seed = StrictCharField(max_length=200, required=False, default=None)
        commitment = StrictCharField(max_length=64, required=False, default=None)
        field_size = StrictIntegerField(required=False, allow_null=True, default=None, min_value=2)

    @extend_schema(request=InputSerializer, responses={201: _KNOCKOUT_OR_FINAL})
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = self.tournament
        values = self.parse(self.InputSerializer, request.data)
        knockout = services.knockout_start(tournament=tournament, **values, actor=self.actor)
        tournament.knockout = knockout
        if tournament.config.format.final.is_table:
            return created(FinalTableOutput(_final_table_payload(tournament)).data)
        return created(KnockoutOutput(_knockout_payload(tournament, round=1)).data)


class KnockoutNextRoundApi(TournamentApi):
    """``POST /api/tournaments/{id}/knockout/next-round/`` (organiser)."""

    error_codes: ClassVar[ErrorCodes] = {
        "post": {
            400: ["invalid_seed", "seed_and_commitment", "unknown_commitment"],
            409: [
                "knockout_not_started",
                "knockout_finished",
                "round_incomplete",
                "nobody_left",
                "commitment_used",
                "too_few_characters",
            ],
        }
    }

    class InputSerializer(StrictSerializer):
        seed = StrictCharField(max_length=200, required=False, allow_blank=True, default="")
        commitment = StrictCharField(max_length=64, required=False, default=None)

    @extend_schema(request=InputSerializer, responses={200: ChampionOutput, 201: KnockoutOutput})
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = self.tournament
        values = self.parse(self.InputSerializer, request.data)  # an empty body is {}
        knockout = services.knockout_next_round(
            tournament=tournament,
            seed=values["seed"] or None,
            commitment=values["commitment"],
            actor=self.actor,
        )
        if knockout.champion_id is not None:
            return Response(ChampionOutput({"champion": knockout.champion_id}).data)
        tournament.knockout = knockout
        payload = _knockout_payload(tournament, round=knockout.current_round)
        return created(KnockoutOutput(payload).data)


class RankingApi(TournamentApi):
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
        ranking = selectors.final_ranking(self.tournament)
        return Response(self.OutputSerializer(ranking).data)
