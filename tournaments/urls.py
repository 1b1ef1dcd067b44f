from django.urls import include, path

urlpatterns = [
    path("", include("tournaments.urls_public")),
    path("", include("tournaments.web.staff.urls")),
]
