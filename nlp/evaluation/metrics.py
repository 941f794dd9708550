"""Unit-level detection scores and field-level extraction scores."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from nlp.evaluation.datasets import GoldDecision, LabelledConversation
from nlp.schema import ExtractedDecision, handle_for


@dataclass(frozen=True)
class DetectionScore:
    """Precision over predicted messages, recall over gold decision units.

    A predicted message is right when it belongs to some gold unit; a unit is found when
    any of its messages is predicted. Multi-turn decisions are thus neither double-counted
    nor missed for lack of one exact message.
    """

    predicted: int
    correct: int
    units: int
    found: int

    @property
    def precision(self) -> float:
        return self.correct / self.predicted if self.predicted else 0.0

    @property
    def recall(self) -> float:
        return self.found / self.units if self.units else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def __add__(self, other: DetectionScore) -> DetectionScore:
        return DetectionScore(
            self.predicted + other.predicted, self.correct + other.correct,
            self.units + other.units, self.found + other.found,
        )


EMPTY = DetectionScore(0, 0, 0, 0)


def score_detection(item: LabelledConversation, predicted: Iterable[int]) -> DetectionScore:
    """Score one conversation's predicted decision messages."""
    chosen = {seq for seq in predicted if item.scored is None or seq in item.scored}
    inside = set().union(*(unit.messages for unit in item.gold)) if item.gold else set()
    return DetectionScore(
        predicted=len(chosen),
        correct=len(chosen & inside),
        units=len(item.gold),
        found=sum(1 for unit in item.gold if unit.messages & chosen),
    )


@dataclass
class FieldScore:
    """Counts for one field: extracted items, correct ones, gold items, gold found."""

    extracted: int = 0
    correct: int = 0
    gold: int = 0
    found: int = 0

    @property
    def precision(self) -> float:
        return self.correct / self.extracted if self.extracted else 0.0

    @property
    def recall(self) -> float:
        return self.found / self.gold if self.gold else 0.0

    def add(self, extracted: Sequence[str], gold: Sequence[str], same: Callable[[str, str], bool]) -> None:
        self.extracted += len(extracted)
        self.gold += len(gold)
        self.correct += sum(1 for value in extracted if any(same(value, g) for g in gold))
        self.found += sum(1 for g in gold if any(same(value, g) for value in extracted))


@dataclass
class ExtractionScore:
    """Field-level scores over the gold decisions that detection found."""

    matched: int = 0
    gold: int = 0
    alternatives: FieldScore | None = None
    stakeholders: FieldScore | None = None
    files: FieldScore | None = None
    rationale_terms: FieldScore | None = None
    grounded_stakeholders: FieldScore | None = None
    grounded_files: FieldScore | None = None

    def __post_init__(self) -> None:
        for name in ("alternatives", "stakeholders", "files", "rationale_terms", "grounded_stakeholders", "grounded_files"):
            if getattr(self, name) is None:
                setattr(self, name, FieldScore())


def score_extraction(item: LabelledConversation, decisions: Sequence[ExtractedDecision], into: ExtractionScore) -> None:
    """Add one conversation's extraction to ``into``: fields per matched gold decision,
    and grounding (is it in the text or an author?) for every extracted person and file."""
    text = " ".join(m.content for m in item.conversation.messages).lower()
    authors = {handle_for(m.author) for m in item.conversation.messages if m.author}
    for decision in decisions:
        assert into.grounded_stakeholders is not None and into.grounded_files is not None
        into.grounded_stakeholders.extracted += len(decision.stakeholders)
        into.grounded_stakeholders.correct += sum(
            1 for person in decision.stakeholders
            if person.handle in authors or (person.name or person.handle).lower() in text
        )
        into.grounded_files.extracted += len(decision.related_code)
        into.grounded_files.correct += sum(1 for path in decision.related_code if path.lower() in text)
    if not item.extraction_labelled:
        return
    for unit in item.gold:
        into.gold += 1
        best = _best_match(unit, decisions)
        if best is None:
            continue
        into.matched += 1
        assert into.alternatives and into.stakeholders and into.files and into.rationale_terms
        into.alternatives.add([a.option for a in best.alternatives], unit.alternatives, _same_option)
        into.stakeholders.add([s.handle for s in best.stakeholders], unit.stakeholders, lambda a, b: a == b)
        into.files.add(list(best.related_code), unit.files, lambda a, b: a == b)
        rationale = (best.rationale or "").lower()
        into.rationale_terms.gold += len(unit.rationale_terms)
        into.rationale_terms.found += sum(1 for term in unit.rationale_terms if term.lower() in rationale)


def _best_match(unit: GoldDecision, decisions: Sequence[ExtractedDecision]) -> ExtractedDecision | None:
    overlapping = [(len(unit.messages & set(d.messages)), d) for d in decisions]
    overlapping = [(n, d) for n, d in overlapping if n]
    return max(overlapping, key=lambda pair: pair[0])[1] if overlapping else None


def _same_option(extracted: str, gold: str) -> bool:
    a, b = extracted.lower(), gold.lower()
    return a in b or b in a

