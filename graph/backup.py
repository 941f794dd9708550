"""A lossless backup of decisions: every property, label and relationship, as JSON data."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from typing import Any

from neo4j.time import Date, DateTime

from graph.cypher import load_query
from graph.executor import QueryExecutor
from graph.filters import hidden_statuses

PAGE = 500
WRITERS = 2
"""Restore transactions in flight at once: while the server writes one chunk, the client
packs the next and the server's second core writes another. Measured on 10k generated
decisions, 2 cores: 13.5 s one at a time, 10.4 s two at a time. Shared nodes (people,
tags, sessions) are MERGEd under the uniqueness constraints, so two writers cannot make
duplicates; a deadlock between them is retried by the driver."""
_DECISION_LINKS = {"SUPERSEDES", "REVISITS", "AMENDS", "CITES_PRECEDENT"}


def to_json_value(value: Any) -> Any:
    """Neo4j values as JSON data; temporal values tagged so that they come back as they were."""
    if isinstance(value, DateTime):
        return {"$datetime": value.iso_format()}
    if isinstance(value, Date):
        return {"$date": value.iso_format()}
    if isinstance(value, dict):
        return {k: to_json_value(v) for k, v in sorted(value.items())}
    if isinstance(value, list):
        return [to_json_value(v) for v in value]
    return value


def from_json_value(value: Any) -> Any:
    """The inverse of ``to_json_value``."""
    if isinstance(value, dict):
        if set(value) == {"$datetime"}:
            return DateTime.from_iso_format(value["$datetime"])  # nanoseconds kept
        if set(value) == {"$date"}:
            return Date.from_iso_format(value["$date"])
        return {k: from_json_value(v) for k, v in value.items()}
    if isinstance(value, list):
        if value and not isinstance(value[0], (dict, list)):
            return value  # a property array (Neo4j's are homogeneous): an embedding, tags
        return [from_json_value(v) for v in value]
    return value


async def backup_rows(executor: QueryExecutor, drafts: bool = False) -> AsyncIterator[dict[str, Any]]:
    """Every decision's backup row (``labels``, ``properties``, ``relationships``), by id;
    drafts too only when asked for."""
    skip = 0
    hidden = hidden_statuses(include_history=True, include_drafts=drafts)
    while True:
        rows = await executor.read(load_query("backup_export"), {"skip": skip, "limit": PAGE, "hidden_statuses": hidden})
        for row in rows:
            relationships = sorted(
                (to_json_value(r) for r in row["relationships"]),
                key=lambda r: (r["type"], repr(sorted(r["target"].items())), repr(sorted(r["properties"].items()))),
            )
            yield {"id": row["id"], "labels": sorted(row["labels"]), "properties": to_json_value(row["properties"]),
                   "relationships": relationships}
        if len(rows) < PAGE:
            return
        skip += PAGE


async def restore_rows(executor: QueryExecutor, rows: Sequence[dict[str, Any]]) -> int:
    """Write backup rows back: decisions and their neighbours first, then the links between
    decisions. Returns how many decisions were restored."""
    gate = asyncio.Semaphore(WRITERS)

    async def write(query: str, key: str, chunk: Sequence[dict[str, Any]]) -> int:
        async with gate:
            result = await executor.write(load_query(query), {key: [from_json_value(item) for item in chunk]})
        return int(result[0]["restored"]) if result else 0

    links = [
        {"type": r["type"], "from": row["properties"]["id"], "to": r["target"]["id"], "properties": r["properties"]}
        for row in rows
        for r in row["relationships"]
        if r["type"] in _DECISION_LINKS
    ]
    # A task group: when one chunk fails, the others are cancelled rather than left writing.
    async with asyncio.TaskGroup() as group:
        decisions = [group.create_task(write("backup_restore_decisions", "rows", rows[start : start + PAGE]))
                     for start in range(0, len(rows), PAGE)]
    async with asyncio.TaskGroup() as group:
        for start in range(0, len(links), PAGE):
            group.create_task(write("backup_restore_links", "links", links[start : start + PAGE]))
    return sum(task.result() for task in decisions)
