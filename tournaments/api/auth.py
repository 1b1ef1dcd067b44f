"""Signing in through the API: a username and password for a token.

A **token** is sent as ``Authorization: Token <key>`` on every later request.
Login attempts are throttled per account and per address and account by
django-axes, as on every other door (``tournaments/login_throttle.py``): a
locked account answers ``429``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.contrib.auth import authenticate
from django.contrib.auth.signals import user_logged_in
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.errors import InvalidInput

from .common import BaseApi
from .fields import StrictCharField, StrictSerializer
from .schema import ErrorCodes

__all__ = ["TokenLoginApi"]


class TokenLoginApi(BaseApi):
    """``POST /api/auth/token/``: username and password for a token."""

    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []
    error_codes: ClassVar[ErrorCodes] = {
        "post": {400: ["invalid_credentials"], 429: ["locked_out"]}
    }

    class InputSerializer(StrictSerializer):
        username = StrictCharField(max_length=150)
        password = StrictCharField(max_length=256, trim_whitespace=False)

    class OutputSerializer(serializers.Serializer):
        token = serializers.CharField()

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer})
    def post(self, request: Request) -> Response:
        values = self.parse(self.InputSerializer, request.data)
        user = authenticate(
            request._request, username=values["username"], password=values["password"]
        )
        if user is None or not user.is_active:
            raise InvalidInput.single(
                "invalid_credentials", _("Unable to log in with these credentials.")
            )
        # A login like the others: axes resets the account's failures, last_login is set.
        user_logged_in.send(sender=type(user), request=request._request, user=user)
        token, _created = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})
