"""Strict input fields: a JSON API takes numbers as numbers and refuses the rest."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

INT32_MAX = 2**31 - 1


class StrictIntegerField(serializers.IntegerField):
    """An integer that must be a JSON number (not "3", not true), within 32 bits
    unless told otherwise, so that no number can overflow a database column."""

    default_error_messages = {"invalid": _("A whole number is required.")}

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_value", INT32_MAX)
        kwargs.setdefault("min_value", -INT32_MAX - 1)
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    default_error_messages = {"invalid": _("true or false is required.")}

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class StrictCharField(serializers.CharField):
    default_error_messages = {"invalid": _("A string is required.")}

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


@extend_schema_field({"type": "string", "pattern": "^(de|en|it|cs|fr|es|pl)$"})
class LanguageField(StrictCharField):
    """A language of ``settings.LANGUAGES`` (rules.md §15); any other answers
    ``400 unknown_language``. Documented as a pattern, not an enum (a second enum
    component named "language" would rename the existing ones)."""

    default_error_messages = {
        **StrictCharField.default_error_messages,
        "unknown_language": _("Unknown language: use de, en, it, cs, fr, es or pl."),
    }

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 8)
        kwargs.setdefault("help_text", "de, en, it, cs, fr, es or pl")
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> str:
        value = super().to_internal_value(data)
        if value not in {code for code, _name in settings.LANGUAGES}:
            self.fail("unknown_language")
        return value


class StrictSerializer(serializers.Serializer):
    """Refuses keys it does not know, instead of silently dropping them."""

    default_error_messages = {"unknown_field": _("Unknown field “%(field)s”.")}

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    {
                        name: [
                            serializers.ErrorDetail(
                                str(self.error_messages["unknown_field"]) % {"field": name},
                                code="unknown_field",
                            )
                        ]
                        for name in unknown
                    }
                )
        return super().to_internal_value(data)


class SettingsField(serializers.DictField):
    """A tournament's ``settings``: the overrides in, every effective value out.

    The keys, types and bounds are ``preferences.SETTINGS``, checked when the
    tournament is saved; ``schema.py`` documents them.
    """


@extend_schema_field({"oneOf": [{"type": "string"}, {"type": "integer"}]})
class WinnerField(serializers.Field):
    """``law``/``outlaws``/``renegade``, a role (three players) or a seat position (duel)."""

    default_error_messages = {"invalid": _("The winner must be a side, a role or a seat position.")}

    def to_internal_value(self, data: Any) -> str | int:
        if isinstance(data, bool) or not isinstance(data, str | int):
            self.fail("invalid")
        return data

    def to_representation(self, value: Any) -> str | int:
        return int(value) if isinstance(value, str) and value.isdigit() else value
