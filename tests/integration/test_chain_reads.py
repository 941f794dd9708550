"""A chain read on the real Neo4j: the members of a branching chain, each with how many
decisions precede it, counted by the reader from the chain it read exactly as a decision read
alone counts them in Cypher."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from graph.backup import restore_rows
from graph.executor import Neo4jExecutor
from graph.reader import DecisionReader

START = datetime(2024, 1, 1, tzinfo=UTC)

# Each decision with the older ones it supersedes or revisits: a branch (a4 beside a3) that
# joins again (a5), and a decision of no chain.
LINKS: dict[str, list[tuple[str, str]]] = {
    "a1": [],
    "a2": [("SUPERSEDES", "a1")],
    "a3": [("REVISITS", "a2")],
    "a4": [("SUPERSEDES", "a2")],
    "a5": [("SUPERSEDES", "a3"), ("SUPERSEDES", "a4")],
    "x": [],
}
EARLIER = {"a1": 0, "a2": 1, "a3": 2, "a4": 2, "a5": 4}


def _row(index: int, decision_id: str) -> dict[str, Any]:
    at = {"$datetime": (START + timedelta(days=index)).isoformat()}
    return {
        "labels": ["Decision"],
        "properties": {"id": f"chain-{decision_id}", "summary": f"decision {decision_id}", "status": "active",
                       "decided_at": at, "recorded_at": at, "source": "conversation", "origin": "stated"},
        "relationships": [
            {"type": kind, "properties": {"at": at, "reason": "test", "inferred": False},
             "target_labels": ["Decision"], "target": {"id": f"chain-{older}"}}
            for kind, older in LINKS[decision_id]
        ],
    }


async def test_a_chain_counts_each_members_predecessors_as_a_read_by_id_does(executor: Neo4jExecutor) -> None:
    await restore_rows(executor, [_row(i, d) for i, d in enumerate(LINKS)])
    reader = DecisionReader(executor)
    for start in ("a1", "a3", "a5"):
        chain = await reader.chain(f"chain-{start}")
        members = [chain.original, *chain.revisions]
        assert {m.id.removeprefix("chain-"): m.earlier for m in members} == EARLIER, start
        alone = await reader.decisions([m.id for m in members])
        assert {r.id: r.earlier for r in alone} == {m.id: m.earlier for m in members}
        assert {b.id for b in chain.branches} == set() and chain.current.id == "chain-a5"
    assert len(await reader.decisions(["chain-x"])) == 1
