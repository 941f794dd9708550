from __future__ import annotations

import math

import pytest

from nlp.embedding import MiniLMEmbedder, alternatives_text, embedding_text


@pytest.fixture(scope="module")
def embedder() -> MiniLMEmbedder:
    return MiniLMEmbedder()


def test_vectors_are_unit_length_and_384_wide(embedder: MiniLMEmbedder) -> None:
    vectors = embedder.embed(["Use PostgreSQL for the primary database", ""])
    assert [len(v) for v in vectors] == [384, 384]
    assert math.isclose(sum(x * x for x in vectors[0]), 1.0, rel_tol=1e-4)


def test_related_decisions_are_closer_than_unrelated_ones(embedder: MiniLMEmbedder) -> None:
    pg, keep_pg, remote = embedder.embed(
        ["Use PostgreSQL for the primary database", "Keep PostgreSQL and add Redis for caching",
         "The remote control gets a rubber case"]
    )
    related = sum(a * b for a, b in zip(pg, keep_pg, strict=True))
    unrelated = sum(a * b for a, b in zip(pg, remote, strict=True))
    assert related > unrelated + 0.3


def test_embedding_text_follows_seed_002() -> None:
    assert embedding_text("Raise the timeout", "Override defaults", "cron", "failed at 60s") == (
        "Raise the timeout | Pattern: Override defaults | cron | failed at 60s"
    )


def test_the_alternatives_text_names_what_they_were_weighed_for_and_why_each_lost() -> None:
    assert alternatives_text("Client state", "Use Redux", [("MobX", "nobody knew it"), ("Context only", None)]) == (
        "Client state. Considered instead: MobX (nobody knew it); Context only"
    )
    assert alternatives_text(None, "Use Redux", [("MobX", None)]) == "Use Redux. Considered instead: MobX"
    assert alternatives_text("Client state", "Use Redux", [(" ", "blank")]) is None
