"""A checkout an older version used keeps its journal: while its server runs under
``./.decision-journal/neo4j`` every command uses it (from the checkout, and from another
repository when it holds the Bolt port); once stopped, the first command in the checkout
moves the folder into the per-user home and starts it there, with the data.

Real servers, the CLI as a subprocess: two starts (the old layout's, then the moved one).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from pydantic import SecretStr

from api.journal import DecisionJournal
from api.settings import Neo4jSettings, Settings
from graph.local import LocalNeo4jConfig, server_status, start_server, stop_server
from graph.local.server import new_password
from tests.support.throwaway import free_port, throwaway_config
from tests.support.user_cli import EXAMPLE, orders_repo, run_cli, user_env

pytestmark = pytest.mark.launcher


@dataclass(frozen=True)
class OldCheckout:
    user: Path
    checkout: Path
    old: LocalNeo4jConfig
    home: Path
    password: str


@pytest.fixture
def old_checkout(tmp_path: Path) -> Iterator[OldCheckout]:
    """A checkout whose ./.decision-journal/neo4j server runs, as an older `make run` left it."""
    checkout = tmp_path / "decision-journal-checkout"
    old = throwaway_config(checkout / ".decision-journal" / "neo4j")
    home = tmp_path / "user" / "data" / "decision-journal" / "neo4j"
    password = new_password()
    try:
        start_server(old, password)
        yield OldCheckout(tmp_path / "user", checkout, old, home, password)
    finally:
        stop_server(old)
        stop_server(replace(old, home=home))
        shutil.rmtree(tmp_path, ignore_errors=True)


def _governs_the_schema(result_stdout: str) -> bool:
    [schema] = json.loads(result_stdout)["governed_paths"]
    return schema["path"] == "services/orders/schema.sql" and "PostgreSQL" in schema["governing"][0]["summary"]


async def test_an_old_checkout_journal_is_used_while_it_runs_then_moved_with_its_data(
    old_checkout: OldCheckout, tmp_path: Path
) -> None:
    o = old_checkout
    # Settings that never point at a port of the machine's own journal (7687, 7474).
    env = user_env(o.user, DJ_LOCAL_NEO4J__BOLT_PORT=str(free_port()), DJ_LOCAL_NEO4J__HTTP_PORT=str(free_port()),
                   DJ_LOCAL_NEO4J__HEAP="512m", DJ_LOCAL_NEO4J__PAGECACHE="256m")
    repo = orders_repo(tmp_path / "their-repo")

    applied = run_cli(o.checkout, env, "schema", "apply")  # in the checkout: its running server
    assert applied.returncode == 0, applied.stderr
    assert f"note: using the local Neo4j an older version started in {o.old.home} ({o.old.bolt_uri})" in applied.stderr
    settings = Settings(neo4j=Neo4jSettings(uri=o.old.bolt_uri, password=SecretStr(o.password)))
    async with DecisionJournal(settings, session_id="platform-sync") as journal:
        await journal.ingest_session(EXAMPLE)

    # In another repository, the old server holds the Bolt port the settings name: it is used.
    on_port = env | {"DJ_LOCAL_NEO4J__BOLT_PORT": str(o.old.bolt_port)}
    found = run_cli(repo, on_port, "check-diff", "--base", "HEAD~1", "--format", "json")
    assert found.returncode == 0, found.stderr
    assert _governs_the_schema(found.stdout)
    assert f"using the local Neo4j already running from {o.old.home}" in found.stderr
    assert f"`decision-journal neo4j stop`, then run any decision-journal command in {o.checkout}" in found.stderr
    assert not o.home.exists()

    stopped = run_cli(repo, on_port, "neo4j", "stop")
    assert stopped.returncode == 0 and f"Neo4j stopped (home {o.old.home})" in stopped.stderr
    assert not server_status(o.old).running

    # Stopped: the next command in the checkout moves the journal, starts it, and answers from it.
    moved = run_cli(o.checkout, env, "check-diff", "--repo", str(repo), "--base", "HEAD~1", "--format", "json")
    assert moved.returncode == 0, moved.stderr
    assert f"moved the journal an older version kept in {o.old.home} to {o.home}" in moved.stderr
    assert _governs_the_schema(moved.stdout)  # the data came along
    assert not (o.checkout / ".decision-journal").exists()
    assert (o.home / "conf" / "password").read_text().strip() == o.password

    again = run_cli(o.checkout, env, "neo4j", "status", "--json")  # idempotent: nothing more to move
    status = json.loads(again.stdout)
    assert again.returncode == 0 and status["found"] == "home" and status["home"] == str(o.home.resolve())
    assert "moved" not in again.stderr and status["notes"] == []
    assert run_cli(tmp_path, env, "neo4j", "stop").returncode == 0
