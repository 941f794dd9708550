"""How many messages per second the offline nlp path (read → detect → extract) handles.

Usage: python bench/nlp_throughput.py [--shared ../shared/data] [--meetings N] [--sessions ../eval-data/sessions]

Four inputs: the QMSum meeting transcripts of the shared data (long, spoken turns),
chat-length messages (the turns cut to their first 200 characters), W3C minutes (IRC
lines of the shared resolutions' meetings), and the development coding-assistant sessions of
the evaluation data (aider and SpecStory, English and Chinese; scored by the session model;
the final split's owners are not read). Prints one line per
input with messages, seconds, messages/s, the share the pre-filter let through (candidates), the
share that got the full spaCy parse, and the decisions found; then the candidate filter alone
(messages/s) and the rest of the path per message the filter passes (candidates/s).
A script, not a test: figures go to docs/performance.md with the command that made them.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from nlp.detect import DecisionDetector, DetectorConfig
from nlp.evaluation.corpus import is_final
from nlp.evaluation.sessions import SESSION_SUFFIXES, owner_of, read_session
from nlp.evaluation.w3c import load_w3c
from nlp.language import load_language
from nlp.pipeline import OfflinePipeline
from nlp.readers.qmsum import read_qmsum_meetings
from nlp.schema import TOOL_ROLE, Conversation, Message


def _chat_length(conversations: list[Conversation]) -> list[Conversation]:
    return [
        c.model_copy(update={"messages": tuple(
            Message(id=m.id, seq=m.seq, author=m.author, content=m.content[:200]) for m in c.messages
        )})
        for c in conversations
    ]


def _sessions(root: Path) -> list[Conversation]:
    """The development sessions under ``root`` (``<owner>__<repo>/<session>.md``), final owners left out."""
    found: list[Conversation] = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and "__" in p.name and not is_final(owner_of(p.name))):
        for path in sorted(folder.iterdir()):
            suffix = next((s for s in SESSION_SUFFIXES if path.name.endswith(s)), None)
            if suffix is not None:
                found.append(read_session(folder, path.name[: -len(suffix)]))
    return found


def _filter_seconds(conversations: list[Conversation], detector: DecisionDetector) -> tuple[float, int]:
    """The candidate filter alone (the cheap recall stage every message meets): seconds, and
    how many messages it lets through to the heavier path."""
    size = DetectorConfig().context_size
    passed = 0
    started = time.perf_counter()
    for conversation in conversations:
        messages = conversation.messages
        # As the detector does: a tool message (a call, its output) is never a candidate.
        passed += sum(
            1 for m in messages if m.role != TOOL_ROLE and detector.prefilter(m, messages[max(0, m.seq - size) : m.seq])
        )
    return time.perf_counter() - started, passed


def _run(name: str, conversations: list[Conversation], pipeline: OfflinePipeline, detector: DecisionDetector) -> None:
    total = sum(len(c.messages) for c in conversations)
    filtering, passed = _filter_seconds(conversations, detector)
    candidates = parsed = decisions = 0
    started = time.perf_counter()
    for conversation in conversations:
        cache = pipeline.parse(conversation)  # what pipeline.run does, with the cache kept to count
        detections = pipeline.detect(conversation, cache)
        decisions += len(pipeline.extract(conversation, detections, cache))
        candidates += sum(1 for d in detections if d.signals)
        parsed += sum(1 for m in conversation.messages if cache.is_parsed(m.seq))
    seconds = time.perf_counter() - started
    print(
        f"{name:<22} {total:>7} messages {seconds:>7.2f} s {total / seconds:>8.0f} messages/s "
        f"candidates {candidates / total:>5.1%}  fully parsed {parsed / total:>5.1%}  decisions {decisions}"
    )
    heavier = max(seconds - filtering, 1e-9)
    print(
        f"{'':<22} candidate filter alone {total / filtering:>8.0f} messages/s; the {passed} messages it passes "
        f"through the rest of the path {passed / heavier:>6.0f} candidates/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=Path("../shared/data"))
    parser.add_argument("--meetings", type=int, default=40, help="how many QMSum meetings to read")
    parser.add_argument("--w3c", type=int, default=60, help="how many W3C meetings to read")
    parser.add_argument("--sessions", type=Path, default=Path("../eval-data/sessions"),
                        help="the evaluation data's coding-assistant sessions (development owners only)")
    args = parser.parse_args()
    language = load_language()
    pipeline = OfflinePipeline(language)
    detector = DecisionDetector(language.nlp, light=language.light)
    meetings = read_qmsum_meetings(args.shared / "qmsum" / "meetings.jsonl", args.meetings)
    pipeline.run(meetings[0])  # warm up the pipelines once, outside the timing
    _run("qmsum turns", meetings, pipeline, detector)
    _run("chat-length (<=200 ch)", _chat_length(meetings), pipeline, detector)
    if (args.shared / "resolutions" / "meetings.jsonl").is_file():
        minutes = [meeting.conversation for meeting in load_w3c(args.shared)[: args.w3c]]
        _run("w3c minutes", minutes, pipeline, detector)
    if args.sessions.is_dir():
        _run("coding sessions", _sessions(args.sessions), pipeline, detector)


if __name__ == "__main__":
    main()
