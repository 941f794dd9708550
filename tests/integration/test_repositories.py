"""Files belong to a repository: two repositories' ``src/api`` never mix, through the CLI,
GraphQL and MCP; ADRs imported from a checkout carry no path of the machine; an old graph
whose files had no repository is migrated by ``schema apply``."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from starlette.testclient import TestClient
from typer.testing import CliRunner

from api.app import create_app
from api.cli.main import app
from api.journal import DecisionJournal
from api.usecases.repositories import UnknownRepository, resolve_scope
from graph.executor import Neo4jExecutor
from graph.schema import apply_schema, verify_schema
from tests.api.graphql_client import GraphQL, settings_for
from tests.graph_fixtures import Neo4jServer
from tests.support.cypher import support_query
from tests.support.git import git

ADR_SHOP = """# 1. Use lunr for search

Date: 2024-02-01

## Status

Accepted

## Context

Searching the catalogue.

## Decision

We use lunr; the index is built in `src/api/search.ts`.
"""

ADR_BILLING = """# 1. Keep invoices immutable

Date: 2024-03-01

## Status

Accepted

## Decision

Invoices are never edited after issue; corrections are new documents in `src/api/invoices.ts`.
"""


def _repository(parent: Path, name: str, remote: str, adr: str, code: dict[str, str]) -> Path:
    repo = parent / name
    (repo / "doc" / "adr").mkdir(parents=True)
    git(repo, "init", "-q")
    git(repo, "remote", "add", "origin", remote)
    for path, text in code.items():
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        (repo / path).write_text(text)
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "start", date="2024-01-01T10:00:00+00:00")
    (repo / "doc" / "adr" / "0001-decision.md").write_text(adr)
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "Record the first decision", date="2024-02-01T10:00:00+00:00")
    return repo


def _two(tmp_path: Path) -> tuple[Path, Path]:
    shop = _repository(tmp_path, "shop", "git@github.com:acme/shop.git", ADR_SHOP, {
        "package.json": '{"dependencies": {"lunr": "2"}}\n', "src/api/search.ts": "import lunr from 'lunr';\n",
    })
    billing = _repository(tmp_path, "billing", "https://github.com/acme/billing", ADR_BILLING, {
        "src/api/invoices.ts": "export const invoices = [];\n", "src/api/search.ts": "export const search = 1;\n",
    })
    return shop, billing


async def _cli(*args: str, cwd: Path | None = None) -> tuple[int, str]:
    def run() -> Any:
        before = Path.cwd()
        if cwd is not None:
            os.chdir(cwd)
        try:
            return CliRunner().invoke(app, list(args))
        finally:
            os.chdir(before)

    result = await asyncio.to_thread(run)
    return result.exit_code, result.stdout


async def test_two_repositories_with_the_same_paths_never_mix(journal: DecisionJournal, tmp_path: Path) -> None:
    shop, billing = _two(tmp_path)
    for repo in (shop, billing):
        code, out = await _cli("import-adr", str(repo / "doc" / "adr"))
        assert code == 0, out
        code, out = await _cli("ingest-git", "--repo", str(repo))
        assert code == 0, out

    # The CLI, run inside each checkout, answers for that repository only.
    code, out = await _cli("impact", "src/api", "--json", cwd=shop)
    assert code == 0, out
    found = json.loads(out)
    assert found["repository"] == "github.com/acme/shop"
    assert [d["summary"].split(":")[0] for d in found["decisions"]] == ["Use lunr for search"]
    code, out = await _cli("impact", "src/api/search.ts", "--json", cwd=billing)
    assert code == 0 and json.loads(out)["decisions"] == []  # billing's search.ts is not shop's
    code, out = await _cli("impact", "src/api", "--repo", "acme/billing", "--json")
    assert code == 0 and ["Invoices" in d["summary"] for d in json.loads(out)["decisions"]] == [True]
    code, out = await _cli("impact", "src/api", "--repo", "acme/nothing")
    assert code == 2

    # check-diff in billing: a change to src/api/search.ts there is governed by nothing.
    (billing / "src" / "api" / "search.ts").write_text("export const search = 2;\n")
    code, out = await _cli("check-diff", "--format", "json", cwd=billing)
    assert code == 0, out
    assert json.loads(out)["governed_paths"] == []
    (shop / "src" / "api" / "search.ts").write_text("import lunr from 'lunr';\nexport const index = 1;\n")
    code, out = await _cli("check-diff", "--format", "json", cwd=shop)
    report = json.loads(out)
    [governed] = report["governed_paths"]
    assert governed["path"] == "src/api/search.ts" and "lunr" in governed["governing"][0]["summary"]
    assert governed["links"][0]["via"] in {"stated", "import", "decision-document commit"}

    # ADRs imported from a checkout carry no path of this machine.
    decisions = await journal.search_decisions("invoices", {"history": True})
    assert decisions and all(str(tmp_path) not in json.dumps(d) for d in decisions)
    assert decisions[0]["source"]["session"] == "github.com/acme/billing:doc/adr"
    assert decisions[0]["source"]["path"] == "doc/adr/0001-decision.md"


async def test_impact_of_a_path_shows_the_commits_that_touched_it(
    journal: DecisionJournal, tmp_path: Path, neo4j_server: Neo4jServer
) -> None:
    shop, _ = _two(tmp_path)
    for path, text, message, day in (("src/api/search.ts", "import lunr from 'lunr';\nexport const n = 2;\n",
                                      "Speed up the search index", "2024-03-01"),
                                     ("package.json", '{"dependencies": {"lunr": "2.3"}}\n', "Bump lunr", "2024-03-02"),
                                     # Names the ADR but changes nothing under src/api: not what touched it.
                                     ("README.md", "Search: see ADR-1.\n", "Explain search in the README, per ADR-1",
                                      "2024-03-03")):
        (shop / path).write_text(text)
        git(shop, "add", path)
        git(shop, "commit", "-qm", message, date=f"{day}T10:00:00+00:00")
    for args in (("import-adr", str(shop / "doc" / "adr")), ("ingest-git", "--repo", str(shop))):
        code, out = await _cli(*args)
        assert code == 0, out
    code, out = await _cli("impact", "src/api/search.ts", "--json", cwd=shop)
    assert code == 0, out
    [decision] = json.loads(out)["decisions"]
    assert [c["message"] for c in decision["commits"]] == ["Speed up the search index"]
    code, out = await _cli("impact", "package.json", "--json", cwd=shop)
    assert code == 0, out
    [decision] = json.loads(out)["decisions"]
    assert [c["message"] for c in decision["commits"]] == ["Bump lunr"]
    # Without a path, every commit that followed or named it, the README's among them.
    with TestClient(create_app(settings_for(neo4j_server))) as client:
        commits = GraphQL(client).run("query($id: ID!) { decision(id: $id) { commits { subject how } } }",
                                      {"id": decision["id"]})["decision"]["commits"]
    assert {"subject": "Explain search in the README, per ADR-1", "how": ["MENTIONS"]} in commits


async def test_mcp_answers_for_the_repository_it_runs_in(journal: DecisionJournal, tmp_path: Path) -> None:
    shop, billing = _two(tmp_path)
    for repo in (shop, billing):
        assert (await _cli("import-adr", str(repo / "doc" / "adr")))[0] == 0
    server = StdioServerParameters(command=sys.executable, args=["-m", "api.cli.main", "mcp"],
                                   env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}, cwd=str(billing))
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        here = json.loads((await session.call_tool("decisions_for_paths", {"paths": ["src/api/search.ts"]})).content[0].text)
        assert here["repository"] == "github.com/acme/billing" and here["governed_paths"] == []
        there = json.loads((await session.call_tool(
            "decisions_for_paths", {"paths": ["src/api/search.ts"], "repository": "acme/shop"})).content[0].text)
        assert "lunr" in there["governed_paths"][0]["governing"][0]["summary"]
        impact = json.loads((await session.call_tool("get_impact", {"path": "src/api/invoices.ts"})).content[0].text)
        assert ["Invoices" in d["summary"] for d in impact["decisions"]] == [True]


async def test_schema_apply_migrates_files_stored_without_a_repository(executor: Neo4jExecutor) -> None:
    await executor.write(support_query("testing_drop_file_key"))
    await executor.write(support_query("testing_old_file_path_key"))
    await executor.write(support_query("testing_old_files"))
    await apply_schema(executor, 384)
    rows = await executor.read(support_query("testing_files"))
    assert [(r["repository"], r["path"]) for r in rows] == [("", "src/api/"), ("", "src/db.py")]
    assert (await verify_schema(executor, 384)).ok
    await apply_schema(executor, 384)  # again: nothing changes
    assert len(await executor.read(support_query("testing_files"))) == 2


@pytest.mark.parametrize("named", ["~no-such-user-here/shop", "shop\x00", "acme/not-in-the-journal"])
async def test_a_repository_name_that_is_no_folder_here_is_looked_up_and_refused_clearly(
    executor: Neo4jExecutor, named: str
) -> None:
    # Found by the GraphQL fuzz test: "~user" with no such user made pathlib raise, which the
    # API reported as an internal error instead of "no repository … in the journal".
    with pytest.raises(UnknownRepository, match="no repository"):
        await resolve_scope(executor, named)



ADR_STORE = """# 1. Use Redis for the session store

