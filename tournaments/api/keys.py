"""Signing keys, signed archives and their import (rules.md §16, api.md "Many laptops, one season").

- ``GET /api/installation/key/`` (members of ``organisers``): this
  installation's public key and fingerprint.
- ``GET /api/tournaments/{id}/archive/{version}.signed.json`` (anyone): the
  archive's exact bytes in base64, their SHA-256, the installation's Ed25519
  signature over them, its public key and the tournament's event package.
- ``GET/POST /api/seasons/{id}/keys/`` (the season's organisers): the keys the
  season trusts.
- ``POST /api/seasons/{id}/imports/`` (the season's organisers): import a
  signed archive (``201``; the same archive again ``200`` with the same body).
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import services, signing
from tournaments.models import SeasonKey, Tournament, TournamentArchive

from .archive import Withdrawn
from .common import BaseApi, TournamentApi, created
from .fields import StrictCharField, StrictSerializer
from .permissions import CreatorOnly, SeasonOrganiserOnly
from .schema import ErrorCodes
from .seasons import SeasonApi

__all__ = [
    "InstallationKeyApi",
    "SeasonImportsApi",
    "SeasonKeyApi",
    "SeasonKeysApi",
    "SignedArchiveApi",
]


class KeyOutput(serializers.Serializer):
    public_key = serializers.CharField()
    fingerprint = serializers.CharField()


class InstallationKeyApi(BaseApi):
    """``GET /api/installation/key/``: made on first use."""

    permission_classes = [CreatorOnly]

    @extend_schema(responses={200: KeyOutput})
    def get(self, request: Request) -> Response:
        raw = bytes(services.installation_key().public_key)
        return Response({"public_key": signing.b64(raw), "fingerprint": signing.fingerprint(raw)})


def package_of(tournament: Tournament) -> str | None:
    """The event package a tournament was made from (rules.md §16), or None."""
    return str(tournament.package) if tournament.package else None


class SignedArchiveOutput(serializers.Serializer):
    archive = serializers.CharField()
    sha256 = serializers.CharField()
    signature = serializers.CharField()
    public_key = serializers.CharField()
    package = serializers.CharField(allow_null=True)


class SignedArchiveApi(TournamentApi):
    """``GET /api/tournaments/{id}/archive/{version}.signed.json`` (anyone)."""

    error_codes: ClassVar[ErrorCodes] = {"get": {410: ["withdrawn"]}}

    @extend_schema(responses={200: SignedArchiveOutput})
    def get(self, request: Request, tournament_id: int, version: int) -> Response:
        archive = get_object_or_404(TournamentArchive, tournament=self.tournament, version=version)
        if archive.withdrawn:
            raise Withdrawn.single(
                "withdrawn",
                _("This archive version was withdrawn for an erasure; only its hash is kept."),
            )
        content = bytes(archive.content)
        key = services.installation_key()
        return Response(
            {
                "archive": signing.b64(content),
                "sha256": archive.sha256,
                "signature": signing.b64(services.archive_sign(content)),
                "public_key": signing.b64(bytes(key.public_key)),
                "package": package_of(self.tournament),
            }
        )


class SeasonKeyOutput(serializers.Serializer):
    fingerprint = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]


class SeasonKeysApi(SeasonApi):
    """``GET/POST /api/seasons/{id}/keys/`` (the season's organisers)."""

    permission_classes = [SeasonOrganiserOnly]
    error_codes: ClassVar[ErrorCodes] = {"post": {400: ["invalid_key"]}}

    class InputSerializer(StrictSerializer):
        public_key = StrictCharField(max_length=200)
        label = StrictCharField(max_length=120, required=False, default="", allow_blank=True)  # type: ignore[assignment]

    @extend_schema(responses={200: SeasonKeyOutput(many=True)})
    def get(self, request: Request, season_id: int) -> Response:
        keys = SeasonKey.objects.filter(season=self.season).order_by("id")
        return Response(SeasonKeyOutput(keys, many=True).data)

    @extend_schema(request=InputSerializer, responses={201: SeasonKeyOutput})
    def post(self, request: Request, season_id: int) -> Response:
        values = self.parse(self.InputSerializer, request.data)
        key = services.season_key_add(season=self.season, **values, actor=self.actor)
        return created(SeasonKeyOutput(key).data)


class SeasonKeyApi(SeasonApi):
    """``DELETE /api/seasons/{id}/keys/{fingerprint}/`` (the season's organisers) → ``204``:
    a lost laptop's key; its archives imported before stay, new ones are refused."""

    permission_classes = [SeasonOrganiserOnly]

    @extend_schema(responses={204: None})
    def delete(self, request: Request, season_id: int, fingerprint: str) -> Response:
        key = get_object_or_404(SeasonKey, season=self.season, fingerprint=fingerprint)
        services.season_key_remove(key=key, actor=self.actor)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ImportOutput(serializers.Serializer):
    tournament = serializers.IntegerField()
    linked = serializers.IntegerField()
    new_players = serializers.IntegerField()
    to_choose = serializers.IntegerField()


class SeasonImportsApi(SeasonApi):
    """``POST /api/seasons/{id}/imports/`` a signed archive (the season's organisers)."""

    permission_classes = [SeasonOrganiserOnly]
    error_codes: ClassVar[ErrorCodes] = {
        "post": {
            400: ["unknown_key", "bad_signature", "invalid_archive"],
            409: ["already_imported"],
        }
    }

    class InputSerializer(StrictSerializer):
        archive = StrictCharField(trim_whitespace=False)
        sha256 = StrictCharField(max_length=64)
        signature = StrictCharField(max_length=200)
        public_key = StrictCharField(max_length=200)
        package = StrictCharField(allow_null=True, required=False, default=None)

    @extend_schema(request=InputSerializer, responses={201: ImportOutput, 200: ImportOutput})
    def post(self, request: Request, season_id: int) -> Response:
        values: dict[str, Any] = self.parse(self.InputSerializer, request.data)
        answer = services.signed_archive_import(season=self.season, signed=values, actor=self.actor)
        return created(answer.body) if answer.created else Response(answer.body)
