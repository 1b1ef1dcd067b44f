"""The login form: Django's, with messages that say what went wrong."""

from __future__ import annotations

from django.contrib.auth.forms import AuthenticationForm
from django.utils.translation import gettext_lazy as _


class LoginForm(AuthenticationForm):
    """Says "wrong username or password" instead of Django's "please enter"."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _(
            "Wrong username or password: nobody was logged in. Check both and try again "
            "(upper and lower case count)."
        ),
    }
