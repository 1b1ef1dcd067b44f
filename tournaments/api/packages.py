"""Event packages through the API (rules.md §16, api.md "Many laptops, one season").

``POST /api/seasons/{id}/packages/`` (the season's organisers) makes a package
for a tournament to be played on a laptop; ``POST /api/tournaments/from-package/``
(members of ``organisers``) creates that tournament from the package, once.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, ClassVar

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import services
from tournaments.models import Season, Tournament

from .common import BaseApi, created
from .fields import SettingsField, StrictCharField, StrictIntegerField, StrictSerializer
from .permissions import CreatorOnly, SeasonOrganiserOnly
from .schema import ErrorCodes
from .tournaments import TournamentOutput

__all__ = ["PackageOutput", "SeasonPackagesApi", "TournamentFromPackageApi"]


class PackageSeason(StrictSerializer):
    id = StrictIntegerField(min_value=1)
    name = StrictCharField(max_length=200)


class PackageTournament(StrictSerializer):
    name = StrictCharField(max_length=200)
    date = serializers.DateField()
    ruleset = serializers.ChoiceField(choices=Tournament.RulesetChoice.choices)
    format = serializers.ChoiceField(choices=Tournament.FormatChoice.choices)
    settings = SettingsField()


class PackagePlayerSerializer(StrictSerializer):
    id = StrictIntegerField(min_value=1, help_text="The player's id on the season's server.")
    name = StrictCharField(max_length=120)
    nationality = StrictCharField(max_length=2, allow_blank=True)


class PackageOutput(StrictSerializer):
    """An event package: what a laptop needs to create the tournament (nothing private)."""

    package = serializers.UUIDField()
    season = PackageSeason()
    tournament = PackageTournament()
    players = PackagePlayerSerializer(many=True)


class SeasonPackagesApi(BaseApi):
    """``POST /api/seasons/{id}/packages/`` (the season's organisers) → ``201`` the package."""

    permission_classes = [SeasonOrganiserOnly]
    error_codes: ClassVar[ErrorCodes] = {
        "post": {400: ["unknown_setting", "invalid_setting", "unknown_player"]}
    }

    class InputSerializer(StrictSerializer):
        name = StrictCharField(max_length=200)
        date = serializers.DateField()
        ruleset = serializers.ChoiceField(
            choices=Tournament.RulesetChoice.choices,
            required=False,
            default=Tournament.RulesetChoice.BANG,
        )
        format = serializers.ChoiceField(
            choices=Tournament.FormatChoice.choices,
            required=False,
            default=Tournament.FormatChoice.GERMAN_CHAMPIONSHIP,
        )
        settings = SettingsField(required=False, default=dict)
        players = serializers.ListField(child=StrictIntegerField(min_value=1), max_length=2000)

    @cached_property
    def season(self) -> Season:
        return get_object_or_404(Season, pk=self.kwargs["season_id"])

    @extend_schema(request=InputSerializer, responses={201: PackageOutput})
    def post(self, request: Request, season_id: int) -> Response:
        values = self.parse(self.InputSerializer, request.data)
        package = services.package_make(season=self.season, **values, actor=self.actor)
        return created(package.content)


def package_values(data: Any) -> dict[str, Any]:
    """A package's JSON checked (``400`` with the field's problem): what
    ``services.tournament_from_package`` takes. The staff page and the command use it too."""
    values = BaseApi.parse(PackageOutput, data)
    return {
        "package": values["package"],
        "tournament": values["tournament"],
        "players": values["players"],
    }


class TournamentFromPackageApi(BaseApi):
    """``POST /api/tournaments/from-package/`` (members of ``organisers``) with a package
    → ``201`` the tournament (its creator organises it); again → ``409 package_used``."""

    permission_classes = [CreatorOnly]
    error_codes: ClassVar[ErrorCodes] = {
        "post": {400: ["unknown_setting", "invalid_setting"], 409: ["package_used"]}
    }

    @extend_schema(request=PackageOutput, responses={201: TournamentOutput})
    def post(self, request: Request) -> Response:
        tournament = services.tournament_from_package(
            **package_values(request.data), actor=self.actor
        )
        return created(TournamentOutput(tournament).data)
