"""Cursor connections in the Relay style Neo4j's GraphQL library uses: opaque offset cursors."""

from __future__ import annotations

import base64
import binascii

from api.graphql.errors import ArgumentError

_PREFIX = "offset:"


class CursorError(ArgumentError):
    """A cursor this API did not hand out."""


def encode_cursor(offset: int) -> str:
    return base64.urlsafe_b64encode(f"{_PREFIX}{offset}".encode()).decode()


def decode_cursor(cursor: str | None) -> int:
    """The offset just after ``cursor`` (0 without one).

    Raises:
        CursorError: Not a cursor of this API.
    """
    if cursor is None:
        return 0
    try:
        text = base64.urlsafe_b64decode(cursor.encode()).decode()
    except (binascii.Error, UnicodeDecodeError) as exc:
        raise CursorError(f"not a cursor of this API: {cursor!r}") from exc
    if not text.startswith(_PREFIX) or not text[len(_PREFIX):].isdigit():
        raise CursorError(f"not a cursor of this API: {cursor!r}")
    return int(text[len(_PREFIX):]) + 1


def page_size(first: int | None, default: int, maximum: int) -> int:
    """``first`` checked against the configured bounds.

    Raises:
        ArgumentError: ``first`` is negative or above the maximum.
    """
    if first is None:
        return default
    if first < 0 or first > maximum:
        raise ArgumentError(f"first must be between 0 and {maximum}, got {first}")
    return first
