"""Which ADR files of a repository the journal already holds, and in which collection: an
ADR file is one decision of its repository whatever folder or collection name it is
imported through (issue 44), so ``import-adr`` updates it where it already is."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from graph.cypher import load_query
from graph.executor import QueryExecutor


@dataclass(frozen=True)
class ImportedAdr:
    """A decision stored from an ADR file of a repository.

    Attributes:
        path: The file's path in the repository.
        collection: The session (collection) that holds it.
        decision_id: The decision (a seed-004 document holds several).
        message: The id of the message that states it (``collection#name`` for an ADR file).
    """

    path: str
    collection: str
    decision_id: str
    message: str | None


async def imported_adrs(executor: QueryExecutor, repository: str, paths: Sequence[str]) -> list[ImportedAdr]:
    """The decisions already imported from the files ``paths`` of ``repository`` (its key)."""
    if not paths:
        return []
    rows = await executor.read(load_query("adr_files_imported"), {"repository": repository, "paths": list(paths)})
    return [ImportedAdr(row["path"], row["collection"], row["id"], row["message"]) for row in rows]
