"""The package players of a tournament made from an event package (rules.md §16)."""

from __future__ import annotations

from tournaments.models import EventPackage, PackagePlayer, Player, Season, Tournament


def package_players_free(tournament: Tournament) -> list[PackagePlayer]:
    """The package's players no participant of ``tournament`` is linked to yet, by name
    (one query)."""
    return list(
        PackagePlayer.objects.filter(tournament=tournament)
        .exclude(
            federation_id__in=tournament.participants.filter(
                federation_player__isnull=False
            ).values("federation_player")
        )
        .order_by("name", "federation_id")
    )


def season_players(season: Season) -> list[Player]:
    """The players with a participant in one of ``season``'s tournaments, by name: those
    a package for the season's next tournament most likely expects (one query)."""
    return list(
        Player.objects.filter(participants__tournament__season_entries__season=season)
        .distinct()
        .order_by("folded_name", "id")
    )


def season_packages(season: Season) -> list[EventPackage]:
    """The packages made for ``season``, newest first."""
    return list(EventPackage.objects.filter(season=season).order_by("-id"))
