"""The learned decision scorer: one logistic weight per hashed feature, shipped as JSON.

``decision-journal eval train-detector`` writes ``detector_model.json`` from the labelled
development data; this module only loads and applies it. Confidence is the model's
probability with its log-odds shifted so that the operating point chosen by
cross-validation reads as ``OPERATING_CONFIDENCE`` (seed 000's ``detection_threshold``
default): a message at the operating point scores 0.7, above it more.

The operating point of a kind is where its detections are reliably decisions. Below it, down
to the kind's *draft* point, a detection is a draft for a person to confirm
(``DetectorModel.draft_confidence``); below that, nothing.

Coding-assistant sessions have a model of their own (``KindModel``: its own weights over
its own features, ``nlp.session_features``, and its own two points), stored under the
``session`` key beside the shared model's, which it leaves as it is: a model without one reads
sessions as chats. Spoken meetings likewise (``spoken`` key, ``nlp.spoken_features``, trained on
the AMI labels alone): a model without one scores them with the shared weights and its
``spoken`` points, which stay in the file as they were. Minutes that vote have one too
(``voting`` key: the shared features and the vote run around a message,
``nlp.voting_features``); without it the shared weights and points score them. Chats likewise
(``chat`` key: who proposes and who takes it up, ``nlp.chat_features``), when the file has one.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources

import numpy as np

from nlp.detector_features import BUCKETS, CHAT, PROSE_NOTES, SESSION, SPOKEN, VOTING, ConversationFeatures
from nlp.errors import NlpError
from nlp.review_adaptation import ReviewAdaptation, adapted_kind
from nlp.sparse_weights import dense, sparse

MODEL_FILE = "detector_model.json"
OPERATING_CONFIDENCE = 0.7
_OPERATING_LOGIT = math.log(OPERATING_CONFIDENCE / (1 - OPERATING_CONFIDENCE))


class DetectorModelMissing(NlpError):
    """The package ships no trained detector (run ``decision-journal eval train-detector``)."""


@dataclass(frozen=True)
class KindModel:
    """The scorer of one kind of its own (coding-assistant sessions, spoken meetings, minutes
    that vote, chats): weights over ``BUCKETS`` hashed features of that kind's own
    (``nlp.session_features``, ``nlp.spoken_features``, ``nlp.voting_features``,
    ``nlp.chat_features``) and its operating and draft log-odds."""

    weights: np.ndarray
    operating_logit: float
    draft_logit: float
    note: str = ""

    def to_data(self) -> dict[str, object]:
        """The non-zero weights, rounded, with the points and the note."""
        return {"note": self.note, "operating_logit": round(self.operating_logit, 4),
                "draft_logit": round(self.draft_logit, 4), **sparse(self.weights)}

    @classmethod
    def from_data(cls, data: dict[str, object]) -> KindModel:
        """Read what ``to_data`` wrote."""
        return cls(dense(data), float(str(data["operating_logit"])), float(str(data["draft_logit"])), str(data.get("note", "")))


OWN_KINDS = (SESSION, SPOKEN, VOTING, CHAT)
"""The kinds that may have a scorer of their own, each stored under its kind's key, in this order
(a part added later goes last: the file up to it stays byte for byte)."""


@dataclass(frozen=True)
class DetectorModel:
    """Weights over ``BUCKETS`` hashed features and the operating log-odds.

    Attributes:
        weights: One float per bucket (``bias`` is a feature like any other).
        operating_logits: Per kind of conversation (``detector_features.kind_of``; notes
            in prose apart, ``PROSE_NOTES``), the raw log-odds that the operating threshold
            sits at: a long spoken meeting and a list of outcomes do not score alike.
        note: How the weights were made.
        draft_logits: Per kind, the raw log-odds from which a detection is a draft (at most
            its operating point; a kind not listed has no drafts).
        session: The scorer of coding-assistant sessions; without it they are read as chats.
        spoken: The scorer of spoken meetings; without it the shared weights score them.
        voting: The scorer of minutes that vote; without it the shared weights score them.
        chat: The scorer of chats; without it the shared weights score them.
        reviews: Per kind (``review_adaptation.adapted_kind``), the correction a team's
            verdicts on its drafts made (``nlp.review_adaptation``); the shipped model has none.
    """

    weights: np.ndarray
    operating_logits: dict[str, float]
    note: str = ""
    draft_logits: dict[str, float] = field(default_factory=dict)
    session: KindModel | None = None
    spoken: KindModel | None = None
    voting: KindModel | None = None
    chat: KindModel | None = None
    reviews: dict[str, ReviewAdaptation] = field(default_factory=dict)

    def adaptation(self, kind: str, series: str | None = None) -> ReviewAdaptation | None:
        """The correction a team's verdicts make to ``kind`` for a conversation of ``series``, if any."""
        found = self.reviews.get(adapted_kind(kind))
        return found if found is not None and found.applies_to(series) else None

    def own(self, kind: str) -> KindModel | None:
        """The model of ``kind``'s own (sessions, spoken meetings, minutes that vote, chats), if this one has it."""
        return {SESSION: self.session, SPOKEN: self.spoken, VOTING: self.voting, CHAT: self.chat}.get(kind)

    def logits(self, rows: Sequence[Sequence[int]], kind: str = "chat", series: str | None = None) -> np.ndarray:
        """Raw log-odds of each row of hashed features (of the kind's own model's features when
        ``kind`` has one: ``own``), with a team's correction for ``series`` when it has one."""
        own = self.own(kind)
        logits = _logits(own.weights if own is not None else self.weights, rows)
        adaptation = self.adaptation(kind, series)
        return logits if adaptation is None else logits + _logits(adaptation.weights, rows)

    def scored_kind(self, features: ConversationFeatures) -> str:
        """The kind whose weights and points score ``features``: a session's own when the model
        has a session scorer, else the conversation's operating kind as the shared model reads
        it (a session is then a chat, a voting or a spoken meeting as its talk says)."""
        if features.operating_kind == SESSION and self.session is None:
            return features.kind
        return features.operating_kind

    def points(self) -> tuple[dict[str, float], dict[str, float]]:
        """The operating and draft log-odds of every kind, the session's included."""
        reliable, draft = dict(self.operating_logits), dict(self.draft_logits or self.operating_logits)
        for kind in OWN_KINDS:
            own = self.own(kind)
            if own is not None:
                reliable[kind], draft[kind] = own.operating_logit, own.draft_logit
        return reliable, draft

    def operating_logit(self, kind: str, series: str | None = None) -> float:
        """The operating log-odds of ``kind`` (``operating_logit_of``), or a team's lower one
        for ``series`` (``ReviewAdaptation.reliable_logit``)."""
        own = self.own(kind)
        base = own.operating_logit if own is not None else operating_logit_of(self.operating_logits, kind)
        adaptation = self.adaptation(kind, series)
        if adaptation is None or adaptation.reliable_logit is None:
            return base
        return min(base, adaptation.reliable_logit)

    def draft_confidence(self, kind: str, series: str | None = None) -> float:
        """The confidence (on the scale where the operating point is 0.7) from which a
        detection of ``kind`` is a draft; ``OPERATING_CONFIDENCE`` when the kind has no drafts."""
        operating = self.operating_logit(kind, series)
        own = self.own(kind)
        if own is not None:
            draft = min(own.draft_logit, operating)
        else:
            draft = min(operating_logit_of(self.draft_logits, kind) if self.draft_logits else operating, operating)
        return confidences_at(np.array([draft]), operating)[0]

    def confidences(self, rows: Sequence[Sequence[int]], kind: str = "chat", series: str | None = None) -> list[float]:
        """Confidence in [0, 1] of each row, 0.7 at the operating point of ``kind`` (for ``series``)."""
        return confidences_at(self.logits(rows, kind, series), self.operating_logit(kind, series))

    def to_json(self) -> str:
        """The non-zero weights, rounded, with the operating point and the note; the session
        and spoken scorers, if any, under their own keys after them."""
        data: dict[str, object] = {
            "note": self.note,
            "buckets": BUCKETS,
            "operating_logits": {kind: round(value, 4) for kind, value in sorted(self.operating_logits.items())},
            "draft_logits": {kind: round(value, 4) for kind, value in sorted(self.draft_logits.items())},
            **sparse(self.weights),
        }
        for kind in OWN_KINDS:
            own = self.own(kind)
            if own is not None:
                data[kind] = own.to_data()
        if self.reviews:
            # Last, and only when a team's verdicts made one: the shipped file stays byte for byte.
            data["reviews"] = {kind: adaptation.to_data() for kind, adaptation in sorted(self.reviews.items())}
        return json.dumps(data, separators=(",", ":")) + "\n"

    @classmethod
    def from_json(cls, text: str) -> DetectorModel:
        """Read what ``to_json`` wrote."""
        data = json.loads(text)
        if data.get("buckets") != BUCKETS:
            raise DetectorModelMissing(f"the detector model has {data.get('buckets')} buckets, this code hashes into {BUCKETS}: retrain it")
        logits = {str(kind): float(value) for kind, value in data["operating_logits"].items()}
        drafts = {str(kind): float(value) for kind, value in data.get("draft_logits", {}).items()}
        own = {kind: KindModel.from_data(data[kind]) for kind in OWN_KINDS if kind in data}
        reviews = {str(kind): ReviewAdaptation.from_data(str(kind), value) for kind, value in data.get("reviews", {}).items()}
        return cls(weights=dense(data), operating_logits=logits, note=str(data.get("note", "")), draft_logits=drafts,
                   session=own.get(SESSION), spoken=own.get(SPOKEN), voting=own.get(VOTING), chat=own.get(CHAT),
                   reviews=reviews)


