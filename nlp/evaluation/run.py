"""Extraction over the labelled sets, and the per-message detection baselines."""

from __future__ import annotations

from pathlib import Path

from nlp.evaluation.datasets import LabelledConversation, load_conversations, load_meeting_notes
from nlp.evaluation.metrics import ExtractionScore, score_extraction
from nlp.language import LanguageInfo
from nlp.pipeline import OfflinePipeline, Pipeline
from nlp.seed_rules import SEED000_KEYWORDS, SEED001_PATTERNS


def load_sets(eval_dir: Path, shared_data: Path | None) -> dict[str, list[LabelledConversation]]:
    """Our conversations, plus the shared meeting notes when ``shared_data`` exists."""
    sets = {"conversations": load_conversations(eval_dir / "conversations.jsonl")}
    if shared_data is not None and (shared_data / "meetings" / "labels.jsonl").is_file():
        sets["meeting-notes"] = load_meeting_notes(shared_data, eval_dir / "meeting_note_decisions.tsv")
    return sets


def seed001_regex(text: str) -> bool:
    """Seed 001's ``mightContainDecision`` alone."""
    return any(pattern.search(text) for pattern in SEED001_PATTERNS)


def seed000_keywords(text: str) -> bool:
    """Seed 000's keyword check alone (no LLM confirmation)."""
    lowered = text.lower()
    return any(keyword in lowered for keyword in SEED000_KEYWORDS)


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
