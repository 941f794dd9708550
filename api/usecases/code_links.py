"""Link a repository's decisions to its code from what the repository shows (issue 44):
run after ``import-adr``, ``ingest-git`` and ``ingest --repo``, so that whichever comes
last, the links reflect the decisions and the history the journal holds."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath

from graph.code_links import CodeLinkStore, InferredLink, RepositoryDecision
from graph.executor import QueryExecutor
from nlp.code_links.infer import MIN_CONFIDENCE, infer_links
from nlp.code_links.model import DecisionText
from nlp.code_links.view import read_view
from nlp.commit_refs import DecisionMentions
from nlp.git_command import PathHistory
from nlp.repository import Repository

Progress = Callable[[str], None]


@dataclass(frozen=True)
class _AdrRow:
    decision_id: str
    path: str | None
    title: str | None


@dataclass(frozen=True)
class CodeLinkReport:
    """What one inference run stored: links, and the decisions that have at least one."""

    decisions: int
    linked: int
    links: int
    by_via: dict[str, int]


async def link_repository_code(
    executor: QueryExecutor, repository: Repository, key: str, history: list[PathHistory] | None = None,
    progress: Progress | None = None, minimum: float = MIN_CONFIDENCE, git_context: bool = False,
) -> CodeLinkReport:
    """Infer and store the links between the repository's decisions and its code.

    Args:
        repository: The checkout (its ``root`` is read with git).
        key: The key the journal keeps the repository under.
        history: Its commits newest first, when the caller has read them.
        minimum: Links weaker than this are not kept.
        git_context: Also link conversation decisions to the code changed around their
            time (seed 000's ``auto_link_strategy = "git_context"``).

    Raises:
        GitError: The checkout cannot be read.
    """
    store = CodeLinkStore(executor)
    decisions = await store.decisions(key)
    if not decisions:
        return CodeLinkReport(0, 0, 0, {})
    texts = [_text(d) for d in decisions]
    documents = sorted({str(PurePosixPath(d.source_path).parent) + "/" for d in decisions if d.source_path and "/" in d.source_path})
    if progress:
        progress(f"  reading {repository.name} for links: tree, history, manifests and imports ...")
    view = await asyncio.to_thread(
        read_view, repository.root, documents, "HEAD", history, repository.name if repository.remote else "",
    )
    mentions = DecisionMentions([_AdrRow(d.id, d.source_path, d.title) for d in decisions if d.source_path])
    found = await asyncio.to_thread(infer_links, texts, view, mentions, minimum, git_context)
    stated = {(d.id, p) for d in decisions for p in d.stated}
    links = [
        InferredLink(link.decision_id, link.path, link.via, link.confidence, link.evidence, link.commits)
        for link in found if (link.decision_id, link.path) not in stated
    ]
    stored = await store.replace(key, [d.id for d in decisions], links)
    await store.follows(key, sorted({link.decision_id for link in links}))
    by_via: dict[str, int] = {}
    for link in links:
        by_via[link.via] = by_via.get(link.via, 0) + 1
    return CodeLinkReport(len(decisions), len({link.decision_id for link in links}), stored, by_via)


def _text(decision: RepositoryDecision) -> DecisionText:
    body = "\n".join(t for t in (decision.context, decision.rationale, *decision.texts) if t)
    return DecisionText(
        id=decision.id, title=decision.title, summary=decision.summary, body=body,
        alternatives=decision.alternatives, source_path=decision.source_path, decided_at=decision.decided_at,
        stated=decision.stated, rationale=decision.rationale or "",
    )
