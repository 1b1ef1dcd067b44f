"""OpenAPI schema generation tweaks.

Views nest their serializers (``ResultApi.InputSerializer``), so plain class
names collide; components are named after the qualified name instead
(``ResultApiInput``).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema as BaseAutoSchema


class AutoSchema(BaseAutoSchema):
    def get_serializer_name(self, serializer: Any, direction: str) -> str:
        return type(serializer).__qualname__.replace(".", "").replace("Serializer", "")
