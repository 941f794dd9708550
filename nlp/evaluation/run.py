"""Run detection and extraction over the labelled sets, ours beside the baselines."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from nlp.detect import SEED000_KEYWORDS, SEED001_PATTERNS, DetectorConfig
from nlp.evaluation.datasets import LabelledConversation, load_conversations, load_meeting_notes
from nlp.evaluation.metrics import EMPTY, DetectionScore, ExtractionScore, predict_with, score_detection, score_extraction
from nlp.language import LanguageInfo
from nlp.pipeline import OfflinePipeline, Pipeline
from nlp.schema import Message

SYSTEMS = ("ours", "seed001-regex", "seed000-keywords")


@dataclass(frozen=True)
class DetectionRow:
    """One line of the detection table."""

    dataset: str
    system: str
    score: DetectionScore


def load_sets(eval_dir: Path, shared_data: Path | None) -> dict[str, list[LabelledConversation]]:
    """Our conversations, plus the shared meeting notes when ``shared_data`` exists."""
    sets = {"conversations": load_conversations(eval_dir / "conversations.jsonl")}
    if shared_data is not None and (shared_data / "meetings" / "labels.jsonl").is_file():
        sets["meeting-notes"] = load_meeting_notes(shared_data, eval_dir / "meeting_note_decisions.tsv")
    return sets


def seed001_regex(message: Message) -> bool:
    """Seed 001's ``mightContainDecision`` alone."""
    return any(pattern.search(message.content) for pattern in SEED001_PATTERNS)


def seed000_keywords(message: Message) -> bool:
    """Seed 000's keyword check alone (no LLM confirmation)."""
    lowered = message.content.lower()
    return any(keyword in lowered for keyword in SEED000_KEYWORDS)


def evaluate_detection(
    language: LanguageInfo, sets: dict[str, list[LabelledConversation]], split: str, threshold: float = 0.7
) -> list[DetectionRow]:
    """Scores per dataset and system, and over all datasets, for ``split`` (or ``all``)."""
    pipeline = OfflinePipeline(language, DetectorConfig(threshold=threshold))
    rows: list[DetectionRow] = []
    totals = {system: EMPTY for system in SYSTEMS}
    for name, items in sets.items():
        chosen = [item for item in items if split == "all" or item.split == split]
        scores = {system: EMPTY for system in SYSTEMS}
        for item in chosen:
            ours = [d.seq for d in pipeline.detect(item.conversation) if d.is_decision]
            scores["ours"] += score_detection(item, ours)
            scores["seed001-regex"] += score_detection(item, predict_with(seed001_regex, item))
            scores["seed000-keywords"] += score_detection(item, predict_with(seed000_keywords, item))
        for system in SYSTEMS:
            rows.append(DetectionRow(name, system, scores[system]))
            totals[system] += scores[system]
    rows += [DetectionRow("all", system, totals[system]) for system in SYSTEMS]
    return rows


def evaluate_extraction(
    language: LanguageInfo, sets: dict[str, list[LabelledConversation]], split: str, pipeline: Pipeline | None = None
) -> ExtractionScore:
    """Field-level scores of an extraction pipeline (the offline one by default) on the
    decisions it detects."""
    pipeline = pipeline or OfflinePipeline(language)
    score = ExtractionScore()
    for items in sets.values():
        for item in items:
            if split != "all" and item.split != split:
                continue
            score_extraction(item, pipeline.run(item.conversation).decisions, score)
    return score
