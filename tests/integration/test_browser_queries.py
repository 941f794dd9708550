"""The Neo4j Browser queries in cypher/browser run as written, after their :param lines."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from api.journal import DecisionJournal
from graph.cypher import Query, browser_text, query_names
from lineage.flow import check_with_lineage
from lineage.standing_exceptions import ExceptionRegistry
from tests.support.lineage_example import DEADLINE_V1, PROCESS, customer_context, healthcare_exception

BROWSER = Path(__file__).resolve().parents[2] / "cypher" / "browser"
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "platform-sync.txt"
def _raw_query(name: str) -> str:
    return (BROWSER.parent / "queries" / f"{name}.cypher").read_text()


_PARAM = re.compile(r"^:param\s+(\w+)\s*=>\s*(.+?);?\s*$", re.MULTILINE)


def _split(text: str) -> tuple[dict[str, str], str]:
    params = dict(_PARAM.findall(text))
    body = "\n".join(line for line in text.splitlines() if not line.startswith((":param", "//"))).strip().rstrip(";")
    return params, body


@pytest.mark.parametrize("path", sorted(BROWSER.glob("*.cypher")), ids=lambda p: p.stem)
async def test_browser_query_runs_and_finds_the_example(journal: DecisionJournal, path: Path) -> None:
    report = await journal.ingest_session(EXAMPLE)
    recent = await journal.record_decision("Move the orders service to DynamoDB", files=["services/orders/"])
    await journal.link_superseding_decision(report.decision_ids[0], recent["id"], "peak load")  # superseded today
    await check_with_lineage(PROCESS, {"timeout_seconds": 45}, context=customer_context("st-mary", "healthcare"),
                             policies=[DEADLINE_V1], exception_registry=ExceptionRegistry.of(healthcare_exception()),
                             precedent_store=journal.precedent_store())
    executor = journal.services.executor
    literals, body = _split(path.read_text())
    values = {}
    for name, literal in literals.items():  # a :param value is a Cypher expression; let Neo4j evaluate it
        evaluated = await executor.read(Query("param", f"RETURN {literal} AS value", (), str(path)))  # type: ignore[arg-type]
        values[name] = evaluated[0]["value"]
    if "id" in values and values["id"] is not None and path.stem.startswith("01"):
        values["id"] = report.decision_ids[0]
    rows = await executor.read(Query(path.stem, body, tuple(sorted(values)), str(path)), values)  # type: ignore[arg-type]
    assert rows, f"{path.name} found nothing in the example"


@pytest.mark.parametrize("name", [name for name in query_names() if "{{" in _raw_query(name)])
async def test_a_query_with_fragments_runs_as_the_cypher_command_prints_it(journal: DecisionJournal, name: str) -> None:
    # What `decision-journal cypher NAME` prints for Neo4j Browser: the example's :param
    # lines and the statement with its fragments filled in.
    await journal.ingest_session(EXAMPLE)
    executor = journal.services.executor
    literals, body = _split(browser_text(name))
    values = {}
    for param, literal in literals.items():
        evaluated = await executor.read(Query("param", f"RETURN {literal} AS value", (), name))  # type: ignore[arg-type]
        values[param] = evaluated[0]["value"]
    await executor.read(Query(name, body, tuple(sorted(values)), name), values)  # type: ignore[arg-type]
