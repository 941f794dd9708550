"""Detections scored against the labels, source by source: the anchors a model's log-odds
give (formed as the detector forms them), and per-source scores of those or of a baseline's."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from nlp.detector_features import CHAT, SESSION, VOTING
from nlp.detector_model import OPERATING_CONFIDENCE, DetectorModel, confidences_at, operating_logit_of
from nlp.evaluation.corpus import SOURCES, LabelledMeeting
from nlp.evaluation.real_metrics import FoldedScore, fold_scores
from nlp.evaluation.train import Featurized
from nlp.scored_units import units_from
from nlp.written_language import unread_language


def anchors_at(
    item: Featurized, logits: np.ndarray, operating_logits: dict[str, float], threshold: float = OPERATING_CONFIDENCE
) -> list[int]:
    """The anchors of the decision units that raw log-odds ``logits`` give, formed as the
    detector forms them (``nlp.scored_units.units_from``), those it stores: a unit anchored in
    a language the detector does not read is a draft (``nlp.detect.unread_as_drafts``)."""
    confidences = confidences_at(logits, operating_logit_of(operating_logits, item.features.operating_kind))
    _, units = units_from(item.features, confidences, threshold, item.features.operating_kind == SESSION)
    messages = item.meeting.conversation.messages
    return [unit.anchor for unit in units if not unread_language(messages[unit.anchor].content)]


def anchors_of(item: Featurized, model: DetectorModel, threshold: float = OPERATING_CONFIDENCE) -> list[int]:
    """The anchors of the decision units ``model`` finds in one meeting."""
    return anchors_at(item, item_logits(model, item), model.points()[0], threshold)


def item_logits(model: DetectorModel, item: Featurized) -> np.ndarray:
    """Raw log-odds of one meeting's messages under ``model``, read by the part of it that
    scores the meeting's kind (minutes that vote by the voting model when it has one, a chat
    read for it by the chat model when it has one)."""
    kind = item.features.operating_kind
    if kind == VOTING and model.voting is not None and item.voting_rows is not None:
        return model.logits(item.voting_rows, kind)
    if kind == CHAT and model.chat is not None and item.chat_rows is not None:
        return model.logits(item.chat_rows, kind)
    return model.logits(item.rows, kind)


FORMULAIC_VIEWS = {"w3c": "non-routine", "w3c-unseen": "non-routine", "chat": "non-triage"}
"""Sources scored a second way, without their formulaic decisions (``Target.routine``): W3C
minutes approvals, an issue tracker's triage outcomes. The name of that view."""


@dataclass(frozen=True)
class SourceScores:
    """Scores of one source; those of ``FORMULAIC_VIEWS`` add the view without formulaic decisions."""

    source: str
    score: FoldedScore
    non_routine: FoldedScore | None = None


def score_sources(
    items: Sequence[Featurized], logits: dict[str, np.ndarray], operating_logits: dict[str, float],
    threshold: float = OPERATING_CONFIDENCE, per_session: Mapping[str, dict[str, float]] | None = None,
) -> list[SourceScores]:
    """Per-source scores of the anchors found at ``operating_logits`` (per kind), or at each
    session's own points in ``per_session`` (``nested_points``)."""
    detected = {}
    for item in items:
        session = item.meeting.conversation.session_id
        points = per_session[session] if per_session is not None else operating_logits
        detected[session] = anchors_at(item, logits[session], points, threshold)
    return score_detected([item.meeting for item in items], detected)


def score_detected(meetings: Sequence[LabelledMeeting], detected: Mapping[str, Sequence[int]]) -> list[SourceScores]:
    """Per-source scores of given detections (ours or a baseline's)."""
    out: list[SourceScores] = []
    present = {meeting.source for meeting in meetings}
    for source in [*SOURCES, *sorted(present - set(SOURCES))]:
        mine = [meeting for meeting in meetings if meeting.source == source]
        if not mine:
            continue
        routine = fold_scores(mine, detected, routine=False) if source in FORMULAIC_VIEWS else None
        out.append(SourceScores(source, fold_scores(mine, detected), routine))
    return out


def baseline_detections(meetings: Sequence[LabelledMeeting], rule: Callable[[str], bool]) -> dict[str, list[int]]:
    """Every message a per-message rule marks (seed 001's regex, seed 000's keywords), as
    their users run them: one decision per matching message."""
    return {
        meeting.conversation.session_id: [m.seq for m in meeting.conversation.messages if rule(m.content)]
        for meeting in meetings
    }
