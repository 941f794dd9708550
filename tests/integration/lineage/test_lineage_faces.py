"""Lineage through the Python API and the CLI: a wrapped tool call, its trace, the audit report."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

from click.testing import Result
from typer.testing import CliRunner

from api.journal import DecisionJournal
from lineage.flow import check_with_lineage
from lineage.standing_exceptions import ExceptionRegistry
from tests.support.lineage_example import DEADLINE_V1, PROCESS, customer_context, healthcare_exception

MARCH = datetime(2024, 3, 1, 9, tzinfo=UTC)


async def test_wrap_a_tool_call_then_trace_and_audit_it(journal: DecisionJournal, tmp_path: Path) -> None:
    store = journal.precedent_store(semantic_weight=0.3)
    registry = ExceptionRegistry.of(healthcare_exception())
    _, denied = await check_with_lineage(PROCESS, {"timeout_seconds": 45}, context=customer_context("st-mary", "retail", "claims-run"),
                                         policies=[DEADLINE_V1], exception_registry=registry, precedent_store=store, now=MARCH)
    _, allowed = await check_with_lineage(PROCESS, {"timeout_seconds": 45}, context=customer_context("st-mary", "healthcare", "claims-run"),
                                          policies=[DEADLINE_V1], exception_registry=registry, precedent_store=store,
                                          now=MARCH + timedelta(minutes=5))
    assert allowed.outcome == "allowed_by_exception" and allowed.precedent_refs[0].decision_id == denied.decision_id
    assert 0.7 <= allowed.precedent_refs[0].similarity_score <= 1.0  # overlap 1.0 blended with meaning

    from api.cli.main import app

    runner = CliRunner()

    def cli(*args: str) -> Result:  # the CLI runs its own event loop, so off this one
        return runner.invoke(app, list(args))

    trace = await asyncio.to_thread(cli, "lineage", str(allowed.decision_id))
    assert trace.exit_code == 0, trace.output
    for expected in ("process_claim: ALLOWED BY EXCEPTION", "policy:    deadline_enforcement v1.0.0",
                     "FAIL within_deadline: timeout_seconds <= 30", "exception: healthcare_extended_timeout v1.0.0 (modify_params)",
                     f"precedent: {denied.decision_id} process_claim denied", "NOT followed", "entities:  customer:st-mary"):
        assert expected in trace.stdout
    as_json = await asyncio.to_thread(cli, "lineage", str(allowed.decision_id), "--json")
    assert '"outcome": "allowed_by_exception"' in as_json.stdout
    assert (await asyncio.to_thread(cli, "lineage", "not-a-uuid")).exit_code == 2
    assert (await asyncio.to_thread(cli, "lineage", "00000000-0000-0000-0000-000000000000")).exit_code == 1

    report_file = tmp_path / "audit.md"
    result = await asyncio.to_thread(cli, "audit", "claims-run", "--out", str(report_file))
    assert result.exit_code == 0, result.output
    report = report_file.read_text()
    assert "2 decisions: 0 allowed, 1 allowed by exception, 1 denied." in report
    assert "| deadline_enforcement | 1.0.0 | `sha256:" in report
    assert "- healthcare_extended_timeout v1.0.0: 1 time\n" in report
    assert "1 decision deviated from precedent." in report
    assert (await asyncio.to_thread(cli, "audit", "no-such-session")).exit_code == 1
