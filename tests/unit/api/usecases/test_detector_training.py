"""The journal's own review labels become the records ``review learn`` and ``eval train-detector --from-journal`` read."""

from __future__ import annotations

import dataclasses

import pytest

from api.usecases import detector_training
from api.usecases.detector_training import journal_review_records, review_records
from graph.executor import QueryExecutor
from graph.review import ReviewLabel
from nlp.evaluation.reviews import review_conversations


def _label(**change: object) -> ReviewLabel:
    label = ReviewLabel(
        verdict="confirmed", proposed="We will ship on Friday.", summary="Ship on Friday", subject=None,
        confidence=0.41, session_id="s1", source_format="transcript", source_kind="spoken", series=None,
        message_ids=("m1", "m2"), message_texts=("so what day", "we will ship on friday then"), anchor=1,
        reviewer="ana", reason=None, decision_id="d1",
    )
    return dataclasses.replace(label, **change)  # type: ignore[arg-type]


def test_a_stored_label_is_the_record_training_reads() -> None:
    [record] = review_records([_label()])
    assert (record.verdict, record.anchor, record.kind, record.sentence) == ("confirmed", 1, "spoken", "Ship on Friday")
    assert (record.confidence, record.series) == (0.41, None)
    [conversation] = review_conversations([record])
    assert conversation.source_format == "qmsum"  # read as a spoken meeting whatever its length
    assert [m.content for m in conversation.messages] == ["so what day", "we will ship on friday then"]


async def test_labels_whose_words_were_pruned_are_counted_and_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    stored = [_label(), _label(verdict="rejected", summary=None), _label(anchor=None), _label(message_texts=("", ""))]

    async def labels(executor: QueryExecutor) -> list[ReviewLabel]:
        return stored

    monkeypatch.setattr(detector_training, "review_labels", labels)
    records, skipped = await journal_review_records(object())  # type: ignore[arg-type]
    assert [r.verdict for r in records] == ["confirmed", "rejected"]
    assert skipped == 2
