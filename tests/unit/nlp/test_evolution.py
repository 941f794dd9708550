from __future__ import annotations

from nlp.evolution import classify_relation


def test_keep_after_a_migration_question_revisits() -> None:
    relation = classify_relation(
        "Keep PostgreSQL, add Redis for caching", "Should we migrate to DynamoDB for better scale?",
        ["PostgreSQL", "Redis"], ["PostgreSQL"], 0.4,
    )
    assert relation is not None and relation.kind == "revisits" and relation.outcome == "kept"


def test_switching_supersedes() -> None:
    relation = classify_relation("We switch to MySQL for the billing service", None, ["MySQL"], ["MySQL"], 0.7)
    assert relation is not None and relation.kind == "supersedes" and not relation.partial


def test_unrelated_subjects_are_never_linked_whatever_the_cues() -> None:
    assert classify_relation("Use Kafka instead of SQS", None, ["Kafka", "SQS"], ["PostgreSQL"], 0.2) is None


def test_no_cue_no_link_even_when_similar() -> None:
    assert classify_relation("Use PostgreSQL for analytics", None, ["PostgreSQL"], ["PostgreSQL"], 0.9) is None
