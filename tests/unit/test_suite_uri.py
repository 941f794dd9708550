"""DJ_TEST_URI_SCHEME: the test command reaches its throwaway server through the scheme asked for."""

from __future__ import annotations

import pytest

from tests.support.throwaway import SCHEME_ENV, suite_uri


def test_the_scheme_is_swapped_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SCHEME_ENV, raising=False)
    assert suite_uri("bolt://127.0.0.1:41723") == "bolt://127.0.0.1:41723"
    monkeypatch.setenv(SCHEME_ENV, "neo4j")
    assert suite_uri("bolt://127.0.0.1:41723") == "neo4j://127.0.0.1:41723"
    monkeypatch.setenv(SCHEME_ENV, " BOLT ")
    assert suite_uri("bolt://127.0.0.1:41723") == "bolt://127.0.0.1:41723"


def test_a_scheme_the_local_server_cannot_speak_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # neo4j+s:// needs TLS, which the throwaway server does not offer: say so, do not hang.
    monkeypatch.setenv(SCHEME_ENV, "neo4j+s")
    with pytest.raises(ValueError, match="use one of bolt, neo4j"):
        suite_uri("bolt://127.0.0.1:41723")
