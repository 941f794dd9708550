"""``eval session-links``: the links from a session's decisions to the files it edited, as a
user meets them.

Every session of the development owners is ingested through the real path (``ingest FOLDER
--repo CHECKOUT`` per repository: read, oldest first, ``ingest_conversation`` with the
checkout as the session's repository) into one throwaway Neo4j, and every decision is read
back from the graph with its ``session_edit`` links (``cypher/queries/
evaluation_session_links.cypher``). Whether a link is right is for a reader to say
(``nlp.evaluation.session_links``). What the ingest could not read, and the files the
sessions edited that are no file of the checkout, are kept for the report.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from api.errors import ApiError
from api.settings import Settings
from api.usecases.in_repository import InRepository
from api.usecases.ingest import ingest_conversation
from api.usecases.repositories import repository_to_ingest
from api.usecases.services import build_services
from api.usecases.session_edits import session_paths
from api.usecases.throwaway_graph import on_throwaway_graph
from graph.cypher import load_query
from graph.executor import QueryExecutor
from graph.schema import apply_schema
from nlp.errors import NlpError
from nlp.evaluation.session_links import LinkedFile, StoredDecision, development_folders
from nlp.git_command import GitError, run_git
from nlp.readers import conversation_files, read_conversation
from nlp.readers.source_date import oldest_first
from nlp.repository import identify_repository
from nlp.schema import Conversation

Progress = Callable[[str], None]


class MissingCheckout(ApiError):
    """A repository's checkout is missing or is no git work tree."""


@dataclass(frozen=True)
class SessionSet:
    """One repository's sessions and its checkout."""

    folder: str
    files: tuple[Path, ...]
    checkout: Path


@dataclass(frozen=True)
class SessionRun:
    """How one session ingested.

    Attributes:
        repository: Its folder (``<owner>__<repo>``).
        session: Its id (``""`` when it could not be read).
        file: The file it was read from.
        messages: Messages read.
        edits: Distinct files its tool calls named as edited (as the session names them).
        unmapped: Those of ``edits`` that are no file of the checkout.
        error: Why it was not ingested, if it was not.
    """

    repository: str
    session: str
    file: Path
    messages: int = 0
    edits: int = 0
    unmapped: tuple[str, ...] = ()
    error: str | None = None


@dataclass
class SessionLinkRun:
    """Every development session ingested, and every decision read back with its links."""

    commits: dict[str, str] = field(default_factory=dict)
    keys: dict[str, str] = field(default_factory=dict)
    sessions: list[SessionRun] = field(default_factory=list)
    decisions: list[StoredDecision] = field(default_factory=list)


def session_sets(sessions: Path, checkouts: Path) -> list[SessionSet]:
    """The development owners' repositories under ``sessions`` with their checkouts.

    Raises:
        MissingCheckout: A repository has no git checkout in ``checkouts``.
    """
    sets: list[SessionSet] = []
    for folder in development_folders(sessions):
        checkout = checkouts / folder.name
        if not (checkout / ".git").exists():
            raise MissingCheckout(f"no checkout of {folder.name} in {checkout}: clone its repository there, "
                                  "at the commit its sessions were taken from")
        try:
            files = tuple(conversation_files([folder]))
        except NlpError:
            continue  # a folder with no session in it
        sets.append(SessionSet(folder.name, files, checkout))
    return sets


async def collect_session_links(
    executor: QueryExecutor, settings: Settings, sets: Sequence[SessionSet], progress: Progress = lambda _: None,
) -> SessionLinkRun:
    """Ingest every session of ``sets`` with its checkout, and read every decision back."""
    await apply_schema(executor, settings.embedding.dimension)
    services = build_services(settings, executor)
    run = SessionLinkRun()
    folder_of: dict[str, str] = {}
    try:
        for item in sets:
            progress(f"{item.folder}: ingesting {len(item.files)} sessions ...")
            checkout = identify_repository(item.checkout)
            run.commits[item.folder] = run_git(item.checkout, "rev-parse", "HEAD").strip()
            where = await repository_to_ingest(executor, checkout)
            run.keys[item.folder] = where.key
            read: list[tuple[Path, Conversation]] = []
            for path in item.files:
                try:
                    read.append((path, read_conversation(path)))
                except NlpError as exc:
                    run.sessions.append(SessionRun(item.folder, "", path, error=str(exc)))
            for path, conversation in sorted(read, key=lambda pair: oldest_first(pair[1])):
                folder_of[conversation.session_id] = item.folder
                try:
                    await ingest_conversation(conversation, services.ingest, repository=where)
                except (NlpError, GitError, ApiError) as exc:
                    run.sessions.append(SessionRun(item.folder, conversation.session_id, path, error=str(exc)))
                    continue
                edits, unmapped = _edited(conversation, where)
                run.sessions.append(SessionRun(item.folder, conversation.session_id, path, len(conversation.messages),
                                               edits, unmapped))
    finally:
        await services.aclose()
    for row in await executor.read(load_query("evaluation_session_links"), {}):
        folder = folder_of.get(row["session"])
        if folder is None:
            continue
        run.decisions.append(StoredDecision(
            folder, row["session"], row["id"], row["summary"] or "", row["status"] or "", tuple(sorted(row["messages"])),
            tuple(sorted((LinkedFile(link["path"], link["evidence"] or "", float(link["confidence"] or 0.0))
                          for link in row["links"]), key=lambda link: link.path)),
        ))
    return run


def _edited(conversation: Conversation, where: InRepository) -> tuple[int, tuple[str, ...]]:
    """How many distinct files the session's tool calls named as edited, and those that are
    no file of the checkout (so no link can reach them)."""
    named = list(dict.fromkeys(f for m in conversation.messages for f in m.files))
    paths = session_paths(conversation, where)
    if paths is None:
        return len(named), ()
    return len(named), tuple(dict.fromkeys(f for f in named if paths.relative(f) is None))


def evaluate_session_links(
    settings: Settings, sessions: Path, checkouts: Path, progress: Progress = lambda _: None,
) -> SessionLinkRun:
    """Ingest the development sessions under ``sessions`` (checkouts under ``checkouts``) into
    a throwaway Neo4j and read their decisions and links back.

    Raises:
        MissingCheckout: A repository's checkout is missing.
    """
    sets = session_sets(sessions, checkouts)

    return on_throwaway_graph(lambda executor: collect_session_links(executor, settings, sets, progress))
