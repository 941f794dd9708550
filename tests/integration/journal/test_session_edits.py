"""A Claude Code session ingested with its repository into the real Neo4j: the session's
repository, branch and times, each message's edited files, and its decision linked to the
files it edited after it (via session_edit), idempotently; ``impact`` shows those links."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from starlette.testclient import TestClient
from typer.testing import CliRunner

from api.app import create_app
from api.cli.main import app
from api.journal import DecisionJournal
from tests.api.graphql_client import GraphQL, settings_for
from tests.graph_fixtures import Neo4jServer
from tests.support.cypher import support_query
from tests.support.git import git

SESSIONS = Path(__file__).parents[2] / "unit" / "nlp" / "sessions"
CLAUDE = SESSIONS / "7f3c2a10-5b1e-4c2d-9a7e-0c1d2e3f4a5b.jsonl"
SESSION_ID = CLAUDE.stem
SHOP = "github.com/acme/shop"


def _shop(tmp_path: Path) -> Path:
    """The repository the session edited, as a checkout of this machine."""
    repo = tmp_path / "shop"
    (repo / "app" / "settings").mkdir(parents=True)
    git(repo, "init", "-q")
    git(repo, "remote", "add", "origin", "git@github.com:acme/shop.git")
    (repo / "app" / "cache.py").write_text("CACHE = None\n")
    (repo / "app" / "settings" / "cache.toml").write_text("ttl = 60\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "start", date="2025-09-01T10:00:00+00:00")
    return repo


async def _stored(journal: DecisionJournal, session_id: str = SESSION_ID) -> dict[str, Any]:
    [row] = await journal.services.executor.read(support_query("testing_session_context"), {"session_id": session_id})
    return {
        "session": row["session"],
        "messages": sorted((m["seq"], tuple(m["files"])) for m in row["messages"]),
        "links": sorted(row["links"], key=lambda link: link["path"]),
    }


async def _counts(journal: DecisionJournal) -> list[list[dict[str, Any]]]:
    executor = journal.services.executor
    return [await executor.read(support_query(name)) for name in ("testing_label_counts", "testing_relationship_counts")]


async def test_a_session_s_edits_are_stored_in_its_repository_and_link_its_decision(
    journal: DecisionJournal, neo4j_server: Neo4jServer, tmp_path: Path,
) -> None:
    repo = _shop(tmp_path)
    session = tmp_path / CLAUDE.name
    shutil.copy(CLAUDE, session)

    report = await journal.ingest_session(session, repository=repo)
    assert (report.repository, report.edit_links) == (SHOP, 2)
    [decision] = report.decision_ids
    stored = await _stored(journal)
    meta = stored["session"]
    assert (meta["repository"], meta["git_branch"]) == (SHOP, "feature/cache")
    assert meta["started_at"].iso_format().startswith("2025-09-14T09:00:00")
    assert meta["ended_at"].iso_format().startswith("2025-09-14T09:02:30")
    assert "cwd" not in meta, "the session ran in /home/dev/shop, a folder of another machine: not kept"
    assert not [value for value in meta.values() if "/home/dev" in str(value)]
    # The Edit and the Write of message 5's entry (positions 6 and 7); the Read is no edit.
    assert stored["messages"] == [(6, ("app/cache.py",)), (7, ("app/settings/cache.toml",))]
    assert [(link["decision"], link["repository"], link["path"], link["via"], link["inferred"]) for link in stored["links"]] == [
        (decision, SHOP, "app/cache.py", "session_edit", True),
        (decision, SHOP, "app/settings/cache.toml", "session_edit", True),
    ]
    cache, settings = stored["links"]
    assert cache["evidence"] == "the session edited it: Edit in message 6, 2 messages, 10 s after the decision (message 4)"
    assert settings["evidence"].startswith("the session edited it: Write in message 7")
    assert cache["confidence"] > settings["confidence"]

    before = await _counts(journal)
    again = await journal.ingest_session(session, repository=repo)
    assert (again.new_messages, again.new_decisions, again.edit_links) == (0, 0, 2)
    assert await _counts(journal) == before
    assert await _stored(journal) == stored

    await _every_face_shows_the_link(neo4j_server, repo, decision, cache["evidence"])


async def _every_face_shows_the_link(neo4j_server: Neo4jServer, repo: Path, decision: str, evidence: str) -> None:
    """impact, check-diff, GraphQL and MCP get_impact show a session-edit link with its evidence."""
    result = await asyncio.to_thread(CliRunner().invoke, app, ["impact", "app/cache.py", "--repo", str(repo), "--json"])
    assert result.exit_code == 0, result.output
    [shown] = json.loads(result.stdout)["decisions"]
    assert shown["id"] == decision and evidence in json.dumps(shown) and "session_edit" in json.dumps(shown)

    (repo / "app" / "cache.py").write_text("CACHE = memcache.Client()\n")  # a change to the governed file
    result = await asyncio.to_thread(CliRunner().invoke, app, ["check-diff", "--repo", str(repo), "--format", "json"])
    assert result.exit_code == 0, result.output
    [governed] = json.loads(result.stdout)["governed_paths"]
    assert governed["path"] == "app/cache.py"
    assert [(link["decision"], link["via"], link["evidence"]) for link in governed["links"]] == [(decision, "session_edit", evidence)]

    query = """query($path: String!, $repo: String) { impact(path: $path, repository: $repo) {
      edges { node { id codeLinks { via inferred evidence file { path repository } } } } } }"""
    with TestClient(create_app(settings_for(neo4j_server))) as client:
        [edge] = GraphQL(client).run(query, {"path": "app/cache.py", "repo": SHOP})["impact"]["edges"]
    links = {link["file"]["path"]: link for link in edge["node"]["codeLinks"]}
    assert links["app/cache.py"] == {"via": "session_edit", "inferred": True, "evidence": evidence,
                                     "file": {"path": "app/cache.py", "repository": SHOP}}

    server = StdioServerParameters(command=sys.executable, args=["-m", "api.cli.main", "mcp"], env=dict(os.environ), cwd=str(repo))
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        answer = await session.call_tool("get_impact", {"path": "app/cache.py"})
    assert not answer.is_error and evidence in answer.content[0].text and "session_edit" in answer.content[0].text


async def test_a_session_that_ran_in_a_checkout_here_finds_its_repository_itself(
    journal: DecisionJournal, tmp_path: Path,
) -> None:
    repo = _shop(tmp_path)
    (repo / "app" / "api").mkdir()
    # The same session, run in this machine's checkout (in a subfolder of it), with no --repo;
    # it also wrote a file outside the repository, which is not stored.
    text = CLAUDE.read_text().replace('"cwd": "/home/dev/shop"', f'"cwd": "{repo / "app" / "api"}"')
    text = text.replace("/home/dev/shop/app/settings/cache.toml", "/tmp/elsewhere/cache.toml")
    text = text.replace("/home/dev/shop/", f"{repo}/")
    session = tmp_path / "here.jsonl"
    session.write_text(text)

    report = await journal.ingest_session(session)
    assert report.repository == SHOP
    stored = await _stored(journal, "here")
    assert (stored["session"]["repository"], stored["session"]["cwd"]) == (SHOP, "app/api")
    assert stored["messages"] == [(6, ("app/cache.py",))]
    assert [(link["path"], link["via"]) for link in stored["links"]] == [("app/cache.py", "session_edit")]


async def test_a_session_with_no_repository_here_stores_no_folder_of_the_machine_it_ran_on(
    journal: DecisionJournal, tmp_path: Path,
) -> None:
    # The session ran in /home/dev/shop, which this machine does not have: its talk names
    # /home/dev/shop/app/cache.py, a path that means nothing here and is not stored.
    session = tmp_path / "elsewhere.jsonl"
    session.write_text(CLAUDE.read_text())
    report = await journal.ingest_session(session)
    assert report.repository is None and report.decision_ids
    decisions = await journal.services.reader.decisions(report.decision_ids)
    stored = [path for record in decisions for path in record.files]
    assert not [path for path in stored if path.startswith(("/", "~"))], stored
