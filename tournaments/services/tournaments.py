"""Tournaments: create one, change its settings, add expansion characters.

A **tournament** has a name, a date, a **ruleset** (BANG! or Showdown, fixed
once the group stage is drawn), the language of its documents and its
**settings** (``tournaments.preferences``). The **characters** a tournament
allows are the base game's (shared by all tournaments) plus the expansion
characters added for this one.
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Mapping
from datetime import date
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from scoring.formats import STRUCTURE_KEYS, Format, FormatKey
from scoring.rulesets import Ruleset

from ..errors import Conflict, ErrorItem, InvalidInput, full_clean_or_raise
from ..http.language import tournament_language_forget
from ..models import Character, Tournament, TournamentStaff
from ..preferences import validate_settings
from ..selectors.tournament import group_stage_drawn
from .audit import audit_log
from .bounties import BOUNTY_KEYS, game_bounties_recompute
from .versions import edit_version_check

CHANGEABLE = frozenset({"name", "date", "language", "settings", "ruleset", "format"})


def tournament_create(
    *,
    name: str,
    date: date,
    ruleset: str = Ruleset.BANG.value,
    language: str = "de",
    format: str = FormatKey.GERMAN_CHAMPIONSHIP.value,
    settings: Mapping[str, Any] | None = None,
    package: uuid.UUID | None = None,
    actor: User | None = None,
) -> Tournament:
    """A new tournament; its settings are checked against ``tournaments.preferences``.

    The creator (``actor``) becomes its first organiser (rules.md §7). ``package``:
    the event package it is made from (``services.packages``, rules.md §16).
    """
    tournament = Tournament(
        name=name,
        date=date,
        ruleset=ruleset,
        language=language,
        format=format,
        settings=dict(settings or {}),
        package=package,
    )
    full_clean_or_raise(tournament)
    with transaction.atomic():
        tournament.save()
        audit_log(
            tournament=tournament,
            actor=actor,
            action="tournament_created",
            obj=tournament,
            after=_tournament_snapshot(tournament),
        )
        if actor is not None and actor.is_authenticated:
            TournamentStaff.objects.update_or_create(
                tournament=tournament,
                user=actor,
                defaults={"role": TournamentStaff.Role.ORGANISER},
            )
    return tournament


def tournament_update(
    *,
    tournament: Tournament,
    actor: User | None = None,
    version: int | None = None,
    **changes: Any,
) -> Tournament:
    """Change name, date, language or settings (the ruleset is fixed once a draw exists).

    ``version`` (``services.versions``): the edit version the client saw; a
    stale one is refused with ``409 version_conflict`` and nothing changes.
    """
    unknown = set(changes) - CHANGEABLE
    if unknown:
        raise InvalidInput(
            [
                ErrorItem(code="unknown_field", message=_("Unknown field."), field=f)
                for f in sorted(unknown)
            ]
        )
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        edit_version_check(tournament.version, version)
        before = _tournament_snapshot(tournament)
        if (
            "ruleset" in changes
            and changes["ruleset"] != tournament.ruleset
            and group_stage_drawn(tournament)
        ):
            raise Conflict.single(
                "draw_locked", _("The ruleset cannot change after the draw."), field="ruleset"
            )
        old_values = dict(tournament.config.values)
        old_format = tournament.config.format
        for key, value in changes.items():
            setattr(tournament, key, value)
        full_clean_or_raise(tournament)
        _guard_structure(tournament, old_format)
        if _tournament_snapshot(tournament) != before:
            tournament.version += 1
        tournament.save()
        if before.get("language") != tournament.language:  # its pages' language (rules.md §15)
            tournament_language_forget(tournament.pk)
            transaction.on_commit(functools.partial(tournament_language_forget, tournament.pk))
        new_values = dict(tournament.config.values)
        changed = sorted(k for k in new_values if new_values[k] != old_values.get(k))
        if not changed:
            audit_log(
                tournament=tournament,
                actor=actor,
                action="tournament_updated",
                obj=tournament,
                before=before,
                after=_tournament_snapshot(tournament),
            )
            return tournament
        # Amounts that change after results (rules.md §12): one entry names the change.
        recomputed = game_bounties_recompute(tournament) if BOUNTY_KEYS & set(changed) else 0
        after = _tournament_snapshot(tournament)
        others = [
            k
            for k in ("name", "date", "ruleset", "language", "format")
            if before.get(k) != after.get(k)
        ]
        audit_log(
            tournament=tournament,
            actor=actor,
            action="settings_changed",
            obj=tournament,
            # A snapshot leaves the default format out: name it when it changes.
            before={
                **{k: before.get(k, FormatKey.GERMAN_CHAMPIONSHIP.value) for k in others},
                **{k: old_values.get(k) for k in changed},
            },
            after={
                **{k: after.get(k, FormatKey.GERMAN_CHAMPIONSHIP.value) for k in others},
                **{k: new_values[k] for k in changed},
                "bounties_recomputed": recomputed,
            },
        )
    return tournament


def _guard_structure(tournament: Tournament, old: Format) -> None:
    """From the first draw on, the format and its structure are locked; its amounts
    are not (rules.md §14)."""
    new = tournament.config.format
    if new.key == old.key and _structure(new) == _structure(old):
        return
    if group_stage_drawn(tournament):
        raise Conflict.single(
            "draw_locked",
            _(
                "The format and its structure (table sizes, parts, Sheriff, time limit, "
                "final, tie-breaks) cannot change after the first draw; its amounts can."
            ),
            field="format" if new.key != old.key else "settings",
        )


def _structure(fmt: Format) -> tuple[Any, ...]:
    return tuple(getattr(fmt, name) for name in sorted(STRUCTURE_KEYS))


def _tournament_snapshot(tournament: Tournament) -> dict[str, Any]:
    return {
        "name": tournament.name,
        "date": tournament.date.isoformat() if tournament.date else None,
        "ruleset": tournament.ruleset,
        "language": tournament.language,
        **(
            {"format": tournament.format}
            if tournament.format != FormatKey.GERMAN_CHAMPIONSHIP
            else {}
        ),
        "settings": validate_settings(tournament.settings, format_key=tournament.format),
    }


def character_add(
    *, tournament: Tournament, name: str, life_points: int, actor: User | None = None
) -> Character:
    """Add an expansion character for one tournament, before its draw (api.md)."""
    name = name.strip()
    character = Character(tournament=tournament, name=name, life_points=life_points)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if group_stage_drawn(tournament):
            raise Conflict.single(
                "draw_locked", _("Characters cannot be added after the group-stage draw.")
            )
        if Character.objects.filter(tournament__isnull=True, name__iexact=name).exists():
            message = _("%(name)s is a base-game character already.")
        elif Character.objects.filter(tournament=tournament, name__iexact=name).exists():
            message = _("%(name)s is one of this tournament's characters already.")
        else:
            message = None
        if name and message:
            raise InvalidInput.single("duplicate_character", message % {"name": name}, field="name")
        full_clean_or_raise(character)
        character.save()
        audit_log(
            tournament=tournament,
            actor=actor,
            action="character_added",
            obj=character,
            after={"name": name, "life_points": life_points},
        )
    return character