Date: 2024-02-01

## Status

Accepted

## Decision

We use Redis to keep user sessions.
"""

SWITCH_STORE = """[2024-05-01 10:00] alice: Redis keeps losing sessions on restart. Should we drop it?
[2024-05-01 10:02] bob: Let's replace Redis with PostgreSQL for the session store.
[2024-05-01 10:03] alice: Agreed.
"""


async def test_a_decision_never_supersedes_one_of_another_repository(journal: DecisionJournal, tmp_path: Path) -> None:
    # Two projects' decisions are never one subject's history: billing replacing Redis says
    # nothing about shop's choice of it. The same talk in shop itself does supersede it.
    shop = _repository(tmp_path, "shop", "git@github.com:acme/shop.git", ADR_STORE, {"app.py": "import redis\n"})
    billing = _repository(tmp_path, "billing", "https://github.com/acme/billing", ADR_BILLING, {"app.py": "x = 1\n"})
    for repo in (shop, billing):
        assert (await _cli("import-adr", str(repo / "doc" / "adr")))[0] == 0
    talk = tmp_path / "switch-store.txt"
    talk.write_text(SWITCH_STORE)

    async def redis() -> dict[str, Any]:
        [found] = [d for d in await journal.search_decisions("Redis session store", {"history": True})
                   if d["summary"].startswith("Use Redis")]
        return found

    elsewhere = await journal.ingest_session(talk, session_id="billing-store", repository=billing)
    assert elsewhere.new_decisions >= 1 and elsewhere.superseded == 0
    assert (await redis())["status"] == "active"
    here = await journal.ingest_session(talk, session_id="shop-store", repository=shop)
    assert here.superseded == 1
    assert (await redis())["status"] == "superseded"


async def test_a_repository_alone_keeps_its_own_decisions_on_every_face(
    journal: DecisionJournal, tmp_path: Path, neo4j_server: Neo4jServer
) -> None:
    shop, billing = _two(tmp_path)
    for repo in (shop, billing):
        code, out = await _cli("import-adr", str(repo / "doc" / "adr"))
        assert code == 0, out
    await journal.ingest_session(Path(__file__).resolve().parents[2] / "examples" / "platform-sync.txt")

    code, out = await _cli("search", "decision", "--repo", "acme/shop", "--json")
    assert code == 0, out
    assert [h["decision"]["summary"].split(":")[0] for h in json.loads(out)["hits"]] == ["Use lunr for search"]
    found = await journal.search_decisions("invoices lunr postgresql", {"repository": "acme/billing", "limit": 10})
    assert [d["summary"].split(":")[0] for d in found] == ["Keep invoices immutable"]

    query = """query($repo: String) { decisions(where: {repository: $repo}, first: 10) {
      totalCount edges { node { summary } } } }"""
    with TestClient(create_app(settings_for(neo4j_server))) as client:
        api = GraphQL(client)
        everything = api.run(query)["decisions"]["totalCount"]
        shops = api.run(query, {"repo": "github.com/acme/shop"})["decisions"]
    assert everything >= 4  # both ADRs and the example's decisions
    assert shops["totalCount"] == 1 and "lunr" in shops["edges"][0]["node"]["summary"]


async def test_fail_on_active_counts_a_manifest_only_when_the_change_touches_the_decided_library(
    journal: DecisionJournal, tmp_path: Path
) -> None:
    shop, _ = _two(tmp_path)
    (shop / "package.json").write_text('{\n  "dependencies": {\n    "left-pad": "1.2",\n    "lunr": "2"\n  }\n}\n')
    git(shop, "commit", "-qam", "Pin left-pad", date="2024-02-02T10:00:00+00:00")
    for args in (("import-adr", str(shop / "doc" / "adr")), ("ingest-git", "--repo", str(shop))):
        code, out = await _cli(*args)
        assert code == 0, out
    # A bump of another dependency: the decision to use lunr is shown, not counted.
    (shop / "package.json").write_text('{\n  "dependencies": {\n    "left-pad": "1.3",\n    "lunr": "2"\n  }\n}\n')
    result = await asyncio.to_thread(CliRunner().invoke, app, ["check-diff", "--repo", str(shop), "--fail-on", "active"])
    assert result.exit_code == 0, result.output
    assert "package.json" in result.stdout and "Use lunr for search" in result.stdout
    assert "the change leaves lunr alone in it: shown, not counted by --fail-on" in result.stdout
    # The decided library's own line changes: the gate holds.
    (shop / "package.json").write_text('{\n  "dependencies": {\n    "left-pad": "1.3",\n    "lunr": "2.3"\n  }\n}\n')
    result = await asyncio.to_thread(CliRunner().invoke, app, ["check-diff", "--repo", str(shop), "--fail-on", "active"])
    assert result.exit_code == 1, result.output
    assert "leaves lunr alone" not in result.stdout


async def test_two_repositories_files_of_the_same_name_are_two_sessions(journal: DecisionJournal, tmp_path: Path) -> None:
    # A session id is the file name: both repositories' docs/styling.md were one session,
    # moved to the second repository, and the first lost its decision.
    shop, billing = _two(tmp_path)
    for repo, choice in ((shop, "Tailwind CSS"), (billing, "styled-components")):
        (repo / "docs").mkdir()
        (repo / "docs" / "styling.md").write_text(f"# Styling\n\nWe decided to use {choice} for styling because it is simple.\n")

    async def sessions(repo: str) -> list[tuple[str, int]]:
        code, out = await _cli("sessions", "--repo", repo, "--json")
        assert code == 0, out
        return sorted((s["id"], s["decisions"]) for s in json.loads(out)["sessions"] if "styling" in s["id"])

    for repo in (shop, billing, shop, billing):  # again: ingested again, nothing changes
        code, out = await _cli("ingest", "docs", "--repo", ".", cwd=repo)
        assert code == 0, out
    assert await sessions("acme/shop") == [("styling", 1)], "the first repository keeps the plain id"
    assert await sessions("acme/billing") == [("styling@acme/billing", 1)]
    for repo, choice in (("acme/shop", "Tailwind"), ("acme/billing", "styled-components")):
        found = await journal.search_decisions("styling", {"repository": repo})
        assert [choice in d["summary"] for d in found] == [True]

    # The Python API's ingest of a checkout's file takes the same session.
    again = await journal.ingest_session(billing / "docs" / "styling.md", repository=billing)
    assert (again.session_id, again.new_decisions) == ("styling@acme/billing", 0)


async def test_an_empty_impact_names_the_repositories_that_hold_the_path(
    tmp_path: Path, neo4j_server: Neo4jServer,
) -> None:
    # Without a repository a path is read among the paths tied to none: GraphQL answered
    # totalCount 0 for a path of a repository, and the CLI "no decision affects" alone.
    shop, billing = _two(tmp_path)
    for repo in (shop, billing):
        assert (await _cli("import-adr", str(repo / "doc" / "adr")))[0] == 0
    outside = tmp_path / "elsewhere"
    outside.mkdir()

    def cli_impact(*args: str) -> Any:
        before = Path.cwd()
        os.chdir(outside)
        try:
            return CliRunner().invoke(app, ["impact", *args])
        finally:
            os.chdir(before)

    said = await asyncio.to_thread(cli_impact, "src/api/invoices.ts")
    assert said.exit_code == 0, said.output
    assert "no decision affects src/api/invoices.ts among paths not tied to a repository" in said.stdout
    assert 'src/api/invoices.ts is a path of acme/billing (1 decision); ask there: --repo "acme/billing"' in said.stderr
    said = await asyncio.to_thread(cli_impact, "src/api/search.ts", "--repo", "acme/billing")
    assert "no decision affects src/api/search.ts in acme/billing" in said.stdout and "acme/shop" in said.stderr
    said = await asyncio.to_thread(cli_impact, "src/nowhere")
    assert "is a path of" not in said.stderr

    query = "query($path: String!, $repo: String) { impact(path: $path, repository: $repo) { totalCount } }"
    with TestClient(create_app(settings_for(neo4j_server))) as client:
        api = GraphQL(client)
        # GraphQL answers the question asked (the page and other clients read pathTree for where).
        assert api.run(query, {"path": "src/api"})["impact"]["totalCount"] == 0
        assert api.run(query, {"path": "src/api", "repo": "acme/billing"})["impact"]["totalCount"] == 1
        assert api.run(query, {"path": "src/api/search.ts", "repo": "acme/billing"})["impact"]["totalCount"] == 0
        assert api.run(query, {"path": "src/nowhere"})["impact"]["totalCount"] == 0
