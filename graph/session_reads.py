"""How far each session's file has been read: what an incremental ingest starts from."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from graph.cypher import load_query
from graph.executor import QueryExecutor
from graph.temporal import instant
from nlp.schema import Message, Preceding


@dataclass(frozen=True)
class ReadMark:
    """What was read of a session's file.

    Attributes:
        path: The file's name (never the folder it is in on this machine).
        bytes: How many bytes of it were read (whole lines).
        fingerprint: A digest of those bytes: the file still starts with them when it matches.
        format: The format it was read as.
        tally: What detection needs to know of every message read (``nlp.schema.Preceding``).
        cwd: Unused, always None: a machine's folder is never stored; the folder a session
            states is read again from the file's head (``api.usecases.session_files``).
    """

    path: str
    bytes: int
    fingerprint: str
    format: str
    tally: Preceding
    cwd: str | None = None


@dataclass(frozen=True)
class ReadState:
    """A stored session as an incremental ingest finds it.

    Attributes:
        mark: How far its file was read, or None when it was ingested whole (by an older
            version, from text, or a format read whole every time).
        last: Its last stored messages in order (``seq`` as stored), at most the window asked for.
    """

    mark: ReadMark | None
    last: tuple[Message, ...]


class SessionReads:
    """Reads and records how far sessions' files have been ingested."""

    def __init__(self, executor: QueryExecutor) -> None:
        self._executor = executor

    async def state(self, session_id: str, window: int) -> ReadState | None:
        """The session's read mark and its last ``window`` messages; None when it is not stored."""
        rows = await self._executor.read(load_query("session_read_state"), {"session_id": session_id, "window": window})
        if not rows:
            return None
        row = rows[0]
        last = tuple(
            Message(id=m["id"], seq=m["seq"], author=m["author"], role=m["role"], content=m["content"] or "",
                    timestamp=instant(m["timestamp"]))
            for m in sorted(row["last"], key=lambda m: int(m["seq"]))
        )
        mark = None
        if row["bytes"] is not None and row["fingerprint"] and row["format"] and row["tally"]:
            mark = ReadMark(row["path"] or "", int(row["bytes"]), row["fingerprint"], row["format"],
                            Preceding.model_validate(json.loads(row["tally"])), row["cwd"])
        return ReadState(mark, last)

    async def mark(self, session_id: str, mark: ReadMark) -> None:
        """Record how far the session's file has been read."""
        await self._executor.write(load_query("session_read_mark"), {"session_id": session_id, "mark": {
            "path": mark.path, "bytes": mark.bytes, "fingerprint": mark.fingerprint, "format": mark.format,
            "tally": mark.tally.model_dump_json(), "cwd": mark.cwd,
        }})

    async def stored_occurrences(self, ids: Sequence[str]) -> dict[str, int]:
        """For each content id, how many stored messages carry it or an occurrence of it."""
        if not ids:
            return {}
        rows = await self._executor.read(load_query("session_message_id_counts"), {"ids": list(dict.fromkeys(ids))})
        return {row["id"]: int(row["stored"]) for row in rows}

    async def replace_unfinished(self, session_id: str, old_id: str, final: Message) -> frozenset[int] | None:
        """Put the final form of a message read while it was still being written in its place.

        What was found in the unfinished text (decisions and drafts stated in it that no
        review, stated link or later decision holds) is removed with its inferred links, so
        that detecting the final message finds what a whole read finds, once.

        Args:
            session_id: The session.
            old_id: The id the message was stored under (its unfinished text's).
            final: The message as the file now holds it (its id, author, role and text).

        Returns:
            The positions of the messages stating the decisions and drafts removed (empty
            when none were), which the ingest that follows detects from again: a decision
            stated in the message before it too is one a read of the final text finds again.
            None when nothing was replaced (not the session's message, or ``final`` is
            stored already).
        """
        rows = await self._executor.write(load_query("session_message_regrown"), {
            "session_id": session_id, "old_id": old_id, "message": {
                "id": final.id, "author": final.author, "role": final.role, "content": final.content,
                "content_hash": final.id.rsplit("#", 1)[-1],
            },
        })
        return frozenset(int(seq) for seq in rows[0]["positions"] if seq is not None) if rows else None

    async def stored(self, session_id: str, ids: Sequence[str]) -> set[str]:
        """Those of ``ids`` stored as messages of ``session_id``."""
        rows = await self._executor.read(load_query("session_messages_stored"), {"session_id": session_id, "ids": list(ids)})
        return {row["id"] for row in rows}

    async def stored_after(self, session_id: str, after_id: str | None) -> list[str]:
        """The ids of the session's stored messages at the position right after the stored
        message ``after_id`` (at its first position when None); none when ``after_id`` is not
        the session's."""
        rows = await self._executor.read(load_query("session_message_after"),
                                         {"session_id": session_id, "after_id": after_id})
        return [row["id"] for row in rows]

    async def stored_decisions(self, ids: Sequence[str]) -> set[str]:
        """Those of ``ids`` stored as decisions or drafts."""
        if not ids:
            return set()
        rows = await self._executor.read(load_query("session_decisions_stored"), {"ids": list(dict.fromkeys(ids))})
        return {row["id"] for row in rows}
