"""Participants through the API: registration is a list in, a list out, all or nothing.

A **participant** is a player registered for one tournament; ``status`` says
whether they still play (active, withdrawn, excluded).
"""

from __future__ import annotations

from typing import ClassVar

from django.db import transaction
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import selectors, services
from tournaments.errors import InvalidInput, NotAllowed
from tournaments.models import Participant
from tournaments.permissions import is_organiser, is_staff_of

from .common import TournamentApi, created
from .fields import (
    LanguageField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
)
from .permissions import ReadOnlyOrReferee, RefereeOnly
from .schema import ErrorCodes

__all__ = [
    "ParticipantCheckInApi",
    "ParticipantDetailApi",
    "ParticipantListApi",
    "ParticipantOutput",
    "ParticipantReinstateApi",
    "ParticipantSuggestionsApi",
    "ParticipantWithdrawApi",
    "PublicParticipantOutput",
    "WithdrawAbsentApi",
]


#: What referees may change on a participant: the links to players (rules.md §13, §16).
LINKS = frozenset({"player", "federation_player"})


class PublicParticipantOutput(serializers.Serializer):
    """What everyone sees of a participant (rules.md §7, "Personal data")."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    nationality = serializers.CharField()
    status = serializers.CharField()
    player = serializers.IntegerField(
        source="player_id", allow_null=True, help_text="The player across tournaments, or null."
    )
    federation_player = serializers.IntegerField(
        allow_null=True,
        help_text="The id on the season's server of one of the event package's players, or null.",
    )


class ParticipantOutput(serializers.Serializer):
    """A participant. ``birth_date``, ``age_approved`` and ``pin`` are private
    (rules.md §7): only the tournament's staff get them, so they are optional."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    nationality = serializers.CharField()
    birth_date = serializers.DateField(allow_null=True, required=False)
    age_approved = serializers.BooleanField(required=False)
    status = serializers.CharField()
    pin = serializers.CharField(required=False, allow_null=True, source="shown_pin")
    checked_in = serializers.BooleanField(required=False)
    player = serializers.IntegerField(
        source="player_id", allow_null=True, help_text="The player across tournaments, or null."
    )
    federation_player = serializers.IntegerField(
        allow_null=True,
        help_text="The id on the season's server of one of the event package's players, or null.",
    )
    language = serializers.CharField(
        allow_null=True,
        required=False,
        source="language_or_none",
        help_text="The language of their player card, or null: the tournament's.",
    )


