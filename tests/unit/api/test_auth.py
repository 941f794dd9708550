"""Bearer tokens to principals, and the auth settings' own checks."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from pydantic import SecretStr, ValidationError

from api.auth import LOCAL_DEVELOPER, Authenticator, AuthError
from api.settings import AuthSettings, TokenSettings

READER = TokenSettings(name="portal", token=SecretStr("r" * 20), scopes=["read"], groups=["eng"])
WRITER = TokenSettings(name="ci", token=SecretStr("w" * 20), scopes=["write"], groups=["eng", "ops"])
ADMIN = TokenSettings(name="root", token=SecretStr("a" * 20), scopes=["admin"], groups=["ignored"])


def test_tokens_map_to_scopes_and_groups() -> None:
    auth = Authenticator(AuthSettings(tokens=[READER, WRITER, ADMIN]))
    reader = auth.authenticate("Bearer " + "r" * 20)
    assert (reader.name, reader.can("read"), reader.can("write"), reader.groups) == ("portal", True, False, ("eng",))
    writer = auth.authenticate("bearer " + "w" * 20)
    assert writer.can("read") and writer.can("write") and not writer.can("admin")
    assert writer.may_assign(("ops",)) and not writer.may_assign(("sales",))
    admin = auth.authenticate("Bearer " + "a" * 20)
    assert admin.groups is None and admin.may_assign(("anything",))


@pytest.mark.parametrize("header", [None, "", "Bearer", "Bearer   ", "Basic " + "r" * 20, "Bearer " + "x" * 20])
def test_missing_malformed_and_unknown_tokens_are_refused(header: str | None) -> None:
    with pytest.raises(AuthError):
        Authenticator(AuthSettings(tokens=[READER])).authenticate(header)


def test_a_token_is_refused_from_its_expiry_on() -> None:
    expiring = TokenSettings(name="temp", token=SecretStr("t" * 20), expires_at="2026-06-30T00:00:00")  # no zone: UTC
    now = [datetime(2026, 6, 29, 23, 59, tzinfo=UTC)]
    auth = Authenticator(AuthSettings(tokens=[expiring]), clock=lambda: now[0])
    assert auth.authenticate("Bearer " + "t" * 20).name == "temp"
    now[0] = datetime(2026, 6, 30, tzinfo=UTC)
    with pytest.raises(AuthError, match="expired at 2026-06-30T00:00:00\\+00:00"):
        auth.authenticate("Bearer " + "t" * 20)


def test_without_tokens_auth_is_off_and_everyone_is_the_local_developer() -> None:
    auth = Authenticator(AuthSettings())
    assert not auth.active and auth.authenticate(None) is LOCAL_DEVELOPER


def test_auth_settings_refuse_what_cannot_work() -> None:
    with pytest.raises(ValidationError, match="no \\[\\[auth.tokens\\]\\]"):
        AuthSettings(enabled=True)
    with pytest.raises(ValidationError, match="its own name"):
        AuthSettings(tokens=[READER, READER])
    with pytest.raises(ValidationError, match="at least 16 characters"):
        TokenSettings(name="short", token=SecretStr("abc"))
    assert not AuthSettings(enabled=False, tokens=[READER]).active
