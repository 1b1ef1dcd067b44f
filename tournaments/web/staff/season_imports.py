"""Many laptops, one season (rules.md §16), for organisers.

- The **signing key** page shows this installation's public key and
  fingerprint, for an organiser to read out to the federation.
- A season's **imports** page registers the laptops' keys, takes one or several
  signed archives at once (each answered on its own: imported, already
  imported, or refused with the reason) and lists the participants left to
  choose with their candidates; a choice links the participant (audited).
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.core.files.uploadedfile import UploadedFile
from django.http import HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import services, signing
from tournaments.models import Participant, Season, SeasonKey
from tournaments.selectors.imports import imports_to_choose

from .access import StaffRequest, creator_required, render_staff, season_organiser_required

#: A signed archive is a few hundred kilobytes; more is not one.
MAX_FILE = 5 * 1024 * 1024


@creator_required
def installation_key_page(request: StaffRequest) -> HttpResponse:
    """This installation's public key and fingerprint (made now if there is none)."""
    raw = bytes(services.installation_key().public_key)
    return render_staff(
        request,
        "installation_key.html",
        {"public_key": signing.b64(raw), "fingerprint": signing.fingerprint(raw)},
    )


def _import_one(request: StaffRequest, season: Season, upload: UploadedFile) -> None:
    name = upload.name or ""
    try:
        if (upload.size or 0) > MAX_FILE:
            raise ValueError
        signed: Any = json.loads(upload.read())
        if not isinstance(signed, dict):
            raise ValueError
    except ValueError:
        messages.error(
            request, _("%(file)s: this is not a signed archive (JSON).") % {"file": name}
        )
        return
    try:
        answer = services.signed_archive_import(season=season, signed=signed, actor=request.user)
    except services.DomainError as error:
        for item in error.errors:
            messages.error(request, f"{name}: {item.message}")
        return
    body = answer.body
    text = (
        _("%(file)s: imported; %(linked)s linked, %(new)s new players, %(choose)s left to choose.")
        if answer.created
        else _("%(file)s was imported before; nothing changed.")
    )
    messages.success(
        request,
        text
        % {
            "file": name,
            "linked": body["linked"],
            "new": body["new_players"],
            "choose": body["to_choose"],
        },
    )


def _choose(request: StaffRequest, season: Season) -> None:
    participant = get_object_or_404(
        Participant,
        pk=request.POST.get("participant", "").strip() or 0,
        tournament__imports__season=season,
    )
    raw = request.POST.get("player", "").strip()
    try:
        player = services.player_get(int(raw) if raw.isdigit() else None)
        if player is None:
            messages.error(request, _("Choose a player."))
            return
        services.participant_link_player(participant=participant, player=player, actor=request.user)
    except services.DomainError as error:
        for item in error.errors:
            messages.error(request, str(item.message))
        return
    messages.success(
        request,
        _("%(participant)s is now linked to player %(player)s (no. %(id)s).")
        % {"participant": participant.name, "player": player.shown_name, "id": player.pk},
    )


def _register(request: StaffRequest, season: Season) -> None:
    try:
        key = services.season_key_add(
            season=season,
            public_key=request.POST.get("public_key", "").strip(),
            label=request.POST.get("label", "").strip()[:120],
            actor=request.user,
        )
    except services.DomainError as error:
        for item in error.errors:
            messages.error(request, str(item.message))
        return
    messages.success(
        request, _("The key %(fingerprint)s is registered.") % {"fingerprint": key.fingerprint}
    )


@season_organiser_required
def season_imports(request: StaffRequest, season_id: int) -> HttpResponse:
    """Keys, signed archives and the participants left to choose of one season."""
    season = get_object_or_404(Season, pk=season_id)
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "import":
            uploads = request.FILES.getlist("files")
            if not uploads:
                messages.error(request, _("Choose one or more files."))
            for upload in uploads:
                _import_one(request, season, upload)
        elif action == "choose":
            _choose(request, season)
        elif action == "key":
            _register(request, season)
        else:
            return HttpResponseNotAllowed(["GET"])
        return redirect(reverse("staff:season_imports", args=[season.pk]))
    return render_staff(
        request,
        "season_imports.html",
        {
            "season": season,
            "keys": SeasonKey.objects.filter(season=season).order_by("id"),
            "to_choose": imports_to_choose(season),
        },
    )
