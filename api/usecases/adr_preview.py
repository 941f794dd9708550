"""``import-adr --dry-run``: what an import of ADR folders would store, read and parsed as
the import reads them, with nothing written (no database is opened)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from api.usecases.adr_import import StatedLink, resolve_links, source_path
from nlp.errors import InputFormatError
from nlp.readers.adr import has_adr_parts
from nlp.readers.adr_collection import adr_files, read_adr_collection
from nlp.readers.common import decode_text
from nlp.repository import Repository
from nlp.schema import Conversation, ExtractedDecision


@dataclass(frozen=True)
class AdrPreview:
    """What the ADR files hold: the decisions the readable ones state (in ``conversation``),
    the links between them, references that name no ADR of the collection, and the files
    that could not be read (each with its error), which would stop the import itself."""

    collection: str
    files: int
    conversation: Conversation
    decisions: tuple[ExtractedDecision, ...]
    links: tuple[StatedLink, ...]
    unresolved: tuple[str, ...]
    unreadable: tuple[str, ...]
    partless: tuple[str, ...] = ()
    """Markdown files with none of an ADR's parts (``has_adr_parts``), as the import would
    name them: guides, most likely, that it would store as decisions all the same."""

    @property
    def alternatives(self) -> int:
        """Options the decisions weighed and did not choose."""
        return sum(len(decision.alternatives) for decision in self.decisions)

    @property
    def paths(self) -> int:
        """Paths the decisions state they govern (file links before any inferred ones)."""
        return sum(len(decision.related_code) for decision in self.decisions)

    def count(self, kind: str) -> int:
        """Links of ``kind`` (``supersedes`` or ``amends``) between ADRs of the collection."""
        return sum(1 for link in self.links if link.kind == kind)


def preview_adrs(dirs: Sequence[Path], collection: str, repository: Repository | None = None) -> AdrPreview:
    """Read ``dirs`` as ``import_adrs`` would, file by file so that every unreadable file is
    named (the import stops at the first), and store nothing.

    Raises:
        InputFormatError: A folder does not exist or holds no ADR files (as the import does).
    """
    files = adr_files(dirs)
    readable: list[Path] = []
    unreadable: list[str] = []
    for file in files:
        try:
            read_adr_collection([file], collection)
        except InputFormatError as exc:
            unreadable.append(str(exc))
        else:
            readable.append(file)
    partless = [file for file in readable if file.suffix in {".md", ".markdown"}
                and not has_adr_parts(decode_text(file.read_bytes(), str(file)))]
    conversation, decisions, links = read_adr_collection(readable, collection)
    stated, unresolved = resolve_links(links)
    return AdrPreview(
        collection, len(files), conversation,
        tuple(d.model_copy(update={"source_path": source_path(d.source_path, dirs, repository)}) if d.source_path else d
              for d in decisions),
        tuple(stated), tuple(unresolved), tuple(unreadable),
        tuple(source_path(str(file), dirs, repository) for file in partless),
    )
