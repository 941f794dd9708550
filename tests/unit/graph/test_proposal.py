"""A draft keeps its whole extraction as ``proposal``; confirming it reads it back."""

from __future__ import annotations

import json

from graph.writer import StatedPath, proposal_json, read_proposal
from nlp.schema import ExtractedAlternative, ExtractedDecision


def test_a_proposal_reads_back_as_written() -> None:
    decision = ExtractedDecision(summary="Use PostgreSQL", subject="Database", messages=(1, 2),
                                 alternatives=(ExtractedAlternative(option="MySQL"),))
    paths = (StatedPath("db/schema.sql", "stated"),)
    assert read_proposal(proposal_json(decision, paths)) == (decision, paths)


def test_a_proposal_stored_before_the_text_was_named_summary_still_reads() -> None:
    stored = json.loads(proposal_json(ExtractedDecision(summary="Use PostgreSQL", messages=(1,)), None))
    stored["extraction"]["decision"] = stored["extraction"].pop("summary")
    decision, paths = read_proposal(json.dumps(stored))
    assert decision.summary == "Use PostgreSQL" and decision.messages == (1,) and paths is None
