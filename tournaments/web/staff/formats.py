"""The organiser's format page (rules.md §14): the format, its structure and its points table."""

from __future__ import annotations

from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import selectors, services
from tournaments.preferences import merge_overrides
from tournaments.web.format_words import bonus_facts, format_facts
from tournaments.web.forms.formats import FormatChoiceForm, FormatForm

from .access import StaffRequest, get_tournament, organiser_required, render_staff
from .actions import run_service


@organiser_required
def format_page(request: StaffRequest, tournament_id: int) -> HttpResponse:
    """Choose the format and change its settings; the amounts also after the draw."""
    tournament = get_tournament(tournament_id)
    locked = selectors.group_stage_drawn(tournament)
    action = request.POST.get("action")
    here = reverse("staff:format", args=[tournament.pk])
    choice = FormatChoiceForm(
        request.POST if action == "format" else None,
        initial={"format": tournament.format, "version": tournament.version},
    )
    form = FormatForm(
        request.POST if action == "settings" else None, tournament=tournament, locked=locked
    )
    done = None
    if action == "format":
        done = run_service(
            request,
            choice,
            lambda: services.tournament_update(
                tournament=tournament,
                actor=request.user,
                version=choice.cleaned_data.get("version"),
                format=choice.cleaned_data["format"],
                settings=merge_overrides(
                    tournament.settings,
                    {},
                    format_changed=choice.cleaned_data["format"] != tournament.format,
                ),
            ),
            success_message=_("The format has been chosen; its settings are the preset's."),
            redirect_to=here,
            field_map={"format": "__all__", "settings": "__all__"},
        )
    elif action == "settings":
        done = run_service(
            request,
            form,
            lambda: services.tournament_update(
                tournament=tournament,
                actor=request.user,
                version=form.cleaned_data.get("version"),
                settings=form.settings(),
            ),
            success_message=_("The format's settings have been saved."),
            redirect_to=here,
            field_map=FormatForm.field_map,
        )
    if done is not None:
        return done
    fmt = tournament.config.format
    return render_staff(
        request,
        "format.html",
        {
            "tournament": tournament,
            "choice": choice,
            "form": form,
            "locked": locked,
            "facts": format_facts(fmt, tournament.get_format_display()),
            "bonuses": bonus_facts(fmt),
        },
    )
