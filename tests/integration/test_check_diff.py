"""check-diff and ingest-git against the real Neo4j, on a temporary git repository."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from typer.testing import CliRunner

from api.cli.main import app
from api.journal import DecisionJournal
from tests.support.cypher import support_query
from tests.support.git import git

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "platform-sync.txt"


def _repo(tmp_path: Path) -> Path:
    """A repository whose last commit changes the orders schema, naming MongoDB again."""
    repo = tmp_path / "repo"
    (repo / "services" / "orders").mkdir(parents=True)
    git(repo, "init", "-q")
    (repo / "services" / "orders" / "schema.sql").write_text("CREATE TABLE orders (id bigint PRIMARY KEY);\n")
    (repo / "README.md").write_text("orders\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "Start the orders service")
    with (repo / "services" / "orders" / "schema.sql").open("a") as schema:
        schema.write("-- export nightly to MongoDB for the reporting team\n")
    git(repo, "commit", "-qam", "Orders: add the reporting export")
    return repo


async def _cli(*args: str) -> tuple[int, str]:
    result = await asyncio.to_thread(CliRunner().invoke, app, list(args))
    return result.exit_code, result.stdout


async def test_check_diff_lists_the_decisions_that_govern_a_change(journal: DecisionJournal, tmp_path: Path) -> None:
    await journal.ingest_session(EXAMPLE)
    repo = _repo(tmp_path)

    code, out = await _cli("check-diff", "--repo", str(repo), "--base", "HEAD~1", "--format", "json")
    assert code == 0, out
    report = json.loads(out)
    assert report["paths"] == ["services/orders/schema.sql"] and report["governed"]
    [schema] = report["governed_paths"]
    [postgres] = schema["governing"]
    assert "PostgreSQL" in postgres["summary"] and postgres["status"] == "revisited"
    assert [d["id"] for d in schema["related"]] == postgres["revisited_by"]
    assert "Redis" in schema["related"][0]["summary"]
    assert schema["reintroduced"] == [{
        "decision": postgres["id"], "option": "MongoDB", "term": "MongoDB",
        "line": "-- export nightly to MongoDB for the reporting team",
    }]

    code, _ = await _cli("check-diff", "--repo", str(repo), "--base", "HEAD~1", "--fail-on", "active")
    assert code == 1
    code, markdown = await _cli("check-diff", "--repo", str(repo), "--base", "HEAD~1", "--format", "markdown")
    assert code == 0 and "**`services/orders/schema.sql`**" in markdown and "names MongoDB again" in markdown

    (repo / "README.md").write_text("orders, documented\n")  # the work tree: a path no decision governs
    code, out = await _cli("check-diff", "--repo", str(repo), "--fail-on", "active")
    assert code == 0 and "no decision governs the 1 changed path" in out


async def test_a_rejected_option_the_code_already_used_is_not_named_again(journal: DecisionJournal, tmp_path: Path) -> None:
    await journal.ingest_session(EXAMPLE)
    repo = _repo(tmp_path)
    # Before the change, a code file of the repository already used MongoDB (its ADR-like
    # notes would not count): the change's line names it, but brings nothing back.
    (repo / "services" / "reporting").mkdir(parents=True)
    (repo / "services" / "reporting" / "export.py").write_text("import pymongo  # MongoDB client for the reports\n")
    (repo / "NOTES.md").write_text("We rejected MongoDB for orders.\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "Reporting export")
    with (repo / "services" / "orders" / "schema.sql").open("a") as schema:
        schema.write("-- the reporting export reads these rows into MongoDB\n")
    git(repo, "commit", "-qam", "Orders: note the export")

    code, out = await _cli("check-diff", "--repo", str(repo), "--base", "HEAD~1", "--format", "json")
    assert code == 0, out
    [schema] = json.loads(out)["governed_paths"]
    assert schema["governing"] and schema["reintroduced"] == []


async def test_check_diff_says_what_is_wrong_with_its_input(journal: DecisionJournal, tmp_path: Path) -> None:
    code, _ = await _cli("check-diff", "--repo", str(tmp_path))
    assert code == 2  # not a git work tree
    repo = _repo(tmp_path)
    code, _ = await _cli("check-diff", "--repo", str(repo), "--base", "no-such-ref")
    assert code == 2


async def test_ingest_git_is_idempotent_and_its_commits_show_under_impact(journal: DecisionJournal, tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    await journal.ingest_session(EXAMPLE, repository=repo)  # a conversation about this repository
    postgres = (await journal.search_decisions("why did we choose PostgreSQL?"))[0]["id"]
    git(repo, "commit", "-q", "--allow-empty", "-m", f"Orders: index on created_at, per {postgres}")

    code, out = await _cli("ingest-git", "--repo", str(repo))
    assert code == 0 and "3 commits stored" in out and "1 names a decision" in out
    executor = journal.services.executor
    counts = [support_query("testing_label_counts"), support_query("testing_relationship_counts")]
    before = [await executor.read(query) for query in counts]
    assert {row["type"]: row["n"] for row in before[1]}.keys() >= {"CHANGED", "MENTIONS", "FOLLOWS"}
    code, _ = await _cli("ingest-git", "--repo", str(repo))
    assert code == 0
    assert [await executor.read(query) for query in counts] == before

    code, out = await _cli("impact", "services/orders/", "--repo", str(repo), "--json")
    assert code == 0
    [decision] = json.loads(out)["decisions"]
    commits = {c["subject"]: c["how"] for c in decision["commits"]}
    # Under a path, what touched it: the commit that names the decision but changed nothing
    # (an empty one here; its MENTIONS link is stored, counted above) is not listed there.
    assert commits == {
        "Orders: add the reporting export": ["FOLLOWS"],
        "Start the orders service": ["FOLLOWS"],
    }
    code, out = await _cli("ingest-git", "--repo", str(repo), "--since", "HEAD~1")
    assert code == 0 and "1 commit stored" in out
