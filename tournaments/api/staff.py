"""A tournament's staff and the accounts they sign in with, through the API.

The **staff** of a tournament are its organisers and referees (rules.md §7);
only its organisers (and site administrators) see and change the list. An
**account** (``/api/users/``) starts with no right; an organiser appoints it.
"""

from __future__ import annotations

from typing import ClassVar

from django.contrib.auth.models import User
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import services
from tournaments.errors import InvalidInput
from tournaments.models import TournamentStaff

from .common import BaseApi, TournamentApi, created
from .fields import StrictCharField, StrictSerializer
from .permissions import CreatorOnly, OrganiserOnly
from .schema import ErrorCodes

__all__ = ["StaffListApi", "StaffMemberApi", "UserCreateApi"]


class StaffOutput(serializers.Serializer):
    user = serializers.CharField(source="user.username")
    role = serializers.CharField()


class StaffListApi(TournamentApi):
    """``GET/POST /api/tournaments/{id}/staff/`` (the tournament's organisers)."""

    permission_classes = [OrganiserOnly]
    error_codes: ClassVar[ErrorCodes] = {
        "post": {400: ["unknown_user", "invalid_role"], 409: ["last_organiser"]}
    }

    class InputSerializer(StrictSerializer):
        user = StrictCharField(max_length=150)
        role = serializers.ChoiceField(choices=TournamentStaff.Role.choices)

    @extend_schema(responses={200: StaffOutput(many=True)})
    def get(self, request: Request, tournament_id: int) -> Response:
        staff = self.tournament.staff.select_related("user").order_by("id")
        return Response(StaffOutput(staff, many=True).data)

    @extend_schema(request=InputSerializer, responses={201: StaffOutput})
    def post(self, request: Request, tournament_id: int) -> Response:
        values = self.parse(self.InputSerializer, request.data)
        user = User.objects.filter(username=values["user"], is_active=True).first()
        if user is None:
            raise InvalidInput.single(
                "unknown_user", _("There is no user with this name."), field="user"
            )
        entry = services.staff_appoint(
            tournament=self.tournament, user=user, role=values["role"], actor=self.actor
        )
        return created(StaffOutput(entry).data)


class StaffMemberApi(TournamentApi):
    """``DELETE /api/tournaments/{id}/staff/{username}/``: they leave the staff at once."""

    permission_classes = [OrganiserOnly]
    error_codes: ClassVar[ErrorCodes] = {"delete": {409: ["last_organiser"]}}

    @extend_schema(responses={204: None})
    def delete(self, request: Request, tournament_id: int, username: str) -> Response:
        entry = get_object_or_404(
            TournamentStaff.objects.select_related("user"),
            tournament=self.tournament,
            user__username=username,
        )
        services.staff_dismiss(tournament=self.tournament, user=entry.user, actor=self.actor)
        return Response(status=status.HTTP_204_NO_CONTENT)


class UserCreateApi(BaseApi):
    """``POST /api/users/``: an account with no rights (group ``organisers``, superusers)."""

    permission_classes = [CreatorOnly]
    error_codes: ClassVar[ErrorCodes] = {
        "post": {400: ["required", "weak_password", "username_taken"]}
    }

    class InputSerializer(StrictSerializer):
        username = StrictCharField(max_length=150)
        password = StrictCharField(max_length=256, trim_whitespace=False)

    class OutputSerializer(serializers.Serializer):
        username = serializers.CharField()

    @extend_schema(request=InputSerializer, responses={201: OutputSerializer})
    def post(self, request: Request) -> Response:
        values = self.parse(self.InputSerializer, request.data)
        user = services.user_create(
            username=values["username"], password=values["password"], actor=self.actor
        )
        return created({"username": user.get_username()})
