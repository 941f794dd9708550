"""Import ADR collections: one decision per file, and the supersede/amend links the ADRs
state (on either side, in the status or the text) as SUPERSEDES and AMENDS edges."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from api.usecases.code_links import CodeLinkReport, link_repository_code
from api.usecases.in_repository import InRepository
from api.usecases.ingest import IngestServices, ingest_conversation
from graph.evolution import Link, LinkType
from graph.executor import QueryExecutor
from nlp.code_links.infer import MIN_CONFIDENCE
from nlp.code_links.tree import RepoTree
from nlp.git_command import tracked_files
from nlp.readers.adr_collection import adr_files, read_adr_collection
from nlp.readers.adr_links import AdrLink, adr_number
from nlp.repository import Repository


@dataclass(frozen=True)
class StatedLink:
    """A link between two ADRs of the collection, oriented from the newer to the older one."""

    kind: str  # "supersedes" or "amends"
    newer: str  # ADR id (file stem)
    older: str
    partial: bool
    evidence: str


@dataclass
class AdrImportReport:
    """What one import read, stored and linked."""

    collection: str
    files: int = 0
    new_decisions: int = 0
    decision_ids: dict[str, str] = field(default_factory=dict)  # ADR id → decision id
    links: list[StatedLink] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)
    code: CodeLinkReport | None = None
    """The links to the repository's code inferred after the import, when it has one."""


def resolve_links(links: dict[str, list[AdrLink]]) -> tuple[list[StatedLink], list[str]]:
    """Stated links as (newer → older) pairs between ADRs of the collection, each once
    whichever side stated it; references that name no ADR here are returned as problems."""
    by_number: dict[int, list[str]] = defaultdict(list)
    for adr_id in links:
        number = adr_number(adr_id.rsplit("/", 1)[-1])
        if number is not None:
            by_number[number].append(adr_id)
    stems = {adr_id.rsplit("/", 1)[-1]: adr_id for adr_id in links}
    pairs: dict[tuple[str, str, str], StatedLink] = {}
    unresolved: list[str] = []
    for source, stated in links.items():
        for link in stated:
            if link.target.startswith("#"):
                candidates = by_number.get(int(link.target[1:]), [])
                target = candidates[0] if len(candidates) == 1 else None
            else:
                target = stems.get(link.target)
            if target is None or target == source:
                unresolved.append(f"{source}: {link.relation} {link.target} ({link.line[:80]})")
                continue
            kind = "supersedes" if link.relation.startswith("supersed") else "amends"
            newer, older = (source, target) if link.relation in {"supersedes", "amends"} else (target, source)
            key = (kind, newer, older)
            existing = pairs.get(key)
            pairs[key] = StatedLink(kind, newer, older, link.partial or bool(existing and existing.partial),
                                    f"stated in {source}: {link.line[:160]}")
    return list(pairs.values()), unresolved


def collection_name(dirs: Sequence[Path], repository: Repository | None) -> str:
    """The session an import's decisions belong to, the same on every machine: the
    repository's key and the first folder's path in it (``github.com/acme/shop:docs/adr``),
    or, outside any repository, the folder's name."""
    first = dirs[0].resolve()
    if repository is None:
        return first.name
    try:
        inside = first.relative_to(repository.root.resolve()).as_posix()
    except ValueError:
        return first.name
    return f"{repository.key}:{inside}" if inside != "." else repository.key


def source_path(path: str, dirs: Sequence[Path], repository: Repository | None) -> str:
    """Where an ADR file is, without any folder of the importing machine: its path in the
    repository, or outside one its path from the folder imported (``adr/0001-x.md``)."""
    file = Path(path).resolve()
    bases = [repository.root.resolve()] if repository is not None else []
    bases += [d.resolve().parent for d in dirs]
    for base in bases:
        try:
            return file.relative_to(base).as_posix()
        except ValueError:
            continue
    return file.name


async def import_adrs(
    dirs: Sequence[Path], collection: str, services: IngestServices, progress: Callable[[str], None] | None = None,
    repository: Repository | None = None, key: str | None = None, executor: QueryExecutor | None = None,
    git_context: bool = False, link_floor: float = MIN_CONFIDENCE,
) -> AdrImportReport:
    """Read, store and link an ADR collection (idempotent; an edited ADR updates its decision).

    With ``repository`` (the checkout the ADRs live in, kept under ``key``), the paths they
    name are that repository's, and with ``executor`` too their links to its code are
    inferred from its history, manifests, imports and directories (``code_links``).

    Raises:
        InputFormatError: A directory or file is not readable as ADRs; nothing is stored then.
    """
    files = adr_files(dirs)
    conversation, decisions, links = read_adr_collection(files, collection)
    decisions = [
        d.model_copy(update={"source_path": source_path(d.source_path, dirs, repository)}) if d.source_path else d
        for d in decisions
    ]
    report = AdrImportReport(collection, files=len(files))
    where = None
    if repository is not None and key is not None:
        where = InRepository(key, RepoTree(tracked_files(repository.root)), repository.root)
    ingested = await ingest_conversation(
        conversation, services, decisions=decisions, source="adr", relate=False, repository=where,
    )
    report.new_decisions = ingested.new_decisions
    report.decision_ids = dict(zip(links, ingested.decision_ids, strict=True))
    report.links, report.unresolved = resolve_links(links)
    for link in report.links:
        newer, older = report.decision_ids[link.newer], report.decision_ids[link.older]
        kind: LinkType = "SUPERSEDES" if link.kind == "supersedes" else "AMENDS"
        await services.evolution.link(Link(kind, newer, older, link.evidence, partial=link.partial))
        if progress:
            progress(f"{link.newer} {link.kind} {link.older}{' (partial)' if link.partial else ''}")
    if repository is not None and key is not None and executor is not None:
        report.code = await link_repository_code(executor, repository, key, progress=progress, minimum=link_floor, git_context=git_context)
    return report
