"""Moving an older ./.decision-journal journal, and finding a running server from its
command line and conf, without a server (the real-server flows are in tests/integration)."""

from __future__ import annotations

import errno
import hashlib
import os
from pathlib import Path

import pytest

from graph.local import LocalNeo4jConfig
from graph.local.config import conf_ports, render_conf
from graph.local.discovery import running_servers, server_on_bolt_port
from graph.local.migrate import Outcome, holds_journal, move_home
from graph.local.server import ENTRY_POINT


def _journal(home: Path) -> dict[str, str]:
    """A folder laid out as a local server leaves it; returns each file's digest."""
    files = {
        "conf/password": "n-secret\n",
        "conf/neo4j.conf": "# Written by decision-journal\n",
        "data/databases/neo4j/neostore": "store bytes " * 100,
        "data/dbms/auth.ini": "neo4j:...\n",
        "logs/console.log": "started\n",
    }
    for name, text in files.items():
        (home / name).parent.mkdir(parents=True, exist_ok=True)
        (home / name).write_text(text)
    return _digests(home)


def _digests(home: Path) -> dict[str, str]:
    return {str(path.relative_to(home)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(home.rglob("*")) if path.is_file()}


def test_an_old_journal_moves_whole_once(tmp_path: Path) -> None:
    old = tmp_path / "checkout" / ".decision-journal" / "neo4j"
    new = tmp_path / "share" / "decision-journal" / "neo4j"
    before = _journal(old)

    moved = move_home(old, new, old_running=False)
    assert moved.outcome is Outcome.moved
    assert _digests(new) == before
    assert not old.exists() and not old.parent.exists()  # the emptied .decision-journal goes too
    assert (new / "conf" / "password").read_text() == "n-secret\n"

    again = move_home(old, new, old_running=False)  # idempotent: nothing left to move
    assert again.outcome is Outcome.nothing and _digests(new) == before


def test_nothing_moves_onto_an_existing_journal_or_from_a_running_server(tmp_path: Path) -> None:
    old = tmp_path / "checkout" / ".decision-journal" / "neo4j"
    new = tmp_path / "share" / "decision-journal" / "neo4j"
    old_files = _journal(old)
    assert move_home(old, new, old_running=True).outcome is Outcome.running
    assert _digests(old) == old_files and not new.exists()

    (new / "data").mkdir(parents=True)
    (new / "data" / "mine").write_text("the per-user journal")
    assert move_home(old, new, old_running=False).outcome is Outcome.target_exists
    assert _digests(old) == old_files and (new / "data" / "mine").read_text() == "the per-user journal"


def test_an_empty_target_folder_is_vacant_and_a_folder_without_a_journal_stays(tmp_path: Path) -> None:
    old = tmp_path / "checkout" / ".decision-journal" / "neo4j"
    new = tmp_path / "share" / "neo4j"
    new.mkdir(parents=True)
    before = _journal(old)
    assert move_home(old, new, old_running=False).outcome is Outcome.moved and _digests(new) == before

    bare = tmp_path / "other" / ".decision-journal" / "neo4j"
    (bare / "run").mkdir(parents=True)  # never started: no database, no password
    assert not holds_journal(bare)
    assert move_home(bare, tmp_path / "third", old_running=False).outcome is Outcome.nothing
    assert bare.is_dir()


def test_across_file_systems_it_copies_then_removes_and_survives_an_interrupted_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = tmp_path / "checkout" / ".decision-journal" / "neo4j"
    new = tmp_path / "share" / "neo4j"
    before = _journal(old)
    stale = new.with_name("neo4j.moving")
    stale.mkdir(parents=True)
    (stale / "half").write_text("left by a move that was interrupted")
    real_rename = os.rename

    def rename(src: os.PathLike[str] | str, dst: os.PathLike[str] | str) -> None:
        if Path(src) == old:  # the one call a second file system refuses
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        real_rename(src, dst)

    monkeypatch.setattr(os, "rename", rename)
    assert move_home(old, new, old_running=False).outcome is Outcome.moved
    assert _digests(new) == before and not old.exists() and not stale.exists()


def test_ports_are_read_back_from_the_conf_decision_journal_wrote(tmp_path: Path) -> None:
    config = LocalNeo4jConfig(home=tmp_path / "home", lib_dir=tmp_path / "lib", bolt_port=17687, http_port=17474)
    assert conf_ports(config.home) is None
    config.conf_dir.mkdir(parents=True)
    (config.conf_dir / "neo4j.conf").write_text(render_conf(config))
    assert conf_ports(config.home) == (17687, 17474)
    (config.conf_dir / "neo4j.conf").write_text("server.bolt.listen_address=127.0.0.1:1\nserver.http.listen_address=127.0.0.1:2\n")
    assert conf_ports(config.home) is None  # not a conf we wrote


def test_a_running_server_is_found_by_the_port_its_conf_names(tmp_path: Path) -> None:
    home = tmp_path / "checkout" / ".decision-journal" / "neo4j"
    config = LocalNeo4jConfig(home=home, lib_dir=tmp_path / "lib", bolt_port=7687, http_port=7474)
    config.conf_dir.mkdir(parents=True)
    (config.conf_dir / "neo4j.conf").write_text(render_conf(config))
    proc = tmp_path / "proc"
    for pid, args in (("4242", ["java", "-cp", "lib/*", ENTRY_POINT, f"--home-dir={home}", "--console-mode"]),
                      ("4243", ["java", "-jar", "something-else.jar"]), ("self", ["ignored"])):
        (proc / pid).mkdir(parents=True)
        (proc / pid / "cmdline").write_bytes("\0".join(args).encode() + b"\0")
    [server] = running_servers(proc)
    assert (server.pid, server.home, server.bolt_port, server.http_port) == (4242, home, 7687, 7474)
    assert server_on_bolt_port(7687, proc) == server
    assert server_on_bolt_port(7688, proc) is None
    assert running_servers(tmp_path / "no-proc") == []
