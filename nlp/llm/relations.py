"""The supersede/revisit classifier's LLM step, for when the offline cues are unsure."""

from __future__ import annotations

import logging
from datetime import datetime

from nlp.evolution import Relation, Stated, on_one_subject
from nlp.llm.client import LLMClient, LLMError
from nlp.llm.prompts import RELATE_VERSION, RelateContext, RelationVerdict, relate_prompt

log = logging.getLogger("decision_journal.llm")
MIN_CONFIDENCE = 0.7
"""Below this the LLM's verdict is not trusted to link two decisions."""


class RelationJudge:
    """Asks the LLM how a new decision relates to an earlier one on the same subject."""

    def __init__(self, client: LLMClient) -> None:
        self._client = client

    async def judge(self, new: Stated, old: Stated, old_at: datetime | None, similarity: float) -> Relation | None:
        """A relation when the two are on one subject and the LLM is confident; else None.
        Never links across unrelated subjects, whatever the model says."""
        if not on_one_subject(new, old, similarity):
            return None
        prompt = relate_prompt(RelateContext(new.summary, new.context, old.summary, old_at.date().isoformat() if old_at else None))
        try:
            verdict = await self._client.complete(prompt, RelationVerdict, prompt_version=RELATE_VERSION)
        except LLMError as exc:
            log.warning("llm relation step failed, no link made: %s", exc)
            return None
        if verdict.relation == "unrelated" or verdict.confidence < MIN_CONFIDENCE:
            return None
        reason = f"llm: {verdict.reason}"
        if verdict.relation == "supersedes":
            return Relation("supersedes", reason, round(verdict.confidence, 2))
        return Relation("revisits", reason, round(verdict.confidence, 2), outcome="kept")
