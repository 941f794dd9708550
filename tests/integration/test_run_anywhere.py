"""``check-diff`` run from another repository, as a user, a pre-commit hook or CI runs it:
it finds the local Neo4j already running in the per-user home and uses it.

One real server for the module, started in a temporary per-user data folder on free
ports; the CLI runs as a subprocess with ``XDG_DATA_HOME`` pointing there, no
``NEO4J_URI``, and settings naming other ports, so the ports can only come from the
running home.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from pydantic import SecretStr

from api.journal import DecisionJournal
from api.settings import Neo4jSettings, Settings
from graph.local import LocalNeo4jConfig, server_status, start_server, stop_server
from graph.local.discovery import running_servers
from graph.local.server import new_password
from tests.support.git import git
from tests.support.throwaway import free_port, throwaway_config
from tests.support.user_cli import EXAMPLE, orders_repo, run_cli, user_env

pytestmark = pytest.mark.launcher

CHECKOUT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class UserServer:
    user: Path
    config: LocalNeo4jConfig
    pid: int


@pytest.fixture(scope="module")
def user_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[UserServer]:
    """The per-user local Neo4j, running (as `make run` leaves it) in a temporary data folder."""
    user = tmp_path_factory.mktemp("user")
    config = throwaway_config(user / "data" / "decision-journal" / "neo4j")
    try:
        status = start_server(config, new_password())
        assert status.pid is not None
        yield UserServer(user, config, status.pid)
    finally:
        stop_server(config)
        shutil.rmtree(user, ignore_errors=True)


@pytest.fixture(scope="module")
async def journal_with_example(user_server: UserServer, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[UserServer]:
    """The example conversation in that journal; the schema applied by the CLI from a
    directory that is not the checkout."""
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    applied = run_cli(elsewhere, _env(user_server), "schema", "apply")
    assert applied.returncode == 0, applied.stderr
    password = user_server.config.password_file.read_text().strip()
    settings = Settings(neo4j=Neo4jSettings(uri=user_server.config.bolt_uri, password=SecretStr(password)))
    async with DecisionJournal(settings, session_id="platform-sync") as journal:
        await journal.ingest_session(EXAMPLE)
    yield user_server


def _env(server: UserServer) -> dict[str, str]:
    # Settings name ports nothing listens on: the running home's own ports must win.
    return user_env(server.user, DJ_LOCAL_NEO4J__BOLT_PORT=str(free_port()), DJ_LOCAL_NEO4J__HTTP_PORT=str(free_port()),
                    DJ_LOCAL_NEO4J__HEAP="512m", DJ_LOCAL_NEO4J__PAGECACHE="256m")


def _only_our_server_runs(server: UserServer, repo: Path) -> None:
    assert server_status(server.config).pid == server.pid  # the same process, not restarted
    assert not (repo / ".decision-journal").exists()
    ours = [found for found in running_servers() if found.home.is_relative_to(server.user) or found.home.is_relative_to(repo)]
    assert [found.pid for found in ours] == [server.pid]


def test_check_diff_in_another_repository_uses_the_running_per_user_server(
    journal_with_example: UserServer, tmp_path: Path
) -> None:
    server = journal_with_example
    repo = orders_repo(tmp_path / "their-repo")
    assert not repo.is_relative_to(CHECKOUT)

    result = run_cli(repo, _env(server), "check-diff", "--base", "HEAD~1", "--format", "json")
    assert result.returncode == 0, result.stderr
    assert "starting" not in result.stderr and "note:" not in result.stderr
    report = json.loads(result.stdout)
    assert report["change"] == "work tree against HEAD~1"
    [schema] = report["governed_paths"]
    assert schema["path"] == "services/orders/schema.sql"
    [postgres] = schema["governing"]
    assert "PostgreSQL" in postgres["summary"]
    assert [back["option"] for back in schema["reintroduced"]] == ["MongoDB"]

    text = run_cli(repo, _env(server), "check-diff", "--base", "HEAD~1", "--head", "HEAD", "--fail-on", "active")
    assert text.returncode == 1 and "decisions govern 1 of the 1 changed path (HEAD~1..HEAD)" in text.stdout
    _only_our_server_runs(server, repo)


def test_neo4j_status_from_anywhere_says_where_the_journal_lives(journal_with_example: UserServer, tmp_path: Path) -> None:
    server = journal_with_example
    result = run_cli(tmp_path, _env(server), "neo4j", "status", "--json")
    assert result.returncode == 0, result.stderr
    status = json.loads(result.stdout)
    assert status["running"] and status["pid"] == server.pid and status["found"] == "home"
    assert status["home"] == str(server.config.home.resolve())
    assert status["password_file"] == str(server.config.password_file.resolve())
    assert status["bolt_uri"] == server.config.bolt_uri  # the running server's port, not the settings'
    assert status["config_file"] is None and status["notes"] == []


def test_a_pre_commit_hook_in_another_repository_checks_the_staged_change(
    journal_with_example: UserServer, tmp_path: Path
) -> None:
    server = journal_with_example
    repo = orders_repo(tmp_path / "their-repo")
    hook = repo / ".git" / "hooks" / "pre-commit"
    hook.write_text("#!/bin/sh\n# As docs/check-diff.md shows it.\nexec decision-journal check-diff --staged --fail-on active\n")
    hook.chmod(0o755)
    env = _env(server) | {"GIT_AUTHOR_NAME": "Ann", "GIT_AUTHOR_EMAIL": "ann@example.invalid",
                          "GIT_COMMITTER_NAME": "Ann", "GIT_COMMITTER_EMAIL": "ann@example.invalid"}
    head = git(repo, "rev-parse", "HEAD")

    def commit(message: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["git", "commit", "-qm", message], cwd=repo, env=env, capture_output=True, text=True,
                              timeout=300, check=False)

    with (repo / "services" / "orders" / "schema.sql").open("a") as schema:
        schema.write("ALTER TABLE orders ADD COLUMN note text;\n")
    (repo / "README.md").write_text("orders, with notes\n")
    git(repo, "add", "services/orders/schema.sql")  # only the governed file is staged
    refused = commit("Orders: a note per order")
    assert refused.returncode == 1, refused.stderr
    # git shows a hook's output on its stderr
    assert "decisions govern 1 of the 1 changed path (staged against HEAD)" in refused.stderr
    assert "PostgreSQL" in refused.stderr and "an active decision governs a changed path" in refused.stderr
    assert git(repo, "rev-parse", "HEAD") == head

    git(repo, "reset", "-q")
    git(repo, "add", "README.md")
    accepted = commit("Document the notes")
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert "no decision governs the 1 changed path (staged against HEAD)" in accepted.stderr
    assert git(repo, "rev-parse", "HEAD") != head
    _only_our_server_runs(server, repo)
    assert os.access(hook, os.X_OK)
