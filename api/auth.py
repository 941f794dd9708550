"""Bearer tokens → who is asking, what they may do, and which access groups they read.

Community Edition has no role-based access control, so it lives here, in the API
(DESIGN.md, Security): every read passes the caller's groups down to the Cypher, which
leaves out decisions from sessions outside them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from api.errors import ApiError
from api.settings import AuthSettings

_IMPLIED = {"admin": {"admin", "write", "read"}, "write": {"write", "read"}, "read": {"read"}}


class AuthError(ApiError):
    """A request without a valid bearer token while auth is on (HTTP 401)."""


@dataclass(frozen=True)
class Principal:
    """The caller of one request.

    Attributes:
        name: The token's name (for logs; never the token itself).
        scopes: What it may do, with implied scopes expanded (``write`` reads too).
        groups: The access groups it reads; None reads every group (admin, or auth off).
    """

    name: str
    scopes: frozenset[str]
    groups: tuple[str, ...] | None

    def can(self, scope: str) -> bool:
        return scope in self.scopes

    def may_assign(self, groups: tuple[str, ...]) -> bool:
        """Whether it may put a session into exactly these access groups."""
        return self.groups is None or set(groups) <= set(self.groups)


LOCAL_DEVELOPER = Principal("local development (auth off)", frozenset(_IMPLIED["admin"]), None)
"""Everyone, when auth is off: full access, which start-up says loudly."""
NOBODY = Principal("anonymous", frozenset(), ())
"""No scopes and no groups: what loads the GraphiQL page, which runs no query."""


class Authenticator:
    """Maps a request's ``Authorization`` header to a ``Principal``.

    Tokens are kept only as SHA-256 digests, so the raw secrets do not linger in memory
    beyond reading the settings.
    """

    def __init__(self, settings: AuthSettings, clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self.active = settings.active
        self._clock = clock
        self._by_digest: dict[str, tuple[Principal, datetime | None]] = {}
        for token in settings.tokens:
            scopes = frozenset().union(*(_IMPLIED[s] for s in token.scopes))
            groups = None if "admin" in scopes else tuple(token.groups)
            principal = Principal(token.name, scopes, groups)
            self._by_digest[_digest(token.token.get_secret_value())] = (principal, token.expires_at)

    def authenticate(self, authorization: str | None) -> Principal:
        """The caller behind ``Authorization: Bearer <token>``.

        Raises:
            AuthError: Auth is on and the header is missing, malformed, unknown or expired.
        """
        if not self.active:
            return LOCAL_DEVELOPER
        if not authorization:
            raise AuthError("this API needs a bearer token: send 'Authorization: Bearer <token>'")
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise AuthError("the Authorization header must read 'Bearer <token>'")
        known = self._by_digest.get(_digest(token.strip()))
        if known is None:
            raise AuthError("unknown or revoked token")
        principal, expires_at = known
        if expires_at is not None and self._clock() >= expires_at:
            raise AuthError(f"this token expired at {expires_at.isoformat()}; ask for a new one")
        return principal


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
