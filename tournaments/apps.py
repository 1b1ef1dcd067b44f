from django.apps import AppConfig
from django.db.models.signals import pre_save
from django.urls import register_converter
from django.utils.translation import gettext_lazy as _

from .converters import IdConverter


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # Models can be imported only once the app registry is ready, i.e. here.
        from django.contrib.auth.models import User

        from .events import publish
        from .live import on_change
        from .tokens import revoke_tokens_on_password_change

        register_converter(IdConverter, "id")
        pre_save.connect(
            revoke_tokens_on_password_change, sender=User, dispatch_uid="revoke_tokens"
        )
        # Every committed change of a tournament's public state is pushed to the
        # event streams: this process's own, and every event process's via Redis.
        on_change(publish)