def _logits(weights: np.ndarray, rows: Sequence[Sequence[int]]) -> np.ndarray:
    if not rows:
        return np.zeros(0)
    lengths = np.array([len(row) for row in rows])
    if not lengths.all():
        raise ValueError("every row holds at least the bias feature")
    flat = np.fromiter((i for row in rows for i in row), dtype=np.int64, count=int(lengths.sum()))
    return np.add.reduceat(weights[flat], np.concatenate(([0], np.cumsum(lengths)[:-1])))


def operating_logit_of(operating_logits: dict[str, float], kind: str) -> float:
    """The operating log-odds of ``kind`` (an operating kind, ``ConversationFeatures.operating_kind``);
    for one never trained on, that of the kind it refines (prose notes: notes), else the chat one."""
    for key in (kind, "notes" if kind == PROSE_NOTES else kind, "chat"):
        if key in operating_logits:
            return operating_logits[key]
    return 0.0


def confidences_at(logits: np.ndarray, operating_logit: float) -> list[float]:
    """Confidences in [0, 1] of raw log-odds, 0.7 at ``operating_logit``."""
    shifted = logits - operating_logit + _OPERATING_LOGIT
    return [round(float(p), 4) for p in 1.0 / (1.0 + np.exp(-shifted))]


_SHIPPED: DetectorModel | None = None


def shipped_model() -> DetectorModel:
    """The model in the package, read once per process."""
    global _SHIPPED
    if _SHIPPED is None:
        try:
            text = resources.files("nlp").joinpath(MODEL_FILE).read_text()
        except FileNotFoundError as exc:
            raise DetectorModelMissing(f"nlp/{MODEL_FILE} is missing: run `decision-journal eval train-detector`") from exc
        _SHIPPED = DetectorModel.from_json(text)
    return _SHIPPED
