"""Export and import: the JSONL backup restores exactly, and MADR files carry the links
back into import-adr."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from api.journal import DecisionJournal
from api.usecases.adr_import import import_adrs
from api.usecases.backup import BackupFormatError, export_jsonl, import_jsonl, read_backup
from lineage.flow import check_with_lineage
from lineage.standing_exceptions import ExceptionRegistry
from tests.integration.test_adr_import import _write
from tests.support.cypher import support_query
from tests.support.lineage_example import DEADLINE_V1, PROCESS, customer_context, healthcare_exception

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "platform-sync.txt"


async def _fill(journal: DecisionJournal, tmp_path: Path) -> dict[str, str]:
    await journal.ingest_session(EXAMPLE)
    report = await import_adrs([_write(tmp_path / "adr")], "shop", journal.services.ingest)
    await journal.record_decision("Adopt OpenTelemetry for tracing", tags=["observability"], files=["src/telemetry/"])
    store = journal.precedent_store()
    for industry in ("retail", "healthcare"):
        await check_with_lineage(PROCESS, {"timeout_seconds": 45}, context=customer_context("st-mary", industry),
                                 policies=[DEADLINE_V1], exception_registry=ExceptionRegistry.of(healthcare_exception()),
                                 precedent_store=store)
    return report.decision_ids


async def test_the_jsonl_backup_restores_exactly(journal: DecisionJournal, tmp_path: Path) -> None:
    await _fill(journal, tmp_path)
    executor = journal.services.executor
    first = io.StringIO()
    count = await export_jsonl(executor, first)
    lines = first.getvalue().splitlines()
    assert count == len(lines) >= 11
    shape = json.loads(lines[0])
    assert {"id", "summary", "status", "source", "alternatives", "supersedes", "backup"} <= set(shape)
    await executor.write(support_query("testing_wipe"))
    assert await import_jsonl(executor, read_backup(lines, "backup.jsonl")) == count
    again = io.StringIO()
    await export_jsonl(executor, again)
    assert again.getvalue() == first.getvalue()  # every property, label and relationship
    assert await import_jsonl(executor, read_backup(lines, "backup.jsonl")) == count  # idempotent
    third = io.StringIO()
    await export_jsonl(executor, third)
    assert third.getvalue() == first.getvalue()
    chain = await journal.get_decision_chain(json.loads(lines[0])["id"])
    assert chain["original"]


async def test_a_backup_from_before_agent_decisions_were_tagged_restores_them_tagged(
    journal: DecisionJournal, tmp_path: Path
) -> None:
    await _fill(journal, tmp_path)
    executor = journal.services.executor
    current = io.StringIO()
    await export_jsonl(executor, current)
    await executor.write(support_query("testing_unlink_agent_tags"))
    legacy = io.StringIO()
    await export_jsonl(executor, legacy)
    assert legacy.getvalue() != current.getvalue()  # the agent decisions' TAGGED links are missing
    await executor.write(support_query("testing_wipe"))
    await import_jsonl(executor, read_backup(legacy.getvalue().splitlines(), "legacy.jsonl"))
    restored = io.StringIO()
    await export_jsonl(executor, restored)
    assert restored.getvalue() == current.getvalue()


def test_a_bad_backup_line_is_refused_before_anything_is_stored() -> None:
    with pytest.raises(BackupFormatError, match="backup.jsonl:2: not JSON"):
        read_backup(['{"backup": {"labels": [], "properties": {"id": "x"}, "relationships": []}}', "{oops"], "backup.jsonl")
    with pytest.raises(BackupFormatError, match=":1: not a line of"):
        read_backup(['{"id": "dec-1", "summary": "no backup part"}'], "backup.jsonl")


async def test_madr_export_carries_links_back_into_import_adr(journal: DecisionJournal, tmp_path: Path) -> None:
    from api.cli.main import app

    ids = await _fill(journal, tmp_path)
    out = tmp_path / "madr"
    result = await asyncio.to_thread(CliRunner().invoke, app, ["export", "--format", "madr", "--out", str(out), "--session", "shop"])
    assert result.exit_code == 0, result.output
    files = sorted(p.name for p in out.glob("*.md"))
    assert len(files) == 5 and files[0].startswith("0001-")
    mongo = next(p for p in out.glob("*.md") if "mongodb" in p.name).read_text()
    assert mongo.startswith("---\nstatus: superseded by [0004-") and "# Use MongoDB for orders" in mongo
    postgres = next(p for p in out.glob("*.md") if "postgresql" in p.name).read_text()
    assert "status: accepted ✅" in postgres and "deciders: Alice Smith, bob" in postgres and "* Supersedes [" in postgres and "* Amends [" in postgres
    report = await import_adrs([out], "shop-roundtrip", journal.services.ingest)
    titles = {adr_id: adr_id.split("-", 1)[1][:12] for adr_id in report.decision_ids}
    assert sorted((link.kind, titles[link.newer], titles[link.older]) for link in report.links) == [
        ("amends", "api-versioni", "use-rest-for"), ("amends", "use-postgres", "use-rest-for"),
        ("supersedes", "use-postgres", "use-mongodb-")]
    assert report.unresolved == [] and len(ids) == 5


async def test_a_backup_from_before_files_had_a_repository_restores_them_unscoped(
    journal: DecisionJournal, tmp_path: Path
) -> None:
    await _fill(journal, tmp_path)
    executor = journal.services.executor
    current = io.StringIO()
    await export_jsonl(executor, current)
    legacy = []
    for line in current.getvalue().splitlines():
        row = json.loads(line)
        for link in row["backup"]["relationships"]:
            if "File" in link["target_labels"]:
                link["target"].pop("repository", None)  # as a backup of an older version wrote it
        legacy.append(json.dumps(row))
    assert legacy != current.getvalue().splitlines()
    await executor.write(support_query("testing_wipe"))
    await import_jsonl(executor, read_backup(legacy, "legacy.jsonl"))
    restored = io.StringIO()
    await export_jsonl(executor, restored)
    assert restored.getvalue() == current.getvalue()  # the files are the unscoped ones impact reads


async def test_a_madr_status_names_the_adr_it_names_by_file_as_exported(journal: DecisionJournal, tmp_path: Path) -> None:
    from api.cli.main import app

    folder = tmp_path / "decisions"
    folder.mkdir()
    (folder / "0005-unrevoking-seats.rst").write_text(
        "Unrevoking seats\n================\n\nStatus\n------\n\nAccepted\n\nDecision\n--------\n\nWe reuse a revoked seat.\n")
    (folder / "0012-new-seat-for-revoked-user.rst").write_text(
        "New seat for a revoked user\n===========================\n\nStatus\n------\n\nSupersedes 0005-unrevoking-seats.rst\n\n"
        "Decision\n--------\n\nWe assign a new seat and keep the revoked one.\n")
    report = await import_adrs([folder], "seats", journal.services.ingest)
    assert [(link.newer[:4], link.older[:4]) for link in report.links] == [("0012", "0005")]
    out = tmp_path / "madr"
    result = await asyncio.to_thread(CliRunner().invoke, app, ["export", "--format", "madr", "--out", str(out), "--session", "seats"])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in out.glob("*.md"))
    assert names[0].startswith("0001-unrevoking-seats") and names[1].startswith("0002-new-seat")  # one day: the files' order
    assert f"status: Supersedes [{names[0][:-3]}]({names[0]})" in (out / names[1]).read_text()
    again = await import_adrs([out], "seats-again", journal.services.ingest)
    assert again.unresolved == [] and [(link.kind, link.older) for link in again.links] == [("supersedes", names[0][:-3])]
