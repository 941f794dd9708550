"""``export --format jsonl`` and ``import-jsonl``: a lossless decision backup whose lines are
also DESIGN.md's JSON shape, so scripts read it like any other output."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TextIO

from api.errors import ApiError
from api.usecases.json_shape import decision_record_json
from graph.backup import backup_rows, restore_rows
from graph.executor import QueryExecutor
from graph.reader import DecisionReader

BATCH = 200


class BackupFormatError(ApiError, ValueError):
    """A line of a backup file that is not one this tool wrote."""


async def export_jsonl(executor: QueryExecutor, out: TextIO, drafts: bool = False) -> int:
    """One line per decision: its shared JSON shape plus ``backup`` (labels, properties,
    relationships) for an exact restore; drafts too with ``drafts``. Returns the number of
    lines written."""
    reader = DecisionReader(executor)
    written = 0
    batch: list[dict[str, Any]] = []

    async def flush() -> None:
        nonlocal written
        records = {r.id: r for r in await reader.decisions([row["id"] for row in batch], drafts=drafts)}
        for row in batch:
            shape = decision_record_json(records[row["id"]])
            out.write(json.dumps({**shape, "backup": {k: row[k] for k in ("labels", "properties", "relationships")}},
                                 ensure_ascii=False, sort_keys=True) + "\n")
            written += 1
        batch.clear()

    async for row in backup_rows(executor, drafts):
        batch.append(row)
        if len(batch) >= BATCH:
            await flush()
    if batch:
        await flush()
    return written


def read_backup(lines: Iterable[str], name: str) -> list[dict[str, Any]]:
    """The backup rows of a JSONL export, checked before anything is written.

    Raises:
        BackupFormatError: A line is not JSON or carries no ``backup`` (naming the line).
    """
    rows = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise BackupFormatError(f"{name}:{number}: not JSON ({exc.msg})") from exc
        backup = data.get("backup") if isinstance(data, dict) else None
        if not isinstance(backup, dict) or not {"labels", "properties", "relationships"} <= set(backup) \
                or "id" not in backup["properties"]:
            raise BackupFormatError(f"{name}:{number}: not a line of `decision-journal export --format jsonl`")
        rows.append(backup)
    return rows


async def import_jsonl(executor: QueryExecutor, rows: list[dict[str, Any]]) -> int:
    """Restore checked backup rows exactly (idempotent). Returns the decisions restored."""
    return await restore_rows(executor, rows)
