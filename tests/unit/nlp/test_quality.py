from __future__ import annotations

from nlp.quality import Reason, recording_quality


def test_a_bare_operational_record_scores_low_with_suggestions() -> None:
    quality = recording_quality("Increased cron trigger timeout from 60s to 120s", reasons=[Reason.parse("empirical:First attempt failed at 60s")])
    assert quality.score == 0.1
    assert "Decision text is very specific - consider adding a --pattern for the general principle" in quality.suggestions
    assert "No tags provided - tags improve cross-domain retrieval" in quality.suggestions
    assert "Only 1 reason type used - diverse reasons improve robustness (Minsky Ch 18)" in quality.suggestions


def test_the_seed_example_with_pattern_tags_and_reasons() -> None:
    quality = recording_quality(
        "Increased cron trigger timeout from 60s to 120s",
        pattern="Override system defaults when they don't match actual workload",
        tags=["timeout", "infrastructure", "defaults"],
        reasons=[Reason.parse("empirical:failed at 60s"), Reason.parse("analysis:jobs take 90s at p95")],
        context="nightly cron", project="scheduler", inputs=["job logs"], explicit_bridge=True,
    )
    assert (quality.score, quality.suggestions) == (1.0, ())


def test_reason_types_are_parsed() -> None:
    assert Reason.parse("Empirical: it failed") == Reason("empirical", "it failed")
    assert Reason.parse("it failed: twice") == Reason("unspecified", "it failed: twice")
