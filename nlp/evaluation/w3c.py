"""W3C minutes with their RESOLUTION lines as labels.

Two files share one record format: the shared ``resolutions/meetings.jsonl`` (three working
groups, held out by ``source_repo``) and the minutes of more groups built from public
repositories into the evaluation data (``../eval-data/w3c``, built by
``nlp.evaluation.w3c_build``), held out by their ``group`` field: the Credentials Community
Group moved its archive and spans two repositories. Both are the one source ``w3c``, so
cross-validation holds out every group of either file in turn.

A resolution at message ``position`` is found by a detection in
``[position - WINDOW - vote_run, position + 1]``: the chair's proposal is said before the
run of votes, and "no objections, resolved" is sometimes scribed just after the marker.
The meeting's agenda topics are not given to the detector: the data's README makes the
messages its only input.

The groups ``../shared/RESERVED.md`` reserves for evaluation are dropped on load, whatever
the file holds (``RESERVED_REPOSITORIES``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from nlp.evaluation.corpus import LabelledMeeting, Target, is_final
from nlp.readers.common import message_id
from nlp.schema import Conversation, Message

WINDOW = 8
SOURCE = "w3c"
RESERVED_REPOSITORIES = frozenset({"w3c/publ-wg", "w3c/pm-wg", "w3c/epub-wg"})
"""W3C groups reserved for evaluation: never trained, tuned or chosen on."""
MEETINGS_FILE = "meetings.jsonl"

GroupOf = Callable[[dict[str, Any]], str]


def by_repository(record: dict[str, Any]) -> str:
    """The shared file's groups: one working group per repository."""
    return str(record["source_repo"])


def by_group(record: dict[str, Any]) -> str:
    """The built files' groups: the ``group`` field (a group may span repositories)."""
    return str(record["group"])


def load_w3c(shared_data: Path) -> list[LabelledMeeting]:
    """Every meeting of the shared ``resolutions/meetings.jsonl``; grouped by working group."""
    return read_w3c(shared_data / "resolutions" / MEETINGS_FILE, by_repository)


def load_w3c_groups(folder: Path, source: str = SOURCE) -> list[LabelledMeeting]:
    """Every meeting of ``folder/meetings.jsonl`` (``../eval-data/w3c``), grouped by its
    ``group`` field, as ``source``; none when the file is absent."""
    path = folder / MEETINGS_FILE
    return read_w3c(path, by_group, source) if path.is_file() else []


def read_w3c(path: Path, group_of: GroupOf, source: str = SOURCE) -> list[LabelledMeeting]:
    """The labelled meetings of one file in the resolutions record format, reserved groups dropped."""
    meetings: list[LabelledMeeting] = []
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            record = json.loads(line)
            if record.get("source_repo") in RESERVED_REPOSITORIES:
                continue
            meetings.append(_labelled(record, group_of(record), source))
    return meetings


def _labelled(record: dict[str, Any], group: str, source: str) -> LabelledMeeting:
    session = record["meeting_id"]
    messages = tuple(
        Message(id=message_id(session, seq), seq=seq, author=m["speaker"] or None, content=m["content"])
        for seq, m in enumerate(record["messages"])
    )
    last = len(messages) - 1
    targets = tuple(
        Target(
            frozenset(range(max(0, r["position"] - WINDOW - r["vote_run"]), min(last, r["position"] + 1) + 1)),
            routine=bool(r["routine"]),
        )
        for r in record["resolutions"]
    )
    return LabelledMeeting(
        source=source,
        group=group,
        final=is_final(session),
        conversation=Conversation(session_id=session, source_format="chat", messages=messages),
        targets=targets,
        positives=frozenset().union(*(t.messages for t in targets)) if targets else frozenset(),
    )
