"""A coding-assistant session's repository, branch, times and edited files in the graph, and
its decisions linked to the files it edited after them (issue 46, part 2)."""

from __future__ import annotations

import asyncio
from collections.abc import Collection, Mapping, Sequence
from functools import cache
from pathlib import Path

from api.usecases.in_repository import InRepository
from api.usecases.repositories import repository_to_ingest
from graph.executor import QueryExecutor
from graph.sessions import EditLink, SessionContext, SessionStore
from graph.writer import DecisionInput
from nlp.git_command import GitError
from nlp.repository import identify_repository
from nlp.schema import Conversation
from nlp.session_edits import DecisionPoint, edit_evidence, edits_after_decisions
from nlp.session_paths import SessionPaths


async def session_repository(executor: QueryExecutor, conversation: Conversation) -> InRepository | None:
    """The repository a session ran in, when no ``--repo`` names one: the git checkout its
    working directory is in, when that folder exists on this machine (stored as a repository
    of the journal); None otherwise."""
    if not conversation.cwd:
        return None
    folder = Path(conversation.cwd)
    try:
        if not folder.is_absolute() or not folder.is_dir():
            return None
        checkout = await asyncio.to_thread(identify_repository, folder)
    except (GitError, OSError):
        return None
    return await repository_to_ingest(executor, checkout)


def states_context(conversation: Conversation) -> bool:
    """Whether the conversation says where and when it ran, or which files it edited (a
    coding-assistant session does; a chat or an ADR does not)."""
    return bool(
        conversation.cwd or conversation.git_branch or conversation.started_at or conversation.ended_at
        or any(m.files for m in conversation.messages)
    )


def session_paths(conversation: Conversation, repository: InRepository | None) -> SessionPaths | None:
    """How a coding-assistant session's paths read in ``repository`` (None for a
    conversation that is no such session, or without a checkout on this machine)."""
    if repository is None or repository.root is None or not states_context(conversation):
        return None
    names = (repository.key.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git"), repository.root.name)
    return SessionPaths(repository.root, conversation.cwd, repository.tree, names)


async def store_session_edits(
    executor: QueryExecutor, conversation: Conversation, positions: Mapping[str, int], inputs: Sequence[DecisionInput],
    drafts: Collection[str], repository: InRepository | None,
) -> int:
    """Store the session's context and the files each message edited, and link each of its
    decisions (drafts left out) to the files edited after it (``nlp.session_edits``); return
    how many such links it has.

    Without a repository (with a root on this machine) only the branch and times are kept:
    a path is stored only as a path of a repository.

    Args:
        positions: Each message's id → its position as stored.
        inputs: The decisions found in the session, drafts included (they bound the windows).
        drafts: The ids of the drafts among them.
    """
    if not states_context(conversation):
        return 0
    store = SessionStore(executor)
    paths = session_paths(conversation, repository)
    relative = cache(paths.relative) if paths is not None else None
    files: dict[str, tuple[str, ...]] = {}
    if relative is not None:
        for message in conversation.messages:
            if message.files:
                files[message.id] = tuple(dict.fromkeys(p for named in message.files if (p := relative(named))))
    await store.store_context(SessionContext(
        conversation.session_id, repository.key if repository else None, conversation.git_branch,
        paths.cwd_in_repository if paths else None, conversation.started_at, conversation.ended_at,
    ), files)
    if repository is None or relative is None:
        return 0
    points = [DecisionPoint(item.id, item.decision.messages) for item in inputs]
    decisions = [point.id for point in points if point.id not in drafts]
    ids = [m.id for m in conversation.messages]
    links = [
        EditLink(edit.decision_id, edit.path, edit.confidence, edit_evidence(
            edit, positions.get(ids[edit.decided], edit.decided), positions.get(ids[edit.edited], edit.edited),
        ))
        for edit in edits_after_decisions(conversation.messages, points, relative)
        if edit.decision_id not in drafts
    ]
    return await store.replace_edit_links(repository.key, decisions, links)
