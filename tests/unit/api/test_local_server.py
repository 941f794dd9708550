"""Which local journal a command uses, decided without starting a server (the flows with a
real server are tests/integration/test_run_anywhere.py and test_legacy_home.py)."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from api.settings import load_settings
from api.usecases.local_server import Found, ensure_local_server, locate_local_server, move_legacy_journal
from graph.errors import LocalNeo4jError
from tests.support.throwaway import free_port


@pytest.fixture(autouse=True)
def user(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for name in ("NEO4J_URI", "NEO4J_PASSWORD", "DJ_CONFIG", "DJ_LOCAL_NEO4J__HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    # Ports nothing listens on, so that no server of the machine is taken for ours.
    monkeypatch.setenv("DJ_LOCAL_NEO4J__BOLT_PORT", str(free_port()))
    monkeypatch.setenv("DJ_LOCAL_NEO4J__HTTP_PORT", str(free_port()))
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    monkeypatch.chdir(checkout)
    return tmp_path


def _old_journal(checkout: Path) -> Path:
    home = checkout / ".decision-journal" / "neo4j"
    (home / "data" / "databases").mkdir(parents=True)
    (home / "conf").mkdir()
    (home / "conf" / "password").write_text("n-old\n")
    return home


def test_with_nothing_running_the_home_is_the_per_user_one(user: Path) -> None:
    located = locate_local_server(load_settings())
    assert located.found is Found.none and not located.running
    assert located.config.home == user / "data" / "decision-journal" / "neo4j" == located.home
    assert located.legacy is None and located.notes == ()


def test_an_old_checkout_journal_is_moved_into_the_vacant_home_and_said(user: Path) -> None:
    old = _old_journal(user / "checkout")
    located = locate_local_server(load_settings())
    assert located.legacy == old and located.notes == ()
    said: list[str] = []
    migration = move_legacy_journal(located, said.append)
    assert migration is not None and migration.new == located.home
    assert (located.home / "conf" / "password").read_text() == "n-old\n" and not old.exists()
    assert said == [f"moved the journal an older version kept in {old} to {located.home} "
                    "(one journal per user now: every directory uses it)"]
    assert locate_local_server(load_settings()).legacy is None  # done once


def test_an_old_journal_beside_an_existing_home_is_left_and_named(user: Path) -> None:
    old = _old_journal(user / "checkout")
    home = user / "data" / "decision-journal" / "neo4j"
    (home / "data").mkdir(parents=True)
    located = locate_local_server(load_settings())
    [note] = located.notes
    assert f"an older journal in {old} was not moved, because {home} exists already" in note
    assert "set local_neo4j.home to" in note
    assert move_legacy_journal(located, lambda line: None) is not None and old.is_dir() and (old / "conf" / "password").is_file()


def test_a_port_held_by_another_program_is_an_error_naming_the_setting(user: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = _old_journal(user / "checkout")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        monkeypatch.setenv("DJ_LOCAL_NEO4J__BOLT_PORT", str(port))
        with pytest.raises(LocalNeo4jError) as caught:
            ensure_local_server(load_settings(), lambda line: None)
    assert str(caught.value) == (
        f"port {port} on 127.0.0.1 (Bolt) is in use by a program that is not decision-journal's Neo4j: "
        "set local_neo4j.bolt_port in the config file (or DJ_LOCAL_NEO4J__BOLT_PORT) to a free port, "
        "or stop what listens there."
    )
    assert (old / "conf" / "password").is_file()  # nothing was moved for a server that cannot start
