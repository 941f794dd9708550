"""Import ADR collections: one decision per file, and the supersede/amend links the ADRs
state (on either side, in the status or the text) as SUPERSEDES and AMENDS edges."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from api.usecases.ingest import IngestServices, ingest_conversation
from nlp.readers.adr_collection import adr_files, read_adr_collection
from nlp.readers.adr_links import AdrLink, adr_number


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
    conversation, decisions, links = read_adr_collection(files, collection)
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
