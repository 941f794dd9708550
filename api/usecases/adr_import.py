"""Import ADR collections: one decision per file, and the supersede/amend links the ADRs
state (on either side, in the status or the text) as SUPERSEDES and AMENDS edges."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from api.errors import ApiError
from api.usecases.code_links import CodeLinkReport, link_repository_code
from api.usecases.in_repository import InRepository
from api.usecases.ingest import IngestServices, ingest_conversation
from graph.adr_files import ImportedAdr, imported_adrs
from graph.evolution import Link, LinkType
from graph.executor import QueryExecutor
from nlp.code_links.infer import MIN_CONFIDENCE
from nlp.code_links.tree import RepoTree
from nlp.git_command import tracked_files
from nlp.ids import stored_decision_id
from nlp.readers.adr_collection import adr_files, read_adr_collection
from nlp.readers.adr_links import AdrLink, adr_number
from nlp.repository import Repository
from nlp.schema import Conversation, ExtractedDecision


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
    elsewhere: dict[str, int] = field(default_factory=dict)
    """Files of the repository already imported in another collection, by that collection:
    updated there, not stored again in this one."""


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


class AdrImportConflict(ApiError):
    """An ADR file the journal holds in another collection cannot be matched to its decision
    there (nothing is stored then)."""


@dataclass(frozen=True)
class _Group:
    """The files of one import that go to one collection, read as that collection's."""

    collection: str
    conversation: Conversation
    decisions: list[ExtractedDecision]
    links: dict[str, list[AdrLink]]


async def import_adrs(
    dirs: Sequence[Path], collection: str, services: IngestServices, progress: Callable[[str], None] | None = None,
    repository: Repository | None = None, key: str | None = None, executor: QueryExecutor | None = None,
    git_context: bool = False, link_floor: float = MIN_CONFIDENCE,
) -> AdrImportReport:
    """Read, store and link an ADR collection (idempotent; an edited ADR updates its decision).

    With ``repository`` (the checkout the ADRs live in, kept under ``key``), the paths they
    name are that repository's, and with ``executor`` too their links to its code are
    inferred from its history, manifests, imports and directories (``code_links``).
    An ADR file of that repository already imported under another collection (through
    another folder, or with another ``--collection``) is one decision of the repository: it
    is updated in that collection, not stored again in this one (``report.elsewhere``).

    Raises:
        InputFormatError: A directory or file is not readable as ADRs; nothing is stored then.
        AdrImportConflict: A file held in another collection does not read as the decision
            stored there; nothing is stored then.
    """
    files = adr_files(dirs)
    paths = {file: source_path(str(file), dirs, repository) for file in files}
    held = await imported_adrs(services.executor, key, sorted(set(paths.values()))) if repository and key else []
    groups = [_read_group(name, members, paths, held, repository, dirs)
              for name, members in _by_collection(files, paths, held, collection).items()]
    report = AdrImportReport(collection, files=len(files))
    where = None
    if repository is not None and key is not None:
        where = InRepository(key, RepoTree(tracked_files(repository.root)), repository.root)
    links: dict[str, list[AdrLink]] = {}
    for group in groups:
        ingested = await ingest_conversation(
            group.conversation, services, decisions=group.decisions, source="adr", relate=False, repository=where,
        )
        report.new_decisions += ingested.new_decisions
        if group.collection != collection:
            report.elsewhere[group.collection] = len({d.source_path for d in group.decisions})
        for adr_id, stated, decision_id in zip(group.links, group.links.values(), ingested.decision_ids, strict=True):
            # Two collections may each have an ADR of that name; the stem still resolves links.
            name = adr_id if adr_id not in links else f"{group.collection}/{adr_id}"
            links[name] = stated
            report.decision_ids[name] = decision_id
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


def _by_collection(
    files: Sequence[Path], paths: Mapping[Path, str], held: Sequence[ImportedAdr], collection: str,
) -> dict[str, list[Path]]:
    """The files of an import by the collection each goes to: the one that already holds
    it (this one, when it does, so a journal that holds it twice keeps each copy where it
    is; else the one that held it first), else ``collection``; in the files' order."""
    holders: dict[str, list[str]] = defaultdict(list)
    for adr in held:  # the collection that first held a file comes first
        holders[adr.path].append(adr.collection)
    groups: dict[str, list[Path]] = {}
    for file in files:
        others = holders.get(paths[file], [])
        home = collection if collection in others or not others else others[0]
        groups.setdefault(home, []).append(file)
    return groups


def _read_group(
    collection: str, files: Sequence[Path], paths: Mapping[Path, str], held: Sequence[ImportedAdr],
    repository: Repository | None, dirs: Sequence[Path],
) -> _Group:
    """Read ``files`` as ADRs of ``collection``, each under the name its stored message has
    there (the name follows the folder first imported: ``b/0001-x`` when ``a/0001-x.md`` was
    imported beside it), so that each gets the decision id it already has.

    Raises:
        AdrImportConflict: A file held in another collection would get a new id there.
    """
    stored = [adr for adr in held if adr.collection == collection]
    names: dict[Path, str] = {}
    for file in files:
        message = next((adr.message for adr in stored if adr.path == paths[file] and adr.message), None)
        if message is not None and message.startswith(f"{collection}#"):
            names[file] = message[len(collection) + 1:].split("#", 1)[0]
    conversation, decisions, links = read_adr_collection(files, collection, names)
    decisions = [
        d.model_copy(update={"source_path": source_path(d.source_path, dirs, repository)}) if d.source_path else d
        for d in decisions
    ]
    # Each file held here must find a decision it already has (a seed-004 document may have
    # gained a section since, which is added beside them).
    found: dict[str, set[str]] = defaultdict(set)
    for decision in decisions:
        message_ids = tuple(conversation.messages[seq].id for seq in decision.messages)
        found[decision.source_path or ""].add(stored_decision_id(collection, message_ids, decision.summary, "adr"))
    for path in sorted({adr.path for adr in stored}):
        if not found[path] & {adr.decision_id for adr in stored if adr.path == path}:
            raise AdrImportConflict(
                f"{path} is already imported in collection '{collection}' as another decision than it reads as "
                f"now; import it again with that collection's folder (import-adr FOLDER --collection '{collection}')"
            )
    return _Group(collection, conversation, decisions, links)
