"""An ADR collection read as one session: every ADR file (and seed-004 decision document)
under some folders, with the links each one states."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from nlp.errors import InputFormatError
from nlp.readers.adr import read_adr
from nlp.readers.adr_links import AdrLink, extract_links
from nlp.readers.adr_rst import markdown_of_rst
from nlp.readers.common import decode_text
from nlp.readers.decision_doc import is_decision_document, read_decision_document
from nlp.schema import Conversation, ExtractedDecision, Message

_NOT_ADRS = ("readme", "index", "template", "adr-template", "_sidebar", "summary")


def adr_files(dirs: Sequence[Path]) -> list[Path]:
    """The ADR files under ``dirs``, markdown or reStructuredText (index pages and templates
    left out, and in a folder that numbers its records the unnumbered files beside them), and
    the numbered files without an extension an ADR folder may hold beside them
    (``0016-handle-concurrent-git-operations``, written by hand or by a tool that adds none).

    Raises:
        InputFormatError: A directory does not exist or holds no ADRs.
    """
    files: list[Path] = []
    for folder in dirs:
        if not folder.is_dir():
            raise InputFormatError(str(folder), "is not a directory of ADRs")
        found = [p for p in sorted(folder.rglob("*"))
                 if (p.suffix in _SUFFIXES or _numbered_without_extension(p)) and p.is_file()
                 and not p.stem.lower().startswith(_NOT_ADRS) and not _unnumbered(p.stem).startswith(_TEMPLATES)]
        if not found:
            raise InputFormatError(str(folder), "holds no ADR files (.md, .rst)")
        files += _records(found)
    return files


_RECORD_NUMBER = re.compile(r"^(?:adr[-_ ]?)?\d+(?:[-_. ]|$)", re.IGNORECASE)
NUMBERED_FOLDER = 3
"""A folder with at least this many numbered records, most of its files, numbers them all."""


def _records(found: Sequence[Path]) -> list[Path]:
    """The records among a folder's files: where most are numbered (``0007-use-redis.md``,
    ``ADR-12.md``), an unnumbered one is the folder's overview, log, guide or template
    (``ARCHITECTURE.md``, ``intro.md``, ``ADR.md``, ``_template.md``), not a decision."""
    numbered = [p for p in found if _RECORD_NUMBER.match(p.stem)]
    return numbered if len(numbered) >= NUMBERED_FOLDER and 2 * len(numbered) > len(found) else list(found)


_SUFFIXES = (".md", ".rst")
_TEMPLATES = ("template", "adr-template")
_NUMBERED = re.compile(r"^(?:adr[-_]?)?\d+[-_][\w-]+$", re.IGNORECASE)


def _numbered_without_extension(path: Path) -> bool:
    """An ADR saved without ``.md``: a name with no extension that is numbered like the
    others (``0016-handle-concurrent-git-operations``), not a script or a ``Makefile``."""
    return not path.suffix and _NUMBERED.match(path.name) is not None


def _unnumbered(stem: str) -> str:
    """A file name without its ADR number: ``0000-template`` and ``adr000-template`` are templates too
    (but ``0066-index-group-merges`` is an ADR about indexes)."""
    return re.sub(r"^(?:adr[-_]?)?\d+[-_]", "", stem.lower())


def read_adr_collection(
    files: Sequence[Path], collection: str, names: Mapping[Path, str] | None = None,
) -> tuple[Conversation, list[ExtractedDecision], dict[str, list[AdrLink]]]:
    """The collection as one session, its decisions, and each ADR's stated links by ADR id
    (in the order of ``decisions``; a seed-004 document contributes one entry per decision).

    An ADR's id is its file's stem (with its folder's name when another file of the
    collection has that stem), or the name ``names`` gives it: the one it was first
    imported under, which its message and decision ids follow.

    Raises:
        InputFormatError: A file cannot be read or is not an ADR; nothing is returned then.
    """
    messages: list[Message] = []
    decisions: list[ExtractedDecision] = []
    links: dict[str, list[AdrLink]] = {}
    seen: set[str] = set((names or {}).values())  # a name given is taken, whichever file comes first
    for path in files:
        adr_id = (names or {}).get(path) or (path.stem if path.stem not in seen else f"{path.parent.name}/{path.stem}")
        seen.add(adr_id)
        text = decode_text(path.read_bytes(), str(path))
        if path.suffix == ".rst":
            text = markdown_of_rst(text)
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
