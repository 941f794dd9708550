"""A team's verdicts on drafts: reading them, the conversation each becomes, and the simulated
review of a group's queue."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from spacy.language import Language

from nlp.detect import DecisionDetector, DetectorConfig
from nlp.detector_model import DetectorModel
from nlp.evaluation.corpus import LabelledMeeting, Target
from nlp.evaluation.operating_points import Points
from nlp.evaluation.review_curve import as_record, drafts_of
from nlp.evaluation.reviews import ReviewRecordError, read_reviews, review_conversations, review_record
from nlp.evaluation.train import featurize
from nlp.schema import Conversation, Message

CONFIRMED = {
    "verdict": "confirmed", "proposed": "we go with the rubber case", "summary": "We'll use the rubber case.",
    "message_texts": ["so the rubber case then", "we go with the rubber case", "yeah"], "anchor": 1,
    "session_id": "ES2002b", "source_format": "transcript", "source_kind": "spoken", "reviewer": "cli:x",
}
REJECTED = {
    "verdict": "rejected", "proposed": "I would say four", "summary": None, "message_texts": ["I would say four", "mm"],
    "anchor": 0, "session_id": "ES2002b", "source_format": "transcript", "source_kind": "spoken",
}


def test_records_are_read_from_json_lines_or_the_list_review_labels_prints(tmp_path: Path) -> None:
    lines = tmp_path / "reviews.jsonl"
    lines.write_text(json.dumps(CONFIRMED) + "\n\n" + json.dumps(REJECTED) + "\n")
    listed = tmp_path / "reviews.json"
    listed.write_text(json.dumps([CONFIRMED, REJECTED], indent=2))
    assert read_reviews(lines) == read_reviews(listed)
    first, second = read_reviews(lines)
    assert (first.verdict, first.sentence, first.anchor, first.kind) == ("confirmed", "We'll use the rubber case.", 1, "spoken")
    assert (second.sentence, second.kind) == ("I would say four", "spoken")
    assert review_record({**REJECTED, "source_kind": None, "source_format": "markdown"}).kind == "notes"


@pytest.mark.parametrize(("change", "message"), [
    ({"verdict": "maybe"}, "neither"),
    ({"anchor": 3}, "anchor"),
    ({"message_texts": []}, "anchor"),
    ({"message_texts": ["x", " ", "y"]}, "empty"),
])
def test_a_record_that_cannot_be_learned_from_is_refused_with_its_line(tmp_path: Path, change: dict[str, object], message: str) -> None:
    path = tmp_path / "reviews.jsonl"
    path.write_text(json.dumps(CONFIRMED) + "\n" + json.dumps({**CONFIRMED, **change}) + "\n")
    with pytest.raises(ReviewRecordError, match=message) as error:
        read_reviews(path)
    assert f"{path}:2" in str(error.value)


def test_a_verdict_is_read_as_its_unit_alone_in_the_format_of_its_kind() -> None:
    spoken, chat = review_conversations([review_record(CONFIRMED), review_record({**REJECTED, "source_kind": "chat"})])
    assert spoken.source_format == "qmsum"  # read as a spoken meeting whatever its length
    assert [m.content for m in spoken.messages] == CONFIRMED["message_texts"]
    assert chat.source_format == "transcript" and [m.content for m in chat.messages] == ["I would say four", "mm"]
    assert spoken.session_id != chat.session_id


TEXTS = ["The build was slow this morning.", "Lunch is at noon.", "We decided to ship the beta on Friday.", "The room is booked."]


def _meeting(name: str) -> LabelledMeeting:
    messages = tuple(Message(id=f"{name}#{i}", seq=i, author="ab"[i % 2], content=t) for i, t in enumerate(TEXTS))
    return LabelledMeeting("conversations", "g", False, Conversation(session_id=name, source_format="chat", messages=messages),
                           (Target(frozenset({2})),), frozenset({2}))


def test_a_draft_is_a_unit_between_the_draft_and_the_reliable_point_and_becomes_the_record_the_journal_keeps(nlp: Language) -> None:
    texts = ["Lunch is at noon.", *TEXTS[:2], "The printer is out of paper.", TEXTS[3], "Coffee is on the left.", TEXTS[2]]
    messages = tuple(Message(id=f"m#{i}", seq=i, author="ab"[i % 2], content=t) for i, t in enumerate(texts))
    meeting = LabelledMeeting("conversations", "g", False, Conversation(session_id="m", source_format="chat", messages=messages),
                              (Target(frozenset({6})),), frozenset({6}))
    detector = DecisionDetector(nlp, DetectorConfig(model=DetectorModel(np.zeros(1 << 18), {"chat": 0.0})))
    [item] = featurize(detector, [meeting])
    logits = np.array([1.0, -5.0, -5.0, -5.0, -5.0, -5.0, 3.0])  # message 6 is sure, message 0 only a draft
    drafts = drafts_of(item, logits, Points(reliable={"chat": 2.0}, draft={"chat": 0.5}))
    assert [(d.anchor, d.confirmed) for d in drafts] == [(0, False)]
    assert [(d.anchor, d.confirmed) for d in drafts_of(item, logits, Points(reliable={"chat": 4.0}, draft={"chat": 0.5}))] == [
        (0, False), (6, True),
    ]
    record = as_record(item, drafts[0])
    assert record.verdict == "rejected" and record.message_texts[record.anchor] == "Lunch is at noon."
    assert (record.session_id, record.source_format, record.source_kind, record.series) == ("m", "chat", "chat", "g")
    # Its confidence as detection gave it: log-odds 1.0 against the reliable point 2.0.
    assert record.confidence == pytest.approx(1 / (1 + (3 / 7) * np.exp(1.0)), abs=1e-3)
