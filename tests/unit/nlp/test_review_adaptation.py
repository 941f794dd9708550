"""A team's correction of the detector from its verdicts on drafts: how it is fitted, stored,
and applied, to its own series only."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from spacy.language import Language

from nlp.detect import DecisionDetector, DetectorConfig
from nlp.detector_features import BUCKETS
from nlp.detector_model import DetectorModel
from nlp.evaluation.review_fit import MIN_VERDICTS, fit_adaptations
from nlp.evaluation.reviews import ReviewRecord
from nlp.review_adaptation import ReviewAdaptation, adapted_kind
from nlp.schema import Conversation, Message

BASE = DetectorModel(np.zeros(BUCKETS), {"chat": 2.0}, draft_logits={"chat": 0.0})
"""A model that knows nothing: every message at log-odds 0, its draft point."""


def _record(text: str, confirmed: bool, session: str, series: str | None = "weekly") -> ReviewRecord:
    return ReviewRecord(
        verdict="confirmed" if confirmed else "rejected", sentence=text, message_texts=(text,), anchor=0,
        session_id=session, source_format="chat", source_kind="chat", confidence=0.4, series=series,
    )


def _verdicts(series: str | None = "weekly") -> list[ReviewRecord]:
    """Four sessions of a team whose decisions all say "we resolved" and whose other drafts do not."""
    out = []
    for session in range(4):
        out += [_record(f"We resolved to ship release {session}.{i} on Friday.", True, f"s{session}", series) for i in range(3)]
        out += [_record(f"Someone asked about the lunch menu {session}.{i} again.", False, f"s{session}", series) for i in range(2)]
    return out


def _resolved(model: DetectorModel, nlp: Language, series: str | None) -> float:
    detector = DecisionDetector(nlp, DetectorConfig(model=model))
    text = "We resolved to move the demo to Monday."
    conversation = Conversation(session_id="x", source_format="chat", series=series,
                                messages=(Message(id="x#0", seq=0, author="a", content=text),))
    features = detector.features(conversation, detector.parse(conversation))
    return float(model.logits(features.all_hashed(), "chat", series)[0])


def test_verdicts_teach_the_teams_phrasing_and_lower_the_point_where_its_drafts_were_decisions(nlp: Language) -> None:
    detector = DecisionDetector(nlp, DetectorConfig(model=BASE))
    [(kind, correction)] = fit_adaptations(BASE, _verdicts(), detector).items()
    assert kind == "chat" and (correction.verdicts, correction.confirmed, correction.series) == (20, 12, ("weekly",))
    corrected = replace(BASE, reviews={kind: correction})
    assert _resolved(corrected, nlp, "weekly") > _resolved(BASE, nlp, "weekly")
    # Cross-fitted, the confirmed verdicts stay above the drafts the team rejected: the point falls.
    assert correction.reliable_logit is not None and 0.0 <= correction.reliable_logit < 2.0
    assert corrected.operating_logit("chat", "weekly") == correction.reliable_logit


def test_a_correction_applies_to_its_series_only_unless_fitted_for_every_conversation(nlp: Language) -> None:
    detector = DecisionDetector(nlp, DetectorConfig(model=BASE))
    scoped = replace(BASE, reviews=fit_adaptations(BASE, _verdicts(), detector))
    assert _resolved(scoped, nlp, "another") == _resolved(BASE, nlp, "another")
    assert _resolved(scoped, nlp, None) == _resolved(BASE, nlp, None)
    assert scoped.operating_logit("chat", "another") == 2.0
    everywhere = replace(BASE, reviews=fit_adaptations(BASE, _verdicts(), detector, everywhere=True))
    assert _resolved(everywhere, nlp, "another") > _resolved(BASE, nlp, "another")


def test_too_few_verdicts_or_a_single_verdict_make_no_correction(nlp: Language) -> None:
    detector = DecisionDetector(nlp, DetectorConfig(model=BASE))
    assert fit_adaptations(BASE, _verdicts()[: MIN_VERDICTS - 1], detector) == {}
    every_one_confirmed = [r for r in _verdicts() if r.verdict == "confirmed"]
    assert fit_adaptations(BASE, every_one_confirmed, detector) == {}


def test_a_team_that_rejects_its_drafts_keeps_the_point(nlp: Language) -> None:
    detector = DecisionDetector(nlp, DetectorConfig(model=BASE))
    mostly_rejected = [
        _record(f"Maybe we could look at option {s}.{i} later.", i == 0, f"s{s}") for s in range(4) for i in range(5)
    ]
    [correction] = fit_adaptations(BASE, mostly_rejected, detector).values()
    assert correction.reliable_logit is None
    assert replace(BASE, reviews={"chat": correction}).operating_logit("chat", "weekly") == 2.0


def test_detection_stores_a_teams_draft_as_a_decision_in_its_series_and_nowhere_else(nlp: Language) -> None:
    detector = DecisionDetector(nlp, DetectorConfig(model=BASE))
    corrected = replace(BASE, reviews=fit_adaptations(BASE, _verdicts(), detector))
    messages = (Message(id="m#0", seq=0, author="a", content="We resolved to move the demo to Monday."),)

    def stored(series: str | None) -> list[bool]:
        conversation = Conversation(session_id="m", source_format="chat", series=series, messages=messages)
        found = DecisionDetector(nlp, DetectorConfig(model=corrected)).detect(conversation)
        return [d.is_decision for d in found if d.is_decision or d.is_candidate]

    assert stored("weekly") == [True]
    assert True not in stored("another")


def test_the_correction_is_stored_after_every_other_part_and_read_back() -> None:
    weights = np.zeros(BUCKETS)
    weights[[3, 70]] = [0.25, -0.5]
    correction = ReviewAdaptation("voting", weights, 1.25, 40, 18, ("w3c:json-ld",), "note")
    text = replace(BASE, reviews={"voting": correction}).to_json()
    assert BASE.to_json().rstrip("}\n") in text and text.index('"reviews"') > text.index('"values"')
    back = DetectorModel.from_json(text).reviews["voting"]
    assert (back.reliable_logit, back.verdicts, back.confirmed, back.series) == (1.25, 40, 18, ("w3c:json-ld",))
    assert back.weights[3] == pytest.approx(0.25) and back.weights[70] == pytest.approx(-0.5)
    assert '"reviews"' not in BASE.to_json()


def test_a_session_is_corrected_by_its_format_and_prose_notes_as_notes() -> None:
    assert adapted_kind("chat", "claude-code") == "session"
    assert adapted_kind("notes-prose") == "notes"
    assert adapted_kind("voting", "irc") == "voting"
