"""Server-rendered pages."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .models import Tournament


def home(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.order_by("-date", "-id")
    return render(request, "tournaments/home.html", {"tournaments": tournaments})
