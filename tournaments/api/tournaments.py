"""Tournaments through the API: the list, one tournament, and the settings they take.

A tournament's **settings** are its typed preferences (``preferences.SETTINGS``):
every key has a default, a tournament stores only what differs.
"""

from __future__ import annotations

from typing import ClassVar

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import services
from tournaments.models import Tournament
from tournaments.preferences import SETTINGS, merge_overrides

from .common import BaseApi, TournamentApi, created
from .fields import LanguageField, SettingsField, StrictCharField, StrictSerializer
from .permissions import ReadOnlyOrCreator
from .schema import ErrorCodes

__all__ = ["SettingsApi", "TournamentDetailApi", "TournamentListApi", "TournamentOutput"]


class TournamentOutput(serializers.ModelSerializer):
    settings = SettingsField(source="config.values", read_only=True)
    # Declared, not derived from the model: the model field's range (and so the
    # schema's format) would depend on the database backend.
    version = serializers.IntegerField(
        read_only=True, help_text="Grows with every change; send it back to PATCH."
    )

    class Meta:
        model = Tournament
        fields = ["id", "name", "date", "ruleset", "language", "format", "settings", "version"]


class TournamentListApi(BaseApi):
    """``GET/POST /api/tournaments/``: anyone reads; the group ``organisers`` creates
    (the creator becomes the tournament's first organiser)."""

    permission_classes = [ReadOnlyOrCreator]

    error_codes: ClassVar[ErrorCodes] = {
        "post": {400: ["unknown_setting", "invalid_setting", "unknown_language"]}
    }

    class InputSerializer(StrictSerializer):
        name = StrictCharField(max_length=200)
        date = serializers.DateField()
        ruleset = serializers.ChoiceField(choices=Tournament.RulesetChoice.choices)
        language = LanguageField(required=False, default="de")
        format = serializers.ChoiceField(
            choices=Tournament.FormatChoice.choices,
            required=False,
            default=Tournament.FormatChoice.GERMAN_CHAMPIONSHIP,
        )
        settings = SettingsField(required=False, default=dict)

    @extend_schema(responses={200: TournamentOutput(many=True)})
    def get(self, request: Request) -> Response:
        return Response(TournamentOutput(Tournament.objects.order_by("id"), many=True).data)

    @extend_schema(request=InputSerializer, responses={201: TournamentOutput})
    def post(self, request: Request) -> Response:
        values = self.parse(self.InputSerializer, request.data)
        tournament = services.tournament_create(**values, actor=self.actor)
        return created(TournamentOutput(tournament).data)


class TournamentDetailApi(TournamentApi):
    """``GET /api/tournaments/{id}/``; ``PATCH`` (organiser) changes the keys given.

    ``version`` is the tournament's version the client read: a stale one is
    refused with ``409 version_conflict`` and nothing changes
    (``services.versions``).
    """

    error_codes: ClassVar[ErrorCodes] = {
        "patch": {
            400: ["unknown_setting", "invalid_setting", "unknown_language"],
            409: ["draw_locked", "version_conflict"],
        }
    }

    class PatchSerializer(StrictSerializer):
        name = StrictCharField(max_length=200, required=False)
        date = serializers.DateField(required=False)
        ruleset = serializers.ChoiceField(choices=Tournament.RulesetChoice.choices, required=False)
        language = LanguageField(required=False)
        format = serializers.ChoiceField(choices=Tournament.FormatChoice.choices, required=False)
        settings = SettingsField(required=False)
        version = serializers.IntegerField(min_value=1, required=False)

    @extend_schema(responses={200: TournamentOutput})
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(TournamentOutput(self.tournament).data)

    @extend_schema(request=PatchSerializer, responses={200: TournamentOutput})
    def patch(self, request: Request, tournament_id: int) -> Response:
        values = self.parse(self.PatchSerializer, request.data)
        version = values.pop("version", None)
        stored = self.tournament.settings
        new_format = values.get("format", self.tournament.format) != self.tournament.format
        if "settings" in values or new_format:  # only the settings given change
            values["settings"] = merge_overrides(
                stored, values.get("settings", {}), format_changed=new_format
            )
        tournament = services.tournament_update(
            tournament=self.tournament, actor=self.actor, version=version, **values
        )
        return Response(TournamentOutput(tournament).data)


class SettingsApi(BaseApi):
    """``GET /api/settings/``: every tournament setting with its default."""

    class OutputSerializer(serializers.Serializer):
        key = serializers.CharField()
        type = serializers.CharField()
        default = serializers.JSONField()
        # DRF's metaclass takes declared fields out of the class body, so this
        # field does not shadow ``Field.label``; the stubs cannot know that.
        label = serializers.CharField()  # type: ignore[assignment]

    @extend_schema(responses={200: OutputSerializer(many=True)})
    def get(self, request: Request) -> Response:
        return Response(
            [
                {"key": s.key, "type": s.kind.__name__, "default": s.default, "label": str(s.label)}
                for s in SETTINGS
            ]
        )
