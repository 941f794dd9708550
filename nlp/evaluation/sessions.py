"""Real AI coding-assistant sessions labelled by reading (``eval/sessions``, issue 46 part 5).

The labels are ours (``eval/sessions/labels.tsv``, written by readers who did not see the
detector); the sessions are public files fetched for evaluation and stay out of the
repository, in ``../eval-data/sessions/<owner>__<repo>/<session>.<ext>`` in their original
format (aider chat history, SpecStory markdown, Claude Code or Codex JSONL), so they are read
by the project's own readers exactly as ``ingest`` reads them. ``eval/sessions/README.md``
says where each comes from and under which licence.

A label row is one decision unit, as for real chat (``nlp.evaluation.chat``): its ``anchor``
(the message that states it most clearly), its ``messages``, ``decision`` or ``unsure``, the
first 12 hex digits of the sha1 of the anchor's text (so the loader checks that the readers
still number the messages as the reader saw them), the rejected options the session names
(``; ``-separated, may be empty) and the reader's note.

Each repository's owner is one cross-validation group: sessions of one project share its
people, its code and its habits, and one owner's repositories share the person (two of the
corpus's repositories are one developer's front and back end), so they are held out together. Tool calls and tool output are never scored: the detector never
proposes them, and they are no one's words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from nlp.evaluation.chat import text_sha1
from nlp.evaluation.corpus import LabelledMeeting, Target, is_final
from nlp.readers import read_conversation
from nlp.schema import TOOL_ROLE, Conversation

SOURCE = "sessions"
LABELS_FILE = "labels.tsv"
COLUMNS = ("session", "anchor", "messages", "label", "sha1", "rejected", "note")
SESSION_SUFFIXES = (".md", ".jsonl")


@dataclass(frozen=True)
class SessionLabel:
    """One labelled unit of a session (``<group>/<session>``)."""

    group: str
    session: str
    anchor: int
    messages: frozenset[int]
    label: str
    sha1: str
    rejected: tuple[str, ...]
    note: str


def read_session_labels(path: Path) -> list[SessionLabel]:
    """The rows of ``labels.tsv``; ``session`` is ``<owner>__<repo>/<file name without suffix>``.

    Raises:
        ValueError: A header other than ``COLUMNS``, a row of another width, a session not of
            the form ``group/name``, a label that is neither ``decision`` nor ``unsure``, or
            an anchor outside its unit.
    """
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if not lines or tuple(lines[0].split("\t")) != COLUMNS:
        raise ValueError(f"{path}: the header must be {' '.join(COLUMNS)}")
    rows: list[SessionLabel] = []
    for number, line in enumerate(lines[1:], start=2):
        cells = line.split("\t")
        if len(cells) != len(COLUMNS):
            raise ValueError(f"{path}:{number}: {len(cells)} columns, not {len(COLUMNS)}")
        session, anchor, messages, label, sha1, rejected, note = cells
        group, slash, name = session.partition("/")
        if not slash or not group or not name or "/" in name:
            raise ValueError(f"{path}:{number}: session {session!r} is not <owner>__<repo>/<name>")
        if label not in {"decision", "unsure"}:
            raise ValueError(f"{path}:{number}: label {label!r} is neither 'decision' nor 'unsure'")
        unit = frozenset(int(n) for n in messages.split(","))
        if int(anchor) not in unit:
            raise ValueError(f"{path}:{number}: the anchor {anchor} is not one of the unit's messages")
        options = tuple(option.strip() for option in rejected.split(";") if option.strip())
        rows.append(SessionLabel(group, name, int(anchor), unit, label, sha1, options, note))
    return rows


def load_sessions(labels_root: Path, text_root: Path, listed: Path | None = None) -> list[LabelledMeeting]:
    """Every labelled session whose file is under ``text_root``, plus every session listed as
    read (``listed``: one ``<group>/<name>`` per line, the sessions the readers went through,
    those without decisions included); without its text (no ``../eval-data``), nothing.

    Raises:
        ValueError: A label or listed session whose file is not there, or whose anchor's
            sha1 does not match the text the readers produce now.
    """
    labels_file = labels_root / LABELS_FILE
    if not labels_file.is_file() or not text_root.is_dir():
        return []
    by_session: dict[tuple[str, str], list[SessionLabel]] = {}
    for row in read_session_labels(labels_file):
        by_session.setdefault((row.group, row.session), []).append(row)
    read = set(by_session)
    if listed is not None and listed.is_file():
        for line in listed.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                group, _, name = line.strip().partition("/")
                read.add((group, name))
    return [_labelled(group, read_session(text_root / group, name), by_session.get((group, name), []))
            for group, name in sorted(read) if not is_reserved_owner(owner_of(group))]


def owner_of(folder: str) -> str:
    """The owner of the repository a session folder holds (``<owner>__<repo>``)."""
    return folder.split("__", 1)[0]


_RESERVED_OWNER = re.compile(r"^[0-9ab]", re.IGNORECASE)


def is_reserved_owner(owner: str) -> bool:
    """Whether an AI-session repository's owner is reserved for evaluation: every owner whose
    name begins with a digit, an ``a`` or a ``b``, in any case (``shared/RESERVED.md``).
    Their sessions are never read, trained, tuned or chosen on; loaders drop them."""
    return _RESERVED_OWNER.match(owner) is not None


def read_session(folder: Path, name: str) -> Conversation:
    """The session ``name`` of a repository's folder, read as ``ingest`` reads it, as
    ``<folder name>/<name>``.

    Raises:
        ValueError: No such session file.
    """
    for suffix in SESSION_SUFFIXES:
        path = folder / f"{name}{suffix}"
        if path.is_file():
            return read_conversation(path, "auto", f"{folder.name}/{name}")
    raise ValueError(f"{folder}: no session file {name}{' or '.join(SESSION_SUFFIXES)}")


def _labelled(group: str, conversation: Conversation, rows: list[SessionLabel]) -> LabelledMeeting:
    messages = conversation.messages
    for row in rows:
        if max(row.messages) >= len(messages):
            raise ValueError(f"{conversation.session_id} has no message {max(row.messages)}")
        if text_sha1(messages[row.anchor].content) != row.sha1:
            raise ValueError(f"{conversation.session_id} message {row.anchor} is not the text that was labelled (sha1 differs)")
    # One message that settles several things ("transparent background, auto-save, undo") is
    # one place where decisions are stated: a detection there finds it once, so the rows that
    # share an anchor are one target.
    units: dict[int, frozenset[int]] = {}
    for row in rows:
        if row.label == "decision":
            units[row.anchor] = units.get(row.anchor, frozenset()) | row.messages
    targets = tuple(Target(messages) for _, messages in sorted(units.items()))
    positives = frozenset().union(*(t.messages for t in targets)) if targets else frozenset()
    unsure = frozenset[int]().union(*(row.messages for row in rows if row.label == "unsure")) - positives
    return LabelledMeeting(
        source=SOURCE,
        group=owner_of(group),
        final=is_final(owner_of(group)),  # whole owners are held out, never part of one
        conversation=conversation,
        targets=targets,
        positives=positives,
        scored=frozenset(m.seq for m in messages if m.seq not in unsure and m.role != TOOL_ROLE),
    )
