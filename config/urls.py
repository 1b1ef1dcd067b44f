from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournaments.http.health import healthz
from tournaments.web.forms.auth import LoginForm

# Under /api/ Django's own errors are JSON in the API's error shape; elsewhere the site's pages.
# A database outage answers 503 (JSON under /api/, a plain page elsewhere), not 500.
handler400 = "tournaments.http.errors.bad_request"
handler403 = "tournaments.http.errors.permission_denied"
handler404 = "tournaments.http.errors.not_found"
handler500 = "tournaments.http.errors.server_error"

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("api/", include("tournaments.api.urls")),
    # Logins only: no password-reset pages (they would send e-mail; organisers
    # reset passwords in the admin).
    path(
        "accounts/login/", auth_views.LoginView.as_view(authentication_form=LoginForm), name="login"
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("tournaments.urls")),
]
