from __future__ import annotations

from api.usecases.json_shape import extracted_decision_json
from nlp.schema import Conversation, ExtractedDecision, Message

DESIGN_KEYS = {
    "id", "summary", "context", "rationale", "status", "decided_at", "recorded_at", "confidence", "origin",
    "pattern", "category", "tags", "keywords", "source", "alternatives", "stakeholders", "decision_maker",
    "files", "features", "supersedes", "superseded_by", "revisits", "revisited_by",
}


def test_extracted_decisions_use_the_design_shape() -> None:
    conversation = Conversation(session_id="s", source_format="t", messages=(Message(id="s#a", seq=0, content="x"),))
    data = extracted_decision_json(ExtractedDecision(summary="Use X", messages=(0,)), conversation)
    assert DESIGN_KEYS <= set(data)
    assert data["source"] == {"kind": "conversation", "session": "s", "series": None, "messages": [0], "path": None}
