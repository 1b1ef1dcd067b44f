"""
ASGI config for config project.

It exposes the ASGI callable as a module-level variable named ``application``.

For more information on this file, see
https://docs.djangoproject.com/en/5.2/howto/deployment/asgi/
"""

import os

from django.core.asgi import get_asgi_application

# Serving defaults to production (which refuses to start without DJANGO_SECRET_KEY);
# manage.py keeps the development default.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")

django_application = get_asgi_application()

# Bodies bounded in size and time (tournaments/http/bodies.py: nobody stands in
# front of the hall's server); the event streams answered on the event loop,
# without a thread per stream (tournaments/events/asgi.py); everything else is
# Django's, each request's synchronous code in a thread of its own, at most
# CONCURRENT_REQUESTS of them at once (tournaments/http/concurrency.py).
from django.conf import settings  # noqa: E402

from tournaments.events.asgi import with_event_streams  # noqa: E402  (needs Django set up)
from tournaments.http.bodies import with_bounded_bodies  # noqa: E402
from tournaments.http.concurrency import with_bounded_concurrency  # noqa: E402

application = with_bounded_bodies(
    with_event_streams(with_bounded_concurrency(django_application, settings.CONCURRENT_REQUESTS))
)
