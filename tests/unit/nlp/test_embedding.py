from __future__ import annotations

import hashlib
import math
import os
from pathlib import Path

import pytest

from nlp.embedding import EmbedderUnavailable, MiniLMEmbedder, alternatives_text, check_pin, embedding_text


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


def test_a_file_that_matched_its_pin_is_not_hashed_again_until_it_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    weights = tmp_path / "model.onnx"
    weights.write_bytes(b"weights")
    pin = hashlib.sha256(b"weights").hexdigest()
    stamps = tmp_path / "stamps"
    check_pin(weights, pin, stamps)
    assert [p.name.rsplit("-", 1)[0] for p in stamps.iterdir()] == [f"verified-{pin[:16]}"]

    hashed: list[bytes] = []
    real = hashlib.sha256

    def counting(data: bytes) -> hashlib._Hash:
        hashed.append(data)
        return real(data)

    monkeypatch.setattr(hashlib, "sha256", counting)
    check_pin(weights, pin, stamps)
    assert b"weights" not in hashed
    # The same size, other bytes: the stamp no longer describes the file, so it is hashed and refused.
    before = weights.stat().st_mtime_ns
    weights.write_bytes(b"WEIGHTS")
    os.utime(weights, ns=(before + 10**9, before + 10**9))  # written a second later, on any file system's clock
    with pytest.raises(EmbedderUnavailable, match="expected"):
        check_pin(weights, pin, stamps)
    assert b"WEIGHTS" in hashed


def test_without_a_stamp_folder_the_pin_is_checked_every_time(tmp_path: Path) -> None:
    weights = tmp_path / "model.onnx"
    weights.write_bytes(b"weights")
    with pytest.raises(EmbedderUnavailable):
        check_pin(weights, hashlib.sha256(b"other").hexdigest())
    assert list(tmp_path.iterdir()) == [weights]
