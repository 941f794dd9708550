"""A coding agent's hook ingesting its own session: the transcript's new part, with the
session's working directory as its repository when that is a git checkout."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from api.settings import Settings
from api.usecases.hook_input import HookInput
from api.usecases.in_repository import InRepository
from api.usecases.ingest import DRAFTS_KEPT
from api.usecases.repositories import repository_to_ingest
from api.usecases.runtime import GraphConnection
from api.usecases.services import build_services
from api.usecases.session_files import describe_mode, ingest_session_file
from api.user_dirs import user_dir
from graph.executor import QueryExecutor
from graph.session_reads import SessionReads
from nlp.git_command import GitError
from nlp.plural import plural
from nlp.repository import identify_repository


async def ingest_hook_session(settings: Settings, graph: GraphConnection, event: HookInput) -> str:
    """Ingest what the hook's transcript added since the last ingest; one line on what it did.

    Two hooks of one session (a ``Stop`` right after another) take turns: the second
    waits for the first, then reads only what is left.

    Raises:
        InputFormatError: The transcript cannot be read (nothing of it is stored).
    """
    services = build_services(settings, graph.executor)
    try:
        where = await _checkout(graph.executor, event.cwd)
        with _one_at_a_time(event.transcript):
            done = await ingest_session_file(
                event.transcript, services.ingest, SessionReads(graph.executor), repository=where,
            )
    finally:
        await services.aclose()
    r = done.report
    in_repo = f" in {where.key}" if where is not None else ""
    return (f"{event.event or 'hook'} {r.session_id}{in_repo}: {describe_mode(done)}; {plural(r.new_messages, 'new message')}, "
            f"{plural(r.new_decisions, 'new decision')}" + (f", {plural(r.drafts, 'draft')} to review" if r.drafts else "")
            + (f"; {DRAFTS_KEPT}" if r.drafts_remembered else "") + (f"; note: {done.note}" if done.note else ""))


async def _checkout(executor: QueryExecutor, cwd: Path | None) -> InRepository | None:
    if cwd is None or not cwd.is_dir():
        return None
    try:
        found = await asyncio.to_thread(identify_repository, cwd)
    except GitError:
        return None
    return await repository_to_ingest(executor, found)


@contextmanager
def _one_at_a_time(transcript: Path) -> Iterator[None]:
    """Hold a lock on this transcript for as long as it is ingested (where locks exist)."""
    try:
        import fcntl
    except ImportError:  # Windows: hooks of one session rarely overlap; ingest is idempotent anyway
        yield
        return
    locks = user_dir("cache") / "locks"
    locks.mkdir(parents=True, exist_ok=True)
    name = hashlib.sha1(str(transcript.resolve()).encode()).hexdigest()[:16]
    with (locks / f"{name}.lock").open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
