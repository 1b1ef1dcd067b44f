"""Ed25519 signatures over archive bytes (rules.md §16), without the database.

- A **public key** travels as the standard, padded base64 of its 32 raw bytes.
- Its **fingerprint** is the first 16 lower-case hex digits of the SHA-256 of
  those 32 bytes: short enough for an organiser to read out on the phone.
- A **signature** is Ed25519 over the archive's exact bytes, also base64.
"""

from __future__ import annotations

import base64
import binascii
import hashlib

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
)

__all__ = [
    "KEY_BYTES",
    "b64",
    "b64_decode",
    "fingerprint",
    "new_private_key",
    "public_of",
    "sign",
    "verify",
]

KEY_BYTES = 32


def b64(data: bytes) -> str:
    """Standard, padded base64."""
    return base64.b64encode(data).decode("ascii")


def b64_decode(text: str) -> bytes | None:
    """The bytes of standard base64 ``text``, or None when it is not valid base64."""
    try:
        return base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, ValueError, UnicodeEncodeError):
        return None


def fingerprint(public_key: bytes) -> str:
    return hashlib.sha256(public_key).hexdigest()[:16]


def new_private_key() -> bytes:
    """32 raw bytes of a fresh Ed25519 private key."""
    return Ed25519PrivateKey.generate().private_bytes(
        Encoding.Raw, PrivateFormat.Raw, NoEncryption()
    )


def public_of(private_key: bytes) -> bytes:
    key = Ed25519PrivateKey.from_private_bytes(private_key)
    return key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


def sign(private_key: bytes, data: bytes) -> bytes:
    return Ed25519PrivateKey.from_private_bytes(private_key).sign(data)


def verify(public_key: bytes, signature: bytes, data: bytes) -> bool:
    """Whether ``signature`` is ``public_key``'s Ed25519 signature over ``data``."""
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, data)
    except (InvalidSignature, ValueError):
        return False
    return True
