"""Labelled conversations: our hand-labelled set and the shared meeting notes.

A gold decision is a *unit*: the set of messages that together state it (a proposal
and its acceptance, say). ``scored`` limits which messages count at all: meeting notes
are labelled only on their marked items, so other lines are neither right nor wrong.
"""

from __future__ import annotations

import csv
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from nlp.evaluation.corpus import LabelledMeeting, Target, folded, is_final
from nlp.evaluation.minutes import labelled_units, read_unit_labels
from nlp.readers import read_conversation
from nlp.schema import Conversation, Message

SPLITS = ("dev", "heldout")


@dataclass(frozen=True)
class GoldDecision:
    """One labelled decision and the fields extraction should find for it."""

    messages: frozenset[int]
    alternatives: tuple[str, ...] = ()
    stakeholders: tuple[str, ...] = ()
    files: tuple[str, ...] = ()
    rationale_terms: tuple[str, ...] = ()


@dataclass(frozen=True)
class LabelledConversation:
    """A conversation with its gold decisions and which messages are scored."""

    name: str
    split: str
    conversation: Conversation
    gold: tuple[GoldDecision, ...]
    scored: frozenset[int] | None = None
    extraction_labelled: bool = False


def load_conversations(path: Path) -> list[LabelledConversation]:
    """The hand-labelled conversations in ``eval/conversations.jsonl``."""
    labelled = []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        item = json.loads(line)
        messages = tuple(
            Message(id=f"{item['id']}#{seq}", seq=seq, author=m["author"], content=m["content"])
            for seq, m in enumerate(item["messages"])
        )
        gold = tuple(
            GoldDecision(
                messages=frozenset(d["messages"]),
                alternatives=tuple(d["alternatives"]),
                stakeholders=tuple(d["stakeholders"]),
                files=tuple(d["files"]),
                rationale_terms=tuple(d["rationale_terms"]),
            )
            for d in item["decisions"]
        )
        conversation = Conversation(session_id=item["id"], source_format=item["style"], messages=messages)
        labelled.append(LabelledConversation(item["id"], item["split"], conversation, gold, None, True))
    return labelled


def load_meeting_notes(shared_data: Path, annotations: Path, prose: Path | None = None) -> list[LabelledConversation]:
    """The shared meeting notes, scored on their marked items, and with ``prose`` labels on
    every message of the files outside the final split.

    Positives are the marked outcome/decision items listed in ``annotations``; negatives
    are the other marked outcome/decision items and every action item. ``prose`` lists the
    decisions (and the unsure messages) elsewhere in the development files: with it, every
    other message of those files is a negative too. The split is a hash of the file name,
    so it never depends on what the rules do.

    Raises:
        ValueError: A prose label on a line where no message starts.
    """
    positives = _annotated_positives(annotations)
    extra = read_unit_labels(prose) if prose is not None and prose.is_file() else None
    labelled = []
    for line in (shared_data / "meetings" / "labels.jsonl").read_text().splitlines():
        record = json.loads(line)
        items = [item for item in record["items"] if item["kind"] in {"decision", "outcome", "action_item"}]
        if not items:
            continue
        conversation = read_conversation(shared_data / record["file"], "markdown", record["file"])
        by_line = messages_by_line(conversation)
        gold: list[GoldDecision] = []
        scored: set[int] = set()
        for item in items:
            seqs = {by_line[n] for n in range(item["line_start"], item["line_end"] + 1) if n in by_line}
            if not seqs:
                continue
            scored |= seqs
            if (record["file"], item["line_start"]) in positives:
                gold.append(GoldDecision(messages=frozenset(seqs)))
        if extra is not None and prose is not None and not is_final(record["file"]):
            decisions, unsure = labelled_units(conversation, extra.get(record["file"], []), prose)
            gold += [GoldDecision(messages=unit) for unit in decisions]
            scored = {m.seq for m in conversation.messages if m.seq not in unsure}
        split = "dev" if hashlib.sha1(record["file"].encode()).digest()[0] % 2 == 0 else "heldout"
        labelled.append(LabelledConversation(record["file"], split, conversation, tuple(gold), frozenset(scored)))
    return labelled


def _annotated_positives(path: Path) -> set[tuple[str, int]]:
    rows = [line for line in path.read_text().splitlines() if line and not line.startswith("#")]
    reader = csv.DictReader(rows, delimiter="\t")
    return {(row["file"], int(row["line_start"])) for row in reader}


def messages_by_line(conversation: Conversation) -> dict[int, int]:
    """Source line → message seq, for every line a message spans."""
    starts = [(m.line, m.seq) for m in conversation.messages if m.line is not None]
    mapping: dict[int, int] = {}
    for index, (line, seq) in enumerate(starts):
        end = starts[index + 1][0] if index + 1 < len(starts) else line + 1
        for number in range(line, max(end, line + 1)):
            mapping[number] = seq
    return mapping


def as_labelled_meeting(item: LabelledConversation, source: str) -> LabelledMeeting:
    """A hand-labelled conversation or notes file in the shape every source shares.

    Meeting notes are held out by repository (``meetings/<owner>__<repo>/…``); our
    conversations, many and small, in folds of whole conversations.
    """
    targets = tuple(Target(unit.messages) for unit in item.gold)
    group = item.name.split("/")[1] if source == "notes" else folded(item.name)
    return LabelledMeeting(
        source=source,
        group=group,
        final=is_final(item.name),
        conversation=item.conversation,
        targets=targets,
        positives=frozenset().union(*(t.messages for t in targets)) if targets else frozenset(),
        scored=item.scored,
    )
