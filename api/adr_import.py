"""Import ADR collections: one decision per file, and the supersede/amend links the ADRs
state (on either side, in the status or the text) as SUPERSEDES and AMENDS edges."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from api.ingest import IngestServices, ingest_conversation
from nlp.errors import InputFormatError
from nlp.readers.adr import read_adr
from nlp.readers.adr_links import AdrLink, adr_number, extract_links
from nlp.readers.decision_doc import is_decision_document, read_decision_document
from nlp.readers.common import decode_text
from nlp.schema import Conversation, ExtractedDecision, Message

_NOT_ADRS = ("readme", "index", "template", "adr-template", "_sidebar", "summary")


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


def adr_files(dirs: Sequence[Path]) -> list[Path]:
    """The ADR markdown files under ``dirs`` (index pages and templates left out).

    Raises:
        InputFormatError: A directory does not exist or holds no ADRs.
    """
    files: list[Path] = []
    for folder in dirs:
        if not folder.is_dir():
            raise InputFormatError(str(folder), "is not a directory of ADRs")
        found = [p for p in sorted(folder.rglob("*.md")) if not p.stem.lower().startswith(_NOT_ADRS)]
        if not found:
            raise InputFormatError(str(folder), "holds no ADR markdown files")
        files += found
    return files


def read_collection(
    files: Sequence[Path], collection: str
) -> tuple[Conversation, list[ExtractedDecision], dict[str, list[AdrLink]]]:
    """The collection as one session, its decisions, and each ADR's stated links by ADR id
    (in the order of ``decisions``; a seed-004 document contributes one entry per decision).

    Raises:
        InputFormatError: A file cannot be read or is not an ADR; nothing is returned then.
    """
    messages: list[Message] = []
    decisions: list[ExtractedDecision] = []
    links: dict[str, list[AdrLink]] = {}
    seen: set[str] = set()
    for path in files:
        adr_id = path.stem if path.stem not in seen else f"{path.parent.name}/{path.stem}"
        seen.add(adr_id)
        text = decode_text(path.read_bytes(), str(path))
        if is_decision_document(text) and "**Selected Approach:**" in text:
            # A seed-004 document holds several decisions, one per `## Decision N:` section
            # (an ADR may have such headings too, but not seed 004's field labels).
            document, found = read_decision_document(text, str(path), collection)
            offset = len(messages)
            messages += [m.model_copy(update={"id": f"{collection}#{adr_id}#{m.seq}", "seq": offset + m.seq})
                         for m in document.messages]
            decisions += [d.model_copy(update={"messages": tuple(offset + i for i in d.messages),
                                               "spans": tuple(sp.model_copy(update={"seq": offset + sp.seq}) for sp in d.spans),
                                               "source_path": str(path)})
                          for d in found]
            links.update({f"{adr_id}#{index}": [] for index in range(1, len(found) + 1)})
            continue
        message, decision = read_adr(text, str(path), len(messages), collection)
        messages.append(message.model_copy(update={"id": f"{collection}#{adr_id}"}))
        decisions.append(decision)
        links[adr_id] = extract_links(text)
    conversation = Conversation(session_id=collection, source_format="adr", title=collection, messages=tuple(messages))
    return conversation, decisions, links


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


async def import_adrs(
    dirs: Sequence[Path], collection: str, services: IngestServices, progress: Callable[[str], None] | None = None
) -> AdrImportReport:
    """Read, store and link an ADR collection (idempotent; an edited ADR updates its decision).

    Raises:
        InputFormatError: A directory or file is not readable as ADRs; nothing is stored then.
    """
    files = adr_files(dirs)
    conversation, decisions, links = read_collection(files, collection)
    report = AdrImportReport(collection, files=len(files))
    ingested = await ingest_conversation(conversation, services, decisions=decisions, source="adr", relate=False)
    report.new_decisions = ingested.new_decisions
    report.decision_ids = dict(zip(links, ingested.decision_ids, strict=True))
    report.links, report.unresolved = resolve_links(links)
    for link in report.links:
        newer, older = report.decision_ids[link.newer], report.decision_ids[link.older]
        if link.kind == "supersedes":
            await services.evolution.supersede(newer, older, link.evidence, partial=link.partial, inferred=False)
        else:
            await services.evolution.amend(newer, older, link.evidence, inferred=False)
        if progress:
            progress(f"{link.newer} {link.kind} {link.older}{' (partial)' if link.partial else ''}")
    return report
