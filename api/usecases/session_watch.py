"""Watch folders of coding-assistant sessions and ingest each new or grown one as it changes."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from api.usecases.in_repository import InRepository
from api.usecases.ingest import DRAFTS_KEPT, IngestServices
from api.usecases.repositories import repository_to_ingest
from api.usecases.session_files import SessionIngest, ingest_session_file
from graph.executor import QueryExecutor
from graph.session_reads import SessionReads
from nlp.errors import NlpError
from nlp.git_command import GitError
from nlp.plural import plural
from nlp.readers import conversation_files, session_file_format
from nlp.repository import identify_repository

Note = Callable[[str], None]


@dataclass
class WatchPass:
    """What one look over the folders did."""

    ingested: list[tuple[Path, SessionIngest]] = field(default_factory=list)
    failed: list[tuple[Path, str]] = field(default_factory=list)
    skipped: list[Path] = field(default_factory=list)
    """Files that are no coding-assistant session (said once per change of the file)."""


class SessionWatcher:
    """Ingests the coding-assistant sessions under some folders, each when its file changes.

    A file is looked at again only when its size or modification time changed since the
    last look; the ingest itself reads only what was appended (``ingest_session_file``). A
    file that cannot be read is reported and skipped until it changes again; what it stored
    before stays.

    Args:
        folders: Where the sessions are (``~/.claude/projects``, ``~/.codex/sessions``, a
            repository with aider or SpecStory histories); searched recursively.
        services: Ingestion's services.
        executor: The graph.
        repository: The repository every session is about; None: each session's own working
            directory when it is a git checkout on this machine.
    """

    def __init__(
        self, folders: Sequence[Path], services: IngestServices, executor: QueryExecutor,
        repository: InRepository | None = None,
    ) -> None:
        self._folders = list(folders)
        self._services = services
        self._executor = executor
        self._reads = SessionReads(executor)
        self._repository = repository
        self._seen: dict[Path, tuple[int, int]] = {}
        self._checkouts: dict[str, InRepository | None] = {}

    async def once(self) -> WatchPass:
        """Look over the folders once; ingest what is new or changed."""
        done = WatchPass()
        self._checkouts.clear()  # a checkout's files may have changed since the last pass
        for path in self._files():
            try:
                stat = path.stat()
            except OSError:
                continue  # gone since it was listed
            key = (stat.st_size, stat.st_mtime_ns)
            if self._seen.get(path) == key:
                continue
            self._seen[path] = key
            if session_file_format(path) is None:
                done.skipped.append(path)
                continue
            try:
                result = await ingest_session_file(
                    path, self._services, self._reads, repository=self._repository, repository_for=self._checkout,
                )
            except NlpError as exc:
                done.failed.append((path, str(exc)))
                continue
            done.ingested.append((path, result))
        return done

    async def run(self, interval: float, stop: asyncio.Event, note: Note) -> None:
        """Look over the folders every ``interval`` seconds until ``stop`` is set (a file
        being ingested is finished first)."""
        while not stop.is_set():
            report(await self.once(), note)
            try:
                await asyncio.wait_for(stop.wait(), timeout=interval)
            except TimeoutError:
                pass

    def _files(self) -> list[Path]:
        files: list[Path] = []
        for folder in self._folders:
            try:
                files += conversation_files([folder])
            except NlpError:
                continue  # nothing there yet
        return files

    async def _checkout(self, cwd: str | None) -> InRepository | None:
        """The repository a session's working directory is in, when it is a git checkout here."""
        if cwd is None:
            return None
        if cwd not in self._checkouts:
            folder = Path(cwd)
            try:
                found = identify_repository(folder) if folder.is_dir() else None
            except GitError:
                found = None
            self._checkouts[cwd] = await repository_to_ingest(self._executor, found) if found is not None else None
        return self._checkouts[cwd]


def report(done: WatchPass, note: Note) -> None:
    """One line per file ingested, failed or skipped."""
    for path, result in done.ingested:
        if result.mode == "unchanged":
            continue
        r = result.report
        note(f"{r.session_id}: {result.mode}, {plural(r.messages_read, 'message')} read ({r.new_messages} new), "
             f"{plural(r.decisions_found, 'decision')} found ({r.new_decisions} new)"
             + (f", {plural(r.drafts, 'draft')} to review" if r.drafts else "")
             + (f"; {DRAFTS_KEPT}" if r.drafts_remembered else "") + f"  [{path}]")
        if result.note:
            note(f"{r.session_id}: note: {result.note}")
    for _path, problem in done.failed:
        note(f"error: {problem} (skipped until it changes; what it stored before stays)")
    for path in done.skipped:
        note(f"skipped {path}: not a coding-assistant session")
