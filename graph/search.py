"""Full-text search over decisions (hybrid retrieval builds on this)."""

from __future__ import annotations

import re

from graph.cypher import load_query
from graph.executor import QueryExecutor

_LUCENE_SPECIAL = re.compile(r'([+\-!(){}\[\]^"~*?:\\/]|&&|\|\|)')
_OPERATORS = re.compile(r"\b(AND|OR|NOT|TO)\b")


def lucene_escape(text: str) -> str:
    """User text as a Lucene query of plain terms: no syntax, so no query can fail on it."""
    escaped = _LUCENE_SPECIAL.sub(r"\\\1", text)
    return _OPERATORS.sub(lambda m: m.group(0).lower(), escaped).strip()


class DecisionSearch:
    """Keyword search through the ``decision_text`` full-text index."""

    def __init__(self, executor: QueryExecutor) -> None:
        self._executor = executor

    async def fulltext(self, query: str, limit: int = 10, include_history: bool = False) -> list[tuple[str, float]]:
        """(decision id, score) pairs, best first; empty for a query with no terms."""
        text = lucene_escape(query)
        if not re.search(r"\w", text):
            return []
        rows = await self._executor.read(
            load_query("search_fulltext"), {"text": text, "limit": limit, "include_history": include_history}
        )
        return [(row["id"], float(row["score"])) for row in rows]
