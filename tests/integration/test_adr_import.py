"""Importing ADR collections into the real Neo4j: links stated on either side, statuses,
idempotence, edits, and every stated link of the shared development collections."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from api.journal import DecisionJournal
from api.usecases.adr_import import import_adrs
from graph.executor import Neo4jExecutor
from tests.support.cypher import support_query
from tests.support.git import git
from tests.unit.nlp.test_adr_links import MADR4

SHARED_ADRS = Path(__file__).resolve().parents[3] / "shared" / "data" / "adr"
ADRS = {
    "0001-record-architecture-decisions.md": "# 1. Record architecture decisions\n\nDate: 2023-01-10\n\n## Status\n\nAccepted\n\n"
    "## Context\n\nWe need to record the architectural decisions made on this project.\n\n"
    "## Decision\n\nWe will use Architecture Decision Records, as described by Michael Nygard.\n",
    "0002-use-mongodb.md": "# 2. Use MongoDB for orders\n\nDate: 2023-02-01\n\n## Status\n\n"
    "Superseded by [4. Use PostgreSQL](0004-use-postgresql.md)\n\n## Context\n\nOrders are documents.\n\n"
    "## Decision\n\nWe will store orders in MongoDB.\n",
    "0003-use-rest.md": "# 3. Use REST for the public API\n\nDate: 2023-03-01\n\n## Status\n\nAccepted\n\n"
    "## Context\n\nPartners integrate over HTTP.\n\n## Decision\n\nWe will expose REST endpoints from src/api/.\n",
    "0004-use-postgresql.md": MADR4,
    "0005-api-versioning.md": "# ADR-5 API versioning\n\n| Metadata | Value |\n|----------|-------|\n| Date | 2024-03-01 |\n"
    "| Status | Implemented |\n| Updates | ADR-3 |\n\n## Context\n\nClients break on changes.\n\n"
    "## Decision\n\nVersion the REST API in the path.\n",
}


def _write(folder: Path) -> Path:
    folder.mkdir()
    for name, text in ADRS.items():
        (folder / name).write_text(text)
    (folder / "README.md").write_text("# Decisions\n\nAn index page, not an ADR.\n")
    return folder


async def test_a_collection_imports_with_its_links_and_reimports_idempotently(journal: DecisionJournal, tmp_path: Path) -> None:
    folder = _write(tmp_path / "adr")
    report = await import_adrs([folder], "shop", journal.services.ingest)
    assert report.files == 5 and report.new_decisions == 5 and report.unresolved == []
    assert sorted((link.kind, link.newer[:4], link.older[:4], link.partial) for link in report.links) == [
        ("amends", "0004", "0003", False), ("amends", "0005", "0003", False), ("supersedes", "0004", "0002", True)]
    ids = report.decision_ids
    mongo = await journal.get_decision(ids["0002-use-mongodb"])
    assert mongo["status"] == "superseded" and mongo["superseded_by"] == [ids["0004-use-postgresql"]]
    assert mongo["source"]["path"].endswith("0002-use-mongodb.md") and mongo["source"]["session"] == "shop"
    rest = await journal.get_decision(ids["0003-use-rest"])
    assert rest["status"] == "active" and rest["files"] == ["src/api/"]  # amended, still in force
    postgres = await journal.get_decision(ids["0004-use-postgresql"])
    assert postgres["status_text"] == "accepted ✅" and {"@alice-smith", "@carol"} <= {s["handle"] for s in postgres["stakeholders"]}
    chain = await journal.get_decision_chain(ids["0002-use-mongodb"])
    assert chain["current"]["id"] == ids["0004-use-postgresql"] and chain["links"][0]["partial"] is True

    again = await import_adrs([folder], "shop", journal.services.ingest)
    assert again.new_decisions == 0 and again.decision_ids == ids and len(again.links) == 3

    (folder / "0003-use-rest.md").write_text(ADRS["0003-use-rest.md"].replace("Accepted", "Deprecated")
                                             .replace("We will expose REST endpoints", "We will expose versioned REST endpoints"))
    edited = await import_adrs([folder], "shop", journal.services.ingest)
    assert edited.new_decisions == 0 and edited.decision_ids["0003-use-rest"] == ids["0003-use-rest"]
    rest = await journal.get_decision(ids["0003-use-rest"])
    assert rest["status"] == "deprecated" and "versioned REST endpoints" in rest["rationale"]


async def test_import_adr_command(journal: DecisionJournal, tmp_path: Path) -> None:
    from api.cli.main import app

    folder = _write(tmp_path / "team-adrs")
    result = await asyncio.to_thread(CliRunner().invoke, app, ["import-adr", str(folder), "--json"])
    assert result.exit_code == 0, result.output
    decisions = json.loads(result.stdout)
    assert len(decisions) == 5 and {d["source"]["session"] for d in decisions} == {"team-adrs"}
    assert "5 ADRs, 5 new decisions; 1 supersede and 2 amend links stated and linked" in result.stderr
    missing = await asyncio.to_thread(CliRunner().invoke, app, ["import-adr", str(tmp_path / "nope")])
    assert missing.exit_code == 2 and "is not a directory of ADRs" in missing.stderr
    # No ADR of the folder names a decider: the answer says nothing of one rather than "?".
    rest = next(d for d in decisions if d["source"]["path"].endswith("0003-use-rest.md"))
    assert rest["decision_maker"] is None and rest["stakeholders"] == []
    found = await asyncio.to_thread(CliRunner().invoke, app, ["search", "REST endpoints", "--session", "team-adrs"])
    assert found.exit_code == 0, found.output
    assert "Use REST for the public API" in found.stdout and "by ?" not in found.stdout
    answer = await asyncio.to_thread(CliRunner().invoke, app, ["ask", "Why REST for the public API?"])
    assert answer.exit_code == 0, answer.output
    assert "Decision: Use REST for the public API" in answer.stdout and "Made by: ?" not in answer.stdout


async def _snapshot(executor: Neo4jExecutor) -> list[tuple[str, object, object]]:
    rows = await executor.read(support_query("testing_graph_snapshot"))
    return sorted((row["id"], row["what"], sorted(row["properties"].items())) for row in rows)


async def test_import_adr_dry_run_says_what_it_would_import_and_writes_nothing(
    journal: DecisionJournal, tmp_path: Path,
) -> None:
    from api.cli.main import app

    imported = _write(tmp_path / "held-adrs")
    assert (await asyncio.to_thread(CliRunner().invoke, app, ["import-adr", str(imported)])).exit_code == 0
    # Edited since: a real import would update its decision.
    (imported / "0003-use-rest.md").write_text(ADRS["0003-use-rest.md"].replace("Accepted", "Deprecated"))
    fresh = _write(tmp_path / "new-adrs")
    (fresh / "0006-empty.md").write_text("")
    (fresh / "0007-no-title.md").write_text("We will use Kafka.\n")
    before = await _snapshot(journal.services.executor)
    assert before

    dry = await asyncio.to_thread(CliRunner().invoke, app, ["import-adr", str(fresh), "--dry-run", "--json"])
    assert dry.exit_code == 0, dry.output
    assert ("new-adrs: dry run, nothing written: 7 ADR files, 5 decisions, 1 alternative, 1 supersede and 2 amend "
            "links, 1 stated path; 2 files could not be read, and the import would stop at them, storing nothing") in dry.stderr
    assert "0006-empty.md: is empty" in dry.stderr and "0007-no-title.md: an ADR starts with a `# Title` heading" in dry.stderr
    decisions = json.loads(dry.stdout)
    assert len(decisions) == 5 and {d["source"]["session"] for d in decisions} == {"new-adrs"}
    again = await asyncio.to_thread(CliRunner().invoke, app, ["import-adr", str(imported), "--dry-run"])
    assert again.exit_code == 0 and "held-adrs: dry run, nothing written: 5 ADR files, 5 decisions" in again.stderr
    assert await _snapshot(journal.services.executor) == before
    # The import itself stops at the unreadable files, as the dry run said.
    real = await asyncio.to_thread(CliRunner().invoke, app, ["import-adr", str(fresh)])
    assert real.exit_code == 2 and "(nothing was stored)" in real.stderr
    assert await _snapshot(journal.services.executor) == before


@pytest.mark.skipif(not SHARED_ADRS.is_dir(), reason="the shared development data sits beside the clone")
async def test_every_stated_link_of_the_shared_collections_is_recovered(journal: DecisionJournal) -> None:
    stated: set[tuple[str, str, str]] = set()
    for line in (SHARED_ADRS / "index.jsonl").read_text().splitlines():
        adr = json.loads(line)
        for kind, newer_side in (("supersedes", True), ("superseded_by", False), ("amends", True), ("amended_by", False)):
            for target in adr[kind]:
                pair = (adr["id"], target) if newer_side else (target, adr["id"])
                stated.add(("supersedes" if kind.startswith("supersed") else "amends", *pair))
    found: set[tuple[str, str, str]] = set()
    for folder in ("thomvaill__log4brains", "nats-io__nats-architecture-and-design", "cometbft__cometbft"):
        report = await import_adrs([SHARED_ADRS / folder], folder, journal.services.ingest)
        found |= {(link.kind, link.newer.rsplit("/", 1)[-1], link.older.rsplit("/", 1)[-1]) for link in report.links}
    assert found == stated, (sorted(stated - found), sorted(found - stated))
    assert len(stated) == 10


async def test_a_seed_004_document_among_the_adrs_gives_one_decision_per_section(journal: DecisionJournal, tmp_path: Path) -> None:
    from tests.unit.nlp.test_decision_doc import DOCUMENT

    folder = tmp_path / "decisions"
    folder.mkdir()
    (folder / "0001-record-architecture-decisions.md").write_text(ADRS["0001-record-architecture-decisions.md"])
    (folder / "task-1-decisions.md").write_text(DOCUMENT)
    report = await import_adrs([folder], "mixed", journal.services.ingest)
    assert report.files == 2 and report.new_decisions == 3
    yaml = await journal.get_decision(report.decision_ids["task-1-decisions#1"])
    assert yaml["reversibility"] == "medium" and yaml["source"]["path"].endswith("task-1-decisions.md")
    assert (await import_adrs([folder], "mixed", journal.services.ingest)).new_decisions == 0


PARTLY = {
    "0001-serve-tools.md": "# 1. Serve agent tools over HTTP\n\n* **Status**: Implemented; Decisions 2 and 3 are superseded — see below\n\n"
    "## Context\n\nAgents need traces.\n\n## Decision\n\nServe the tools from src/tools/ over HTTP.\n",
    "0002-export-xml.md": "# 2. Export tariffs as XML\n\n## Status\n\nApproved, partially superseded by ADR-0003.\n\n"
    "## Context\n\nBrokers read XML.\n\n## Decision\n\nExport tariffs as XML envelopes.\n",
    "0003-record-envelopes.md": "# 3. Record generated envelopes\n\n## Status\n\nAccepted (March 2023)\n\n"
    "## Context\n\nEnvelopes are lost.\n\n## Decision\n\nRecord every generated envelope.\n",
}


async def test_a_supersede_of_part_of_an_adr_leaves_it_in_force(journal: DecisionJournal, tmp_path: Path) -> None:
    folder = tmp_path / "tariffs"
    folder.mkdir()
    for name, text in PARTLY.items():
        (folder / name).write_text(text)
    report = await import_adrs([folder], "tariffs", journal.services.ingest)
    ids = report.decision_ids
    assert [(link.kind, link.newer[:4], link.older[:4], link.partial) for link in report.links] == [
        ("supersedes", "0003", "0002", True)]
    for adr in ("0001-serve-tools", "0002-export-xml"):  # in force for the rest of it, and found by default
        decision = await journal.get_decision(ids[adr])
        assert decision["status"] == "active" and decision["status_text"], decision
    assert (await journal.get_decision(ids["0002-export-xml"]))["superseded_by"] == [ids["0003-record-envelopes"]]
    assert (await journal.get_decision(ids["0003-record-envelopes"]))["decided_at"].startswith("2023-03-01")
    again = await import_adrs([folder], "tariffs", journal.services.ingest)  # re-reading the files keeps it so
    assert again.decision_ids == ids and (await journal.get_decision(ids["0002-export-xml"]))["status"] == "active"


async def test_an_adr_without_a_date_is_shown_as_recorded_not_decided(journal: DecisionJournal, tmp_path: Path) -> None:
    from api.cli.main import app

    folder = tmp_path / "seats"
    folder.mkdir()
    (folder / "0001-freeze-seats.md").write_text(
        "# 1. Freeze unused seats\n\n## Status\n\nAccepted\n\n## Context\n\nUnused seats cost money.\n\n"
        "## Decision\n\nWe freeze seats nobody used for ninety days.\n")
    (folder / "0002-lock-seats.md").write_text(
        "# 2. Lock seat assignment\n\n## Status\n\nAccepted (March 2023)\n\n## Context\n\nTwo admins raced.\n\n"
        "## Decision\n\nWe lock the plan while assigning seats.\n")
    imported = await asyncio.to_thread(CliRunner().invoke, app, ["import-adr", str(folder), "--json"])
    assert imported.exit_code == 0, imported.output
    today = datetime.now(UTC).date().isoformat()

    async def run(*args: str) -> str:
        result = await asyncio.to_thread(CliRunner().invoke, app, list(args))
        assert result.exit_code == 0, result.output
        return result.stdout

    found = await run("search", "freeze unused seats", "--limit", "1")
    assert f"active, recorded {today}" in found and f"decided {today}" not in found
    answer = await run("ask", "why do we freeze unused seats?")
    assert "We decided this (the source gives no date" in answer and "We decided this in" not in answer
    locked = await run("search", "lock seat assignment", "--limit", "1")
    assert "active, decided 2023-03-01" in locked
    frozen = json.loads(imported.stdout)[0]["id"]
    assert f"recorded {today}  {frozen}" in await run("chain", frozen)
    out = tmp_path / "madr"
    assert (await asyncio.to_thread(CliRunner().invoke, app, ["export", "--format", "madr", "--out", str(out),
                                                               "--session", "seats"])).exit_code == 0
    exported = {p.read_text().split("\n# ", 1)[1].split("\n", 1)[0]: p.read_text() for p in out.glob("*.md")}
    front = {title.split(":")[0]: text.split("\n---\n", 1)[0] for title, text in exported.items()}
    assert "date:" not in front["Freeze unused seats"] and "date: 2023-03-01" in front["Lock seat assignment"]


async def test_a_status_row_dating_its_successor_links_the_chain_and_a_lone_retired_adr_is_not_current(
    journal: DecisionJournal, tmp_path: Path
) -> None:
    from api.cli.main import app

    folder = tmp_path / "tagging"
    folder.mkdir()
    (folder / "0006-tag-governments.md").write_text(
        "# 6. Tag content to governments\n\n## Status\n\nSuperseded: 2019-12-19 by "
        "[ADR 14](0014-political-and-government-tagging.md)\n\n## Context\n\nContent changes with governments.\n\n"
        "## Decision\n\nWe tag each document with the government it was published under.\n")
    (folder / "0014-political-and-government-tagging.md").write_text(
        "# 14. Political and government tagging\n\n## Status\n\nAccepted\n\n## Context\n\nTagging by hand failed.\n\n"
        "## Decision\n\nWe tag political content and work out its government from its dates.\n")
    (folder / "0007-cache-in-redis.md").write_text(
        "# 7. Cache pages in Redis\n\n## Status\n\nSuperseded by ADR 21\n\n## Context\n\nPages are slow.\n\n"
        "## Decision\n\nWe cache rendered pages in Redis for ten minutes.\n")
    imported = await asyncio.to_thread(CliRunner().invoke, app, ["import-adr", str(folder), "--json"])
    assert imported.exit_code == 0, imported.output
    ids = {item["summary"].split(":")[0]: item["id"] for item in json.loads(imported.stdout)}

    async def chain(title: str) -> str:
        result = await asyncio.to_thread(CliRunner().invoke, app, ["chain", ids[title]])
        assert result.exit_code == 0, result.output
        return result.stdout

    tagged = await chain("Tag content to governments")
    assert f"{ids['Political and government tagging']}" in tagged.split("→ current")[0].splitlines()[-1]
    assert "supersedes" in tagged
    cached = await chain("Cache pages in Redis")
    assert "→ current" not in cached
    assert "latest here, superseded (what replaced it is not in the journal)" in cached


LUNR = ("# 1. Use lunr for search\n\nDate: 2024-02-01\n\n## Status\n\nAccepted\n\n## Context\n\nSearching the catalogue.\n\n"
        "## Decision\n\nWe use lunr; the index is built in `src/api/search.ts`.\n")
VERSIONS = ("# 2. Version the public API\n\nDate: 2024-03-01\n\n## Status\n\nAccepted\n\n## Context\n\nClients break on changes."
            "\n\n## Decision\n\nEvery route carries its version in the path.\n")


def _shop(tmp_path: Path, adrs: dict[str, str]) -> Path:
    """A checkout with ADRs under ``doc/adr`` and code, then a commit whose message names ADR-2."""
    repo = tmp_path / "shop"
    for path, text in {**adrs, "src/api/search.ts": "import lunr from 'lunr';\n", "src/api/routes.ts": "export const v = 1;\n"}.items():
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        (repo / path).write_text(text)
    git(repo, "init", "-q")
    git(repo, "remote", "add", "origin", "git@github.com:acme/shop.git")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "Start the shop", date="2024-01-01T10:00:00+00:00")
    (repo / "src/api/routes.ts").write_text("export const v = 2;\nexport const routes = ['/v2/orders'];\n")
    git(repo, "commit", "-qam", "Put the version in every route, as ADR-2 says", date="2024-03-02T10:00:00+00:00")
    return repo


async def _run(*args: str) -> Result:
    from api.cli.main import app

    result = await asyncio.to_thread(CliRunner().invoke, app, list(args))
    assert result.exit_code == 0, result.output
    return result


async def _commit_message_links() -> list[tuple[str, str]]:
    impact = json.loads((await _run("impact", "src/api/routes.ts", "--repo", "acme/shop", "--json")).stdout)
    return [(d["subject"], link["path"]) for d in impact["decisions"] for link in d["code"] if link["via"] == "commit message"]


async def test_an_adr_file_imported_again_through_its_parent_folder_and_another_name_is_updated_where_it_is(
    journal: DecisionJournal, executor: Neo4jExecutor, tmp_path: Path,
) -> None:
    # Issue 44: `import-adr docs --collection docs-all` after `import-adr docs/adr` stored every
    # ADR a second time, and the copies made "ADR-2" in a commit message name no one ADR, so
    # the commit-message links went. A file of a repository is one decision of it.
    repo = _shop(tmp_path, {"doc/adr/0001-use-lunr.md": LUNR, "doc/adr/0002-version-the-api.md": VERSIONS})
    first = await _run("import-adr", str(repo / "doc" / "adr"), "--json")
    assert "github.com/acme/shop:doc/adr: 2 ADRs, 2 new decisions" in first.stderr
    await _run("ingest-git", "--repo", str(repo))
    linked = await _commit_message_links()
    assert linked == [("Version the public API", "src/api/routes.ts")]
    ids = [row["id"] for row in await executor.read(support_query("testing_decision_ids"))]
    assert len(ids) == 2

    again = await _run("import-adr", str(repo / "doc"), "--collection", "docs-all", "--json")
    assert ("docs-all: 2 ADRs, 0 new decisions; 2 ADRs already imported in collection 'github.com/acme/shop:doc/adr' "
            "from this repository: updated there") in again.stderr
    assert {d["source"]["session"] for d in json.loads(again.stdout)} == {"github.com/acme/shop:doc/adr"}
    assert [row["id"] for row in await executor.read(support_query("testing_decision_ids"))] == ids
    assert await _commit_message_links() == linked
    assert len(await journal.search_decisions("lunr search", {"history": True})) == 1

    plain = await _run("import-adr", str(repo / "doc" / "adr"))  # the plain re-import: still idempotent
    assert "github.com/acme/shop:doc/adr: 2 ADRs, 0 new decisions; 0 supersede" in plain.stderr
    assert "already imported" not in plain.stderr
    assert [row["id"] for row in await executor.read(support_query("testing_decision_ids"))] == ids
    assert await _commit_message_links() == linked


async def test_a_file_imported_beside_another_of_its_name_keeps_its_decision_imported_alone(
    executor: Neo4jExecutor, tmp_path: Path,
) -> None:
    # Two teams' folders each hold a 0001-use-lunr.md: imported together, the second is named
    # "team-b/0001-use-lunr" in its collection; imported alone under another name, it is still
    # that decision (named as it was first imported), not a new one.
    repo = _shop(tmp_path, {"doc/adr/team-a/0001-use-lunr.md": LUNR,
                            "doc/adr/team-b/0001-use-lunr.md": LUNR.replace("lunr;", "lunr, built nightly;")})
    assert "2 ADRs, 2 new decisions" in (await _run("import-adr", str(repo / "doc" / "adr"))).stderr
    ids = [row["id"] for row in await executor.read(support_query("testing_decision_ids"))]
    alone = await _run("import-adr", str(repo / "doc" / "adr" / "team-b"), "--collection", "team-b")
    assert ("team-b: 1 ADR, 0 new decisions; 1 ADR already imported in collection 'github.com/acme/shop:doc/adr' "
            "from this repository: updated there") in alone.stderr
    assert [row["id"] for row in await executor.read(support_query("testing_decision_ids"))] == ids


async def test_search_lists_the_gist_of_a_long_adr_and_stores_its_sections_cut_between_words(
    journal: DecisionJournal, tmp_path: Path
) -> None:
    from api.cli.main import app

    folder = tmp_path / "long"
    folder.mkdir()
    reasons = " ".join(f"Reason number {n} is that the reconciliation window keeps drifting." for n in range(60))
    (folder / "0001-reconcile-nightly.md").write_text(
        "# 1. Reconcile ledgers nightly\n\n## Status\n\nAccepted\n\n## Context\n\nLedgers drift apart.\n\n"
        f"## Decision\n\nWe reconcile the ledgers every night. {reasons}\n")
    imported = await asyncio.to_thread(CliRunner().invoke, app, ["import-adr", str(folder), "--json"])
    assert imported.exit_code == 0, imported.output
    [stored] = json.loads(imported.stdout)
    # Stored whole up to 2,000 characters, cut at a word and marked, not in the middle of one.
    assert len(stored["rationale"]) <= 2001 and stored["rationale"].endswith("…")
    assert stored["rationale"][:-1].split()[-1] in reasons.split()
    found = await asyncio.to_thread(CliRunner().invoke, app, ["search", "reconcile ledgers nightly", "--limit", "1"])
    assert found.exit_code == 0, found.output
    [rationale] = [line for line in found.stdout.splitlines() if line.startswith("  rationale: ")]
    assert len(rationale) <= len("  rationale: ") + 301 and rationale.endswith("…")
    assert "the best 1 decision shown; --limit N shows more" in found.stderr  # a full page says there may be more
