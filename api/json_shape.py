"""DESIGN.md's one JSON shape for a decision, used by every ``--json`` output."""

from __future__ import annotations

from typing import Any

from nlp.extract import decision_id
from nlp.schema import Conversation, ExtractedDecision


def extracted_decision_json(decision: ExtractedDecision, conversation: Conversation, kind: str = "conversation") -> dict[str, Any]:
    """A decision found by ``nlp`` (not yet stored) in the shared JSON shape."""
    return {
        "id": decision_id(conversation.session_id, decision.messages, decision.decision),
        "summary": decision.decision,
        "context": decision.context,
        "rationale": decision.rationale,
        "status": decision.status,
        "decided_at": decision.decided_at.isoformat() if decision.decided_at else None,
        "recorded_at": None,
        "confidence": decision.confidence,
        "origin": decision.origin,
        "pattern": decision.pattern,
        "category": decision.category,
        "reversibility": decision.reversibility,
        "impact": decision.impact,
        "tags": list(decision.tags),
        "keywords": list(decision.keywords),
        "source": {
            "kind": kind,
            "session": conversation.session_id,
            "messages": list(decision.messages),
            "path": conversation.path,
        },
        "alternatives": [
            {"option": alt.option, "pros": list(alt.pros), "cons": list(alt.cons), "why_not_chosen": alt.why_not_chosen}
            for alt in decision.alternatives
        ],
        "trade_offs": {
            "pros": list(decision.trade_offs.pros),
            "cons": list(decision.trade_offs.cons),
            "risks": list(decision.trade_offs.risks),
            "assumptions": list(decision.trade_offs.assumptions),
        },
        "stakeholders": [{"handle": s.handle, "name": s.name, "role": s.role} for s in decision.stakeholders],
        "decision_maker": decision.decision_maker,
        "files": list(decision.related_code),
        "features": list(decision.related_features),
        "supersedes": [],
        "superseded_by": [],
        "revisits": [],
        "revisited_by": [],
    }
