"""Readers' session labels (one TSV per batch) turned into ``eval/sessions/labels.tsv``.

A reader writes, per batch, ``session_id, anchor, unit, decision, rejected options, sure|unsure``
rows and a ``# <session_id> none`` line for a session read without decisions. This joins the
batches, finds each session's repository folder under the text, adds the sha1 of each anchor's
text (``nlp.evaluation.chat.text_sha1``) so the loader can check it reads what was labelled,
and lists every session read (``read.txt``), those without decisions included.

Usage: python -m nlp.evaluation.session_labels [--append] TEXT_ROOT EVAL_SESSIONS BATCH.tsv...
(``--append``: add the batches' rows after those of ``labels.tsv``, leaving them as they are.)
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from nlp.evaluation.chat import text_sha1
from nlp.evaluation.sessions import COLUMNS, SESSION_SUFFIXES, read_session
from nlp.schema import TOOL_ROLE, Message

READING_COLUMNS = 6


@dataclass(frozen=True)
class Joined:
    """``labels.tsv`` rows (without header) and the sessions read, as ``group/name``."""

    rows: list[str]
    read: list[str]
    skipped: list[str] = field(default_factory=list)
    """Rows anchored on a message the readers now keep as evidence (``strict=False``)."""


def join_readings(batches: list[Path], text_root: Path, strict: bool = True) -> Joined:
    """Every batch's rows, checked against the sessions' text.

    Raises:
        ValueError: A row of another width, an unknown session, an anchor outside its unit or
            past the session's end, an anchor on a tool message (unless ``strict`` is off: then
            the row is left out and listed in ``skipped``), or a label that is neither ``sure``
            nor ``unsure``.
    """
    folders = {path.stem: path.parent.name for suffix in SESSION_SUFFIXES for path in text_root.glob(f"*/*{suffix}")}
    rows: list[str] = []
    read: set[str] = set()
    skipped: list[str] = []
    for batch in batches:
        for number, line in enumerate(batch.read_text(encoding="utf-8").splitlines(), start=1):
            where = f"{batch}:{number}"
            if line.startswith("#"):
                words = line[1:].split()
                if len(words) == 2 and words[1] == "none":
                    read.add(_key(folders, words[0], where))
                continue
            if not line.strip():
                continue
            # Readers copy positions as the packets show them ("[12]"); the brackets are not the number.
            cells = [cell.strip() for cell in line.split("\t")]
            cells[1:3] = [cell.replace("[", "").replace("]", "") for cell in cells[1:3]]
            if len(cells) != READING_COLUMNS:
                raise ValueError(f"{where}: {len(cells)} columns, not {READING_COLUMNS}")
            session, anchor, unit, decision, rejected, sure = cells
            key = _key(folders, session, where)
            read.add(key)
            if _messages(text_root, key)[int(anchor)].role == TOOL_ROLE and not strict:
                # The readers saw the assistant's reasoning ("Thought Process") as its words;
                # the reader of the format now keeps it as evidence, which nothing anchors on.
                skipped.append(f"{where}: {key} [{anchor}] {decision}")
                continue
            rows.append(_row(key, text_root, int(anchor), unit, decision, rejected, sure, where))
    return Joined(rows, sorted(read), skipped)


def _key(folders: dict[str, str], session: str, where: str) -> str:
    if session not in folders:
        raise ValueError(f"{where}: no session {session!r} under the text root")
    return f"{folders[session]}/{session}"


def _row(key: str, text_root: Path, anchor: int, unit: str, decision: str, rejected: str, sure: str, where: str) -> str:
    if sure not in {"sure", "unsure"}:
        raise ValueError(f"{where}: {sure!r} is neither 'sure' nor 'unsure'")
    positions = sorted({int(n) for n in unit.split(",") if n.strip()} | {anchor})
    messages = _messages(text_root, key)
    if positions[-1] >= len(messages):
        raise ValueError(f"{where}: {key} has no message {positions[-1]}")
    # A tool message is no one's words; a reader who listed one as evidence is not wrong, but it is not part of a unit.
    positions = [p for p in positions if messages[p].role != TOOL_ROLE or p == anchor]
    if messages[anchor].role == TOOL_ROLE:
        raise ValueError(f"{where}: anchor {anchor} of {key} is a tool message")
    options = "; ".join(o.strip() for o in rejected.split(",") if o.strip())
    label = "decision" if sure == "sure" else "unsure"
    cells = (key, str(anchor), ",".join(map(str, positions)), label, text_sha1(messages[anchor].content), options, decision)
    return "\t".join(cells)


@cache
def _messages(text_root: Path, key: str) -> tuple[Message, ...]:
    group, name = key.split("/")
    return read_session(text_root / group, name).messages


def main(argv: list[str]) -> None:
    append = "--append" in argv
    text_root, out, *batches = (Path(arg) for arg in argv if arg != "--append")
    joined = join_readings(batches, text_root, strict=False)
    for row in joined.skipped:
        print(f"left out, anchored on a message that is not talk: {row}")
    if append:
        # A later batch's rows go after those already joined, which stay byte for byte.
        labels, read = appended(out, joined)
    else:
        labels, read = joined.rows, joined.read
    (out / "labels.tsv").write_text("\t".join(COLUMNS) + "\n" + "".join(row + "\n" for row in labels), encoding="utf-8")
    (out / "read.txt").write_text("".join(key + "\n" for key in read), encoding="utf-8")
    print(f"{len(joined.rows)} units over {len(joined.read)} sessions read" + (" added" if append else ""))


def appended(out: Path, joined: Joined) -> tuple[list[str], list[str]]:
    """The rows and sessions read of ``out``'s ``labels.tsv`` and ``read.txt`` with ``joined``'s
    after them (``--append``: batches joined before, whose files need not be at hand).

    Raises:
        ValueError: A session of ``joined`` was read before.
    """
    rows = (out / "labels.tsv").read_text(encoding="utf-8").splitlines()[1:]
    read = (out / "read.txt").read_text(encoding="utf-8").splitlines()
    again = sorted(set(read) & set(joined.read))
    if again:
        raise ValueError(f"already read: {', '.join(again)}")
    return [*rows, *joined.rows], sorted([*read, *joined.read])


if __name__ == "__main__":
    main(sys.argv[1:])