class ParticipantListApi(TournamentApi):
    """``GET/POST /api/tournaments/{id}/participants/``: a list in, a list out, all or nothing."""

    error_codes: ClassVar[ErrorCodes] = {
        "post": {
            400: [
                "unknown_nationality",
                "too_many_participants",
                "invalid_birth_date",
                "too_young",
                "unknown_player",
                "player_already_linked",
                "unknown_federation_player",
                "federation_player_already_linked",
                "unknown_language",
            ],
            409: ["draw_locked"],
        }
    }

    class InputSerializer(StrictSerializer):
        name = StrictCharField(max_length=120)
        nationality = StrictCharField(max_length=8)
        birth_date = serializers.DateField(required=False, allow_null=True, default=None)
        age_approved = StrictBooleanField(required=False, default=False)
        player = StrictIntegerField(required=False, allow_null=True, default=None, min_value=1)
        federation_player = StrictIntegerField(
            required=False, allow_null=True, default=None, min_value=1
        )
        language = LanguageField(required=False, allow_null=True, default=None)

    @extend_schema(
        responses={200: ParticipantOutput(many=True)},
        description="Birth dates and age approvals only for the tournament's staff.",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        participants = self.tournament.participants.order_by("id")  # player_id: no join
        output = (
            ParticipantOutput
            if is_staff_of(request.user, self.tournament)
            else PublicParticipantOutput
        )
        return Response(output(participants, many=True).data)

    @extend_schema(
        request=InputSerializer(many=True, allow_empty=False),
        responses={201: ParticipantOutput(many=True)},
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = self.tournament
        if not isinstance(request.data, list) or not request.data:
            raise InvalidInput.single(
                "invalid", _("Send a non-empty JSON list of participants."), field="participants"
            )
        items = self.parse(self.InputSerializer, request.data, many=True)
        registered = services.participants_register(
            tournament=tournament,
            items=[services.ParticipantInput(**item) for item in items],
            actor=self.actor,
        )
        return created(ParticipantOutput(registered, many=True).data)


class ParticipantWithdrawApi(TournamentApi):
    """``POST /api/tournaments/{id}/participants/{pid}/withdraw/`` (organiser, rules.md §7).

    An excluded participant stays excluded: ``409 already_excluded``.
    """

    error_codes: ClassVar[ErrorCodes] = {"post": {409: ["already_excluded", "already_withdrawn"]}}

    class InputSerializer(StrictSerializer):
        reason = StrictCharField(max_length=2000, required=False, allow_blank=True, default="")

    @extend_schema(request=InputSerializer, responses={200: ParticipantOutput})
    def post(self, request: Request, tournament_id: int, participant_id: int) -> Response:
        participant = get_object_or_404(Participant, pk=participant_id, tournament=self.tournament)
        values = self.parse(self.InputSerializer, request.data)
        withdrawn = services.participant_withdraw(
            participant=participant, actor=self.actor, reason=values["reason"]
        )
        return Response(ParticipantOutput(withdrawn).data)


class ParticipantReinstateApi(TournamentApi):
    """``POST /api/tournaments/{id}/participants/{pid}/reinstate/`` (organiser, api.md
    "The day's edges"): a withdrawal undone before the group-stage draw.

    The participant is active again with the same PIN and player link. An excluded
    participant stays excluded (``409 already_excluded``), an active one is
    ``409 not_withdrawn``; after the draw ``409 draw_locked``; a place taken
    meanwhile ``409 too_many_participants``.
    """

    error_codes: ClassVar[ErrorCodes] = {
        "post": {409: ["already_excluded", "not_withdrawn", "draw_locked", "too_many_participants"]}
    }

    @extend_schema(request=None, responses={200: ParticipantOutput})
    def post(self, request: Request, tournament_id: int, participant_id: int) -> Response:
        participant = get_object_or_404(Participant, pk=participant_id, tournament=self.tournament)
        reinstated = services.participant_reinstate(participant=participant, actor=self.actor)
        return Response(ParticipantOutput(reinstated).data)


class ParticipantCheckInApi(TournamentApi):
    """``POST/DELETE /api/tournaments/{id}/participants/{pid}/check-in/`` (staff, rules.md §12).

    A withdrawn or excluded participant cannot check in: ``409 not_active``.
    """

    permission_classes = [RefereeOnly]
    error_codes: ClassVar[ErrorCodes] = {"post": {409: ["not_active"]}}

    def _participant(self, participant_id: int) -> Participant:
        return get_object_or_404(Participant, pk=participant_id, tournament=self.tournament)

    @extend_schema(request=None, responses={200: ParticipantOutput})
    def post(self, request: Request, tournament_id: int, participant_id: int) -> Response:
        participant = services.participant_check_in(
            participant=self._participant(participant_id), checked_in=True, actor=self.actor
        )
        return Response(ParticipantOutput(participant).data)

    @extend_schema(request=None, responses={200: ParticipantOutput})
    def delete(self, request: Request, tournament_id: int, participant_id: int) -> Response:
        participant = services.participant_check_in(
            participant=self._participant(participant_id), checked_in=False, actor=self.actor
        )
        return Response(ParticipantOutput(participant).data)


class WithdrawAbsentApi(TournamentApi):
    """``POST /api/tournaments/{id}/participants/withdraw-absent/`` (organiser).

    Before the group-stage draw, withdraws every active participant who has not
    checked in ("not present at the draw") and answers them; ``409 draw_locked``
    after the draw.
    """

    error_codes: ClassVar[ErrorCodes] = {"post": {409: ["draw_locked"]}}

    @extend_schema(request=None, responses={200: ParticipantOutput(many=True)})
    def post(self, request: Request, tournament_id: int) -> Response:
        withdrawn = services.participants_withdraw_absent(
            tournament=self.tournament, actor=self.actor
        )
        return Response(ParticipantOutput(withdrawn, many=True).data)


class ParticipantDetailApi(TournamentApi):
    """``PATCH /api/tournaments/{id}/participants/{pid}/`` (the tournament's organisers):
    correct a participant, or link them to a player (``"player": 3``, or null) or to one
    of the event package's players (``"federation_player": 3``, or null)."""

    permission_classes = [ReadOnlyOrReferee]
    links_players = True  # also on an imported tournament (rules.md §16)
    error_codes: ClassVar[ErrorCodes] = {
        "patch": {
            403: ["not_allowed"],
            400: [
                "unknown_nationality",
                "invalid_birth_date",
                "too_young",
                "unknown_player",
                "player_already_linked",
                "unknown_federation_player",
                "federation_player_already_linked",
                "unknown_language",
            ],
        }
    }

    class InputSerializer(StrictSerializer):
        name = StrictCharField(max_length=120, required=False)
        nationality = StrictCharField(max_length=8, required=False)
        birth_date = serializers.DateField(required=False, allow_null=True)
        age_approved = StrictBooleanField(required=False)
        player = StrictIntegerField(required=False, allow_null=True, min_value=1)
        federation_player = StrictIntegerField(required=False, allow_null=True, min_value=1)
        language = LanguageField(required=False, allow_null=True)

    @extend_schema(request=InputSerializer, responses={200: ParticipantOutput})
    def patch(self, request: Request, tournament_id: int, participant_id: int) -> Response:
        participant = get_object_or_404(Participant, pk=participant_id, tournament=self.tournament)
        values = dict(self.parse(self.InputSerializer, request.data))
        if set(values) - LINKS and not is_organiser(request.user, self.tournament):
            # Referees link players; only organisers correct a participant's data.
            raise NotAllowed.single(
                "not_allowed", _("Only the tournament's organisers correct a participant.")
            )
        with transaction.atomic():
            if "player" in values:
                player = services.player_get(values.pop("player"))
                participant = services.participant_link_player(
                    participant=participant, player=player, actor=self.actor
                )
            if "federation_player" in values:
                participant = services.participant_link_federation_player(
                    participant=participant,
                    federation_player=values.pop("federation_player"),
                    actor=self.actor,
                )
            if values:
                participant = services.participant_update(
                    participant=participant,
                    data=services.ParticipantInput(
                        name=values.get("name", participant.name),
                        nationality=values.get("nationality", str(participant.nationality)),
                        birth_date=values.get("birth_date", participant.birth_date),
                        age_approved=values.get("age_approved", participant.age_approved),
                        language=values.get("language", participant.language_or_none),
                    ),
                    actor=self.actor,
                )
        return Response(ParticipantOutput(participant).data)


class PlayerSuggestionOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    nationality = serializers.CharField()


class ParticipantSuggestionsApi(TournamentApi):
    """``GET /api/tournaments/{id}/participants/{pid}/player-suggestions/`` (staff):
    players who may be this participant (rules.md §13)."""

    permission_classes = [RefereeOnly]

    @extend_schema(responses={200: PlayerSuggestionOutput(many=True)})
    def get(self, request: Request, tournament_id: int, participant_id: int) -> Response:
        participant = get_object_or_404(Participant, pk=participant_id, tournament=self.tournament)
        players = selectors.player_suggestions(participant)
        return Response(PlayerSuggestionOutput(players, many=True).data)
