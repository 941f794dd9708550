"""`decision-journal sessions` and the Python API's ``sessions``: what the journal has read,
newest first, with how many decisions came from each (drafts apart), only what the local
groups may read; against the real Neo4j, through the installed command's own code."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient
from typer.testing import CliRunner

from api.app import create_app
from api.cli.main import app
from api.journal import DecisionJournal
from graph.schema import apply_schema
from graph.session_list import SessionFilter, SessionListing
from tests.api.graphql_client import GraphQL, settings_for
from tests.graph_fixtures import Neo4jServer
from tests.support.cypher import support_query
from tests.support.drafts import CHATTER, MARCH, SEPTEMBER, ingest_as_drafts
from tests.support.git import git

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "platform-sync.txt"
UNDATED = """alice: Should the changelog live in the repository or in the wiki?
bob: We decided to keep the changelog in the repository, next to the code.
"""


async def _cli(*args: str, groups: str | None = None) -> Any:
    env = {"DJ_AUTH__LOCAL_GROUPS": groups} if groups else {}
    return await asyncio.to_thread(CliRunner().invoke, app, list(args), env=env)


def _ids(table: str) -> list[str]:
    """The session column of the table the command prints."""
    header, *rows = table.splitlines()
    start = header.index("session")
    return [row[start:].split()[0] for row in rows]


async def _read(journal: DecisionJournal, folder: Path) -> None:
    """platform-sync (eng, series sync), March's database chat (eng), September's draft
    (sales), an aside of the design group, and an undated chat (open to all)."""
    (folder / "db-march.txt").write_text(MARCH)
    (folder / "changelog.txt").write_text(UNDATED)
    await journal.ingest_session(EXAMPLE, access_groups=["eng"], series="sync")
    await journal.ingest_session(folder / "db-march.txt", "transcript", access_groups=["eng"])
    await journal.ingest_session(folder / "changelog.txt", "transcript")
    await ingest_as_drafts(journal.services.ingest, SEPTEMBER, "db-september", ["sales"])
    await ingest_as_drafts(journal.services.ingest, CHATTER, "retro", ["design"])


async def test_the_cli_lists_what_was_read_newest_first_with_its_decisions(journal: DecisionJournal, tmp_path: Path) -> None:
    await _read(journal, tmp_path)
    listed = await _cli("sessions")
    assert listed.exit_code == 0, listed.output
    lines = listed.stdout.splitlines()
    assert lines[0].split() == ["last", "(UTC)", "session", "format", "series", "repository", "messages", "decisions", "drafts"]
    assert _ids(listed.stdout) == ["retro", "db-september", "platform-sync", "db-march", "changelog"]
    assert lines[1].startswith("2024-09-21 09:01") and lines[-1].startswith("undated")
    assert lines[2].split()[-3:] == ["3", "0", "1"], "September's detection waits as a draft"
    assert "5 sessions" in listed.stderr

    shown = json.loads((await _cli("sessions", "--json")).stdout)
    assert shown["total"] == 5
    sync = next(s for s in shown["sessions"] if s["id"] == "platform-sync")
    assert (sync["source"], sync["series"], sync["messages"]) == ("transcript", "sync", 11) and sync["decisions"] >= 3
    assert (sync["first_at"], sync["last_at"]) == ("2024-03-15T14:00:00+00:00", "2024-09-20T09:10:00+00:00")

    first = json.loads((await _cli("sessions", "--json", "--limit", "2")).stdout)
    assert first["total"] == 5 and [s["id"] for s in first["sessions"]] == ["retro", "db-september"]
    assert "the newest 2 shown" in (await _cli("sessions", "--limit", "2")).stderr
    assert [s["id"] for s in json.loads((await _cli("sessions", "--series", "sync", "--json")).stdout)["sessions"]] == [
        "platform-sync"]
    assert json.loads((await _cli("sessions", "--source", "aider", "--json")).stdout) == {"total": 0, "sessions": []}
    unknown = await _cli("sessions", "--repo", "acme/nowhere")
    assert unknown.exit_code == 2 and "acme/nowhere" in unknown.output


async def test_a_local_user_with_groups_lists_only_their_sessions(journal: DecisionJournal, tmp_path: Path) -> None:
    await _read(journal, tmp_path)
    eng = json.loads((await _cli("sessions", "--json", groups='["eng"]')).stdout)
    assert [s["id"] for s in eng["sessions"]] == ["platform-sync", "db-march", "changelog"] and eng["total"] == 3
    sales = await _cli("sessions", groups='["sales"]')
    assert _ids(sales.stdout) == ["db-september", "changelog"]
    assert "platform-sync" not in sales.stdout and "retro" not in sales.stdout


async def test_the_python_api_lists_the_same(journal: DecisionJournal, tmp_path: Path) -> None:
    await _read(journal, tmp_path)
    listed = await journal.sessions()
    assert [s["id"] for s in listed] == ["retro", "db-september", "platform-sync", "db-march", "changelog"]
    assert [s["id"] for s in await journal.sessions(limit=2, offset=2)] == ["platform-sync", "db-march"]
    [march] = await journal.sessions(source="TRANSCRIPT", limit=1, offset=3)
    assert (march["id"], march["messages"], march["decisions"], march["drafts"]) == ("db-march", 3, 1, 0)



async def test_sessions_stored_before_their_latest_time_was_kept_are_ordered_after_schema_apply(
    journal: DecisionJournal, tmp_path: Path
) -> None:
    # The list orders by the time a session keeps of its latest message; a journal written
    # before ingest kept it gets it from `schema apply`, and lists the same as a new one.
    await _read(journal, tmp_path)
    kept = [s["id"] for s in await journal.sessions()]
    assert kept == ["retro", "db-september", "platform-sync", "db-march", "changelog"]
    executor = journal.services.executor
    stored = await executor.read(support_query("testing_sessions_last_message"))
    assert [r["id"] for r in stored if r["last"] is None] == ["changelog"]  # undated: nothing to keep
    await executor.write(support_query("testing_forget_last_message"))
    await apply_schema(executor, 384)
    assert await executor.read(support_query("testing_sessions_last_message")) == stored
    assert [s["id"] for s in await journal.sessions()] == kept


async def test_a_page_past_the_end_still_says_how_many_there_are(journal: DecisionJournal, tmp_path: Path) -> None:
    await _read(journal, tmp_path)
    past = await SessionListing(journal.services.executor).page(SessionFilter(), offset=10, limit=5)
    assert (past.total, past.sessions) == (5, ())


async def test_a_session_s_repository_is_shown_by_its_name(
    journal: DecisionJournal, tmp_path: Path, neo4j_server: Neo4jServer,
) -> None:
    # A checkout without a remote is keyed git:<root commit>: the list showed that key where
    # the paths view names the repository by its folder's name.
    repo = tmp_path / "shop-web"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "changelog.txt").write_text(UNDATED)
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "start")
    await journal.ingest_session(repo / "changelog.txt", "transcript", repository=repo)
    listed = await _cli("sessions")
    assert "shop-web" in listed.stdout and "git:" not in listed.stdout
    [shown] = json.loads((await _cli("sessions", "--json")).stdout)["sessions"]
    assert shown["repository"].startswith("git:") and shown["repository_name"] == "shop-web"
    with TestClient(create_app(settings_for(neo4j_server))) as client:
        found = GraphQL(client).run("{ sessions { edges { node { repository repositoryName } } } }")
    assert [e["node"]["repositoryName"] for e in found["sessions"]["edges"]] == ["shop-web"]
