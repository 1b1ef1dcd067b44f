from django.apps import AppConfig
from django.urls import register_converter
from django.utils.translation import gettext_lazy as _

from .converters import IdConverter


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        register_converter(IdConverter, "id")
