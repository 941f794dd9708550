"""The baselines "why did we choose X?" search is measured against, on the same text.

- ``Fts5Index``: seed 000's own design — SQLite FTS5 over decision, context and the whole
  record, configured as its users would: porter stemming, stopwords out, ``ORDER BY rank``,
  in either of two matchings (``Fts5Match``): any term, bm25 ranking the documents that
  share more and rarer terms first (the stronger on the development questions, so the
  default), or every term required with any term only when that finds nothing.
- ``JaccardIndex``: seed 004's MVP matcher — keyword sets compared with Jaccard similarity,
  weighted 0.5 (decision) / 0.3 (context) / 0.2 (rationale).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

_WORD = re.compile(r"[a-z0-9][a-z0-9+#.-]*")
_STOP = frozenset(
    "a an and are as at be but by did do does for from how i if in into is it its of on or our so that the their "
    "them then there these they this to was we were what when where which who why will with you your can should "
    "would not no have has had been being about over".split()
)


@dataclass(frozen=True)
class Document:
    """One decision's searchable text."""

    id: str
    decision: str
    context: str
    rationale: str


def keywords(text: str) -> set[str]:
    """Lower-case content words."""
    return {w.strip(".-") for w in _WORD.findall(text.lower()) if w not in _STOP and len(w.strip(".-")) > 1}


class Fts5Match(StrEnum):
    """How an ``Fts5Index`` combines the question's terms."""

    ANY = "any term"
    """``t1 OR t2 ...``: bm25 ranks documents sharing more, rarer terms first. On the
    development questions (eval/search_questions.jsonl, ``eval search``) it beats
    ``ALL_THEN_ANY`` within and across collections (docs/quality.md), so it is the default."""
    ALL_THEN_ANY = "every term, then any"
    """``t1 AND t2 ...``, and ``OR`` only when that finds nothing: a question's every word
    is rarely in its answer, and a document that happens to hold them all wins outright."""


STRONGEST_FTS5 = Fts5Match.ANY
"""The configuration the baselines use: the one that scores better on the development questions."""


class Fts5Index:
    """An in-memory SQLite FTS5 index (seed 000's ``decisions_fts``)."""

    def __init__(self, documents: Sequence[Document], match: Fts5Match = STRONGEST_FTS5) -> None:
        self._match = match
        self._db = sqlite3.connect(":memory:")
        self._db.execute(
            "CREATE VIRTUAL TABLE decisions_fts USING fts5(id UNINDEXED, decision, context, rationale,"
            " tokenize='porter unicode61')"
        )
        self._db.executemany(
            "INSERT INTO decisions_fts (id, decision, context, rationale) VALUES (?, ?, ?, ?)",
            [(d.id, d.decision, d.context, d.rationale) for d in documents],
        )

    def search(self, query: str, k: int = 10) -> list[str]:
        """Ids, best first: the question's content words as quoted terms (the tokenizer
        splits them as it split the documents), matched as the index's ``Fts5Match`` says."""
        terms = sorted(keywords(query))
        if not terms:
            return []
        quoted = ['"' + term.replace('"', '""') + '"' for term in terms]
        operators = (" OR ",) if self._match is Fts5Match.ANY else (" AND ", " OR ")
        for operator in operators:
            rows = self._db.execute(
                "SELECT id FROM decisions_fts WHERE decisions_fts MATCH ? ORDER BY rank LIMIT ?",
                (operator.join(quoted), k),
            ).fetchall()
            if rows:
                return [row[0] for row in rows]
        return []


class JaccardIndex:
    """Seed 004's keyword matcher with its weighted Jaccard similarity."""

    def __init__(self, documents: Sequence[Document]) -> None:
        self._documents = [(d.id, keywords(d.decision), keywords(d.context), keywords(d.rationale)) for d in documents]

    def search(self, query: str, k: int = 10) -> list[str]:
        words = keywords(query)
        scored = [
            (0.5 * _jaccard(words, a) + 0.3 * _jaccard(words, b) + 0.2 * _jaccard(words, c), doc_id)
            for doc_id, a, b, c in self._documents
        ]
        return [doc_id for score, doc_id in sorted(scored, key=lambda pair: -pair[0])[:k] if score > 0]


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


def reciprocal_rank(ranked: Sequence[str], expected: str, cutoff: int = 10) -> float:
    """1/rank of ``expected`` within the first ``cutoff`` results, else 0."""
    for rank, found in enumerate(ranked[:cutoff], start=1):
        if found == expected:
            return 1.0 / rank
    return 0.0
