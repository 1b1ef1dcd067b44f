"""This installation's signing key and the keys a season trusts (rules.md §16).

The installation key is made on first use and kept in this database
(``InstallationKey``, one row); a backup or an archive never holds it (it has
no path to a tournament: ``services.backup.graph``). A season's organisers
register the public keys of the laptops whose archives the season imports.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournaments import signing
from tournaments.errors import InvalidInput
from tournaments.models import InstallationKey, Season, SeasonKey

from .audit import audit_log

__all__ = ["archive_sign", "installation_key", "season_key_add", "season_key_remove"]

_SINGLE = 1


def installation_key() -> InstallationKey:
    """This installation's key, made now if it has none yet."""
    key = InstallationKey.objects.filter(pk=_SINGLE).first()
    if key is not None:
        return key
    private = signing.new_private_key()
    try:
        with transaction.atomic():
            return InstallationKey.objects.create(
                pk=_SINGLE, private_key=private, public_key=signing.public_of(private)
            )
    except IntegrityError:  # another request made it first: that one stays
        return InstallationKey.objects.get(pk=_SINGLE)


def archive_sign(content: bytes) -> bytes:
    """The installation key's Ed25519 signature over ``content``."""
    return signing.sign(bytes(installation_key().private_key), content)


def season_key_add(
    *, season: Season, public_key: str, label: str = "", actor: User | None = None
) -> SeasonKey:
    """Register a laptop's public key (base64 of 32 bytes) with ``season``; a key
    registered already keeps its row and takes the new label."""
    raw = signing.b64_decode(public_key)
    if raw is None or len(raw) != signing.KEY_BYTES:
        raise InvalidInput.single(
            "invalid_key",
            _("A public key is the base64 of exactly 32 bytes."),
            field="public_key",
        )
    key, _created = SeasonKey.objects.update_or_create(
        season=season,
        fingerprint=signing.fingerprint(raw),
        defaults={"public_key": raw, "label": label},
    )
    audit_log(
        tournament=None,
        actor=actor,
        action="season_key_registered",
        obj=season,
        after={"fingerprint": key.fingerprint, "label": key.label},
    )
    return key


def season_key_remove(*, key: SeasonKey, actor: User | None = None) -> None:
    """Remove a key from its season (a lost laptop): tournaments imported with it stay,
    and no archive it signs is imported from now on."""
    with transaction.atomic():
        key.delete()
        audit_log(
            tournament=None,
            actor=actor,
            action="season_key_removed",
            obj=key.season,
            after={"fingerprint": key.fingerprint, "label": key.label},
        )
