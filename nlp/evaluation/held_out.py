"""Held-out sets: scored once by the shipped model, never trained, tuned or chosen on.

``eval detect --unseen`` scores them, each apart from the development sources:

- ``notes-unseen``: 14 OpenJS Foundation Cross Project Council minutes (MIT), labelled blind
  by a reader who saw neither the detector nor its code. The labels are ours
  (``eval/notes_unseen_fresh/labels.tsv``: ``file``, ``line``, ``label``, ``sha1`` of the
  line, ``note``); the text stays out of the repository, in
  ``../eval-data/notes_unseen/<collection>/*.md`` (the README beside the labels says where
  it comes from). A labelled line counts in the message that spans it, as the markdown
  reader cuts the file; every message but those of ``unsure`` lines is scored.
- ``w3c-unseen``: minutes of two W3C groups of another community (``../eval-data/w3c_unseen``,
  built with the development groups by ``nlp.evaluation.w3c_build``), scored as W3C minutes.

Once scored, a set is development data: a fresh one takes its place. Both sets were scored
once on 2026-11-26 (``docs/quality.md``, "Held-out sets, scored once"): they are seen now.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from nlp.evaluation.corpus import LabelledMeeting, Target
from nlp.evaluation.datasets import messages_by_line
from nlp.evaluation.w3c import load_w3c_groups
from nlp.readers import read_conversation

NOTES_UNSEEN = "notes-unseen"
W3C_UNSEEN = "w3c-unseen"
HELD_OUT_SOURCES = (NOTES_UNSEEN, W3C_UNSEEN)
NOTES_LABELS = Path("notes_unseen_fresh") / "labels.tsv"
"""Under the repository's ``eval/``."""
NOTES_TEXT = "notes_unseen"
W3C_TEXT = "w3c_unseen"
"""Folders of the evaluation data (``../eval-data``)."""
COLUMNS = ("file", "line", "label", "sha1", "note")
LICENCE_FILES = frozenset({"LICENSE", "LICENCE"})
"""The licence copied beside the minutes is not a meeting."""


def load_held_out(eval_dir: Path, extra: Path | None) -> list[LabelledMeeting]:
    """Every held-out set whose labels and text are present."""
    if extra is None:
        return []
    return [
        *load_notes_unseen(eval_dir / NOTES_LABELS, extra / NOTES_TEXT),
        *load_w3c_groups(extra / W3C_TEXT, W3C_UNSEEN),
    ]


def load_notes_unseen(labels: Path, text_root: Path, source: str = NOTES_UNSEEN) -> list[LabelledMeeting]:
    """The labelled minutes of every collection under ``text_root`` (``<collection>/*.md``);
    none when the labels or the text are absent. A label's ``file`` is matched by its name
    (the copies flatten the repository's year folders).

    Raises:
        ValueError: A malformed labels file, a label for a file that is not there, a line
            before the first message, or a line whose sha1 differs from the labelled one.
    """
    if not labels.is_file() or not text_root.is_dir():
        return []
    rows = _read(labels)
    meetings: list[LabelledMeeting] = []
    for collection in sorted(p for p in text_root.iterdir() if p.is_dir()):
        for path in sorted(collection.glob("*.md")):
            if path.stem.upper() in LICENCE_FILES:
                continue
            meetings.append(_labelled(collection.name, path, rows.pop(path.name, []), labels, source))
    if rows:
        raise ValueError(f"{labels}: labels for files not under {text_root}: {', '.join(sorted(rows))}")
    return meetings


def _read(labels: Path) -> dict[str, list[tuple[int, str, str]]]:
    lines = [line for line in labels.read_text(encoding="utf-8").splitlines() if line.strip()]
    if not lines or tuple(lines[0].split("\t")) != COLUMNS:
        raise ValueError(f"{labels}: the header must be {' '.join(COLUMNS)}")
    rows: dict[str, list[tuple[int, str, str]]] = {}
    for number, line in enumerate(lines[1:], start=2):
        cells = line.split("\t")
        if len(cells) != len(COLUMNS) or cells[2] not in {"decision", "unsure"}:
            raise ValueError(f"{labels}:{number}: expected {len(COLUMNS)} columns and a label 'decision' or 'unsure'")
        rows.setdefault(Path(cells[0]).name, []).append((int(cells[1]), cells[2], cells[3]))
    return rows


def _labelled(collection: str, path: Path, rows: list[tuple[int, str, str]], labels: Path, source: str) -> LabelledMeeting:
    conversation = read_conversation(path, "markdown", f"{collection}/{path.name}")
    text = path.read_text(encoding="utf-8").split("\n")
    by_line = messages_by_line(conversation)
    decisions: list[int] = []
    unsure: set[int] = set()
    for line, label, sha1 in rows:
        if not 1 <= line <= len(text) or hashlib.sha1(text[line - 1].encode("utf-8")).hexdigest()[:12] != sha1:
            raise ValueError(f"{labels}: line {line} of {path.name} is not the line that was labelled (sha1 differs)")
        if line not in by_line:
            raise ValueError(f"{labels}: no message of {path.name} spans line {line}")
        if label == "decision":
            decisions.append(by_line[line])
        else:
            unsure.add(by_line[line])
    # One target per labelled decision, even when two share a message.
    targets = tuple(Target(frozenset({seq})) for seq in decisions)
    positives = frozenset(decisions)
    return LabelledMeeting(
        source=source, group=collection, final=False, conversation=conversation, targets=targets, positives=positives,
        scored=frozenset(m.seq for m in conversation.messages if m.seq not in unsure - positives),
    )
