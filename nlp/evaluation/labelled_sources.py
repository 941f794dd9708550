"""The labelled development sources, read for detection's cross-validation and training.

Training data come from ``LOADERS``: one function per source, so another source is one
loader away.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from nlp.evaluation.ami import load_ami
from nlp.evaluation.chat import load_chat
from nlp.evaluation.corpus import LabelledMeeting
from nlp.evaluation.datasets import as_labelled_meeting, load_conversations, load_meeting_notes
from nlp.evaluation.minutes import load_minutes
from nlp.evaluation.qmsum_spans import load_qmsum
from nlp.evaluation.sessions import load_sessions
from nlp.evaluation.w3c import load_w3c, load_w3c_groups


@dataclass(frozen=True)
class Places:
    """Where the labelled data is.

    Attributes:
        eval_dir: The repository's ``eval/``: labels written here, and data the project may hold.
        shared: The shared development data (``../shared/data``), if present.
        extra: Data derived from public sources fetched for evaluation (AMI, more W3C
            groups, real chat), kept out of the repository (``../eval-data``), if present.
    """

    eval_dir: Path
    shared: Path | None = None
    extra: Path | None = None


Loader = Callable[[Places], list[LabelledMeeting]]
NOTES_LABELS = "notes_openvdb_decisions.tsv"
NOTES_PROSE_LABELS = "meeting_note_prose.tsv"
W3C_GROUPS = "w3c"
"""``../eval-data/w3c/meetings.jsonl``: more W3C groups' minutes (``eval/w3c/README.md``)."""
CHAT = "chat"
"""``eval/chat/<source>/labels.tsv`` (ours) over ``../eval-data/chat/<source>/conversations.jsonl``."""
SESSIONS = "sessions"
"""``eval/sessions/labels.tsv`` (ours) over ``../eval-data/sessions/<owner>__<repo>/`` (the files as fetched)."""
SESSIONS_READ = "read.txt"
"""``eval/sessions/read.txt``: every session the readers went through, those without decisions too."""

def _conversations(places: Places) -> list[LabelledMeeting]:
    return [as_labelled_meeting(item, "conversations") for item in load_conversations(places.eval_dir / "conversations.jsonl")]


def _openvdb_minutes(places: Places) -> list[LabelledMeeting]:
    return load_minutes(places.eval_dir / "notes", places.eval_dir / NOTES_LABELS, "notes")


def _w3c(places: Places) -> list[LabelledMeeting]:
    shared = places.shared
    return load_w3c(shared) if shared is not None and (shared / "resolutions" / "meetings.jsonl").is_file() else []


def _w3c_groups(places: Places) -> list[LabelledMeeting]:
    # More W3C groups' minutes (``../eval-data/w3c``), held out by their ``group`` field
    # beside the shared three: one source, cross-validated over every group.
    return load_w3c_groups(places.extra / W3C_GROUPS) if places.extra is not None else []


def _chat(places: Places) -> list[LabelledMeeting]:
    return load_chat(places.eval_dir / CHAT, places.extra / CHAT) if places.extra is not None else []


def _sessions(places: Places) -> list[LabelledMeeting]:
    folder = places.eval_dir / SESSIONS
    return load_sessions(folder, places.extra / SESSIONS, folder / SESSIONS_READ) if places.extra is not None else []


def _qmsum(places: Places) -> list[LabelledMeeting]:
    shared = places.shared
    return load_qmsum(shared) if shared is not None and (shared / "qmsum" / "meetings.jsonl").is_file() else []


def _shared_notes(places: Places) -> list[LabelledMeeting]:
    shared = places.shared
    if shared is None or not (shared / "meetings" / "labels.jsonl").is_file():
        return []
    notes = load_meeting_notes(shared, places.eval_dir / "meeting_note_decisions.tsv", places.eval_dir / NOTES_PROSE_LABELS)
    return [as_labelled_meeting(item, "notes") for item in notes]


def _ami(places: Places) -> list[LabelledMeeting]:
    folder = places.extra / "ami" if places.extra is not None else None
    return load_ami(folder) if folder is not None and (folder / "meetings.jsonl").is_file() else []


LOADERS: tuple[Loader, ...] = (_conversations, _openvdb_minutes, _w3c, _w3c_groups, _qmsum, _shared_notes, _ami, _chat, _sessions)
"""Every labelled source, each a function of where the data is (``Places``) that returns its
meetings, reserved ones already dropped, or none when its data is absent."""


def load_labelled(places: Places, loaders: Sequence[Loader] = LOADERS) -> list[LabelledMeeting]:
    """Every labelled meeting of every source. A meeting two sources label (an AMI meeting
    QMSum also asks about) is kept once, under the better labels (AMI's), so that no fold
    trains on a meeting another fold scores."""
    meetings = [meeting for loader in loaders for meeting in loader(places)]
    ami = {m.conversation.session_id for m in meetings if m.source == "ami"}
    return [m for m in meetings if not (m.source == "qmsum" and m.conversation.session_id in ami)]


def load_ami_labelled(places: Places) -> list[LabelledMeeting]:
    """The AMI meetings alone (what the spoken model learns from), reserved ones dropped."""
    return load_labelled(places, (_ami,))
