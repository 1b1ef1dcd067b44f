from django.urls import include, path

urlpatterns = [
    path("", include("tournaments.web.public.urls")),
    path("", include("tournaments.web.staff.urls")),
]
