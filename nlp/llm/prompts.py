"""Prompts as pure functions of a typed context, each with its response model and a
version tag (part of the cache key, so a changed prompt never reuses old answers)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from nlp.llm.client import ChatMessage

Short = Field(max_length=80)


def _texts(items: int, length: int) -> Any:
    """A bounded list of bounded strings (pydantic bounds the list, the schema each item)."""
    return Field(default_factory=list, max_length=items, json_schema_extra={"items": {"type": "string", "maxLength": length}})

_SYSTEM = (
    "You analyse engineering conversations and record the decisions in them. "
    "Answer with one JSON object that matches the schema, and nothing else. "
    "Use only facts stated in the text; leave a field empty rather than guess."
)


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")


# --- confirmation (seed 000 `_llm_confirm`: score|explanation) --------------------------

CONFIRM_VERSION = "confirm-v1"


class Confirmation(_Answer):
    score: float = Field(ge=0.0, le=1.0, description="How sure the message states a decision that was made, 0..1.")
    explanation: str = Field(max_length=200)


@dataclass(frozen=True)
class ConfirmContext:
    message: str
    author: str | None
    snippet: str
    previous: tuple[str, ...]
    entities: tuple[str, ...]


def confirm_prompt(context: ConfirmContext) -> list[ChatMessage]:
    before = "\n".join(f"- {line}" for line in context.previous) or "- (none)"
    return [
        ChatMessage("system", _SYSTEM),
        ChatMessage("user", (
            "Does the last message state a decision the team made (not a question, proposal or "
            "action item)?\n"
            f"Earlier messages:\n{before}\n"
            f"Last message ({context.author or 'unknown'}): {context.message}\n"
            f"Most decision-like sentence: {context.snippet}\n"
            f"Entities found: {', '.join(context.entities) or 'none'}\n"
            'Answer as {"score": 0.0-1.0, "explanation": "..."}.'
        )),
    ]


# --- structured extraction (seed 000's JSON schema, last N messages) --------------------

EXTRACT_VERSION = "extract-v1"


class LLMAlternative(_Answer):
    option: str = Short
    pros: list[str] = _texts(3, 80)
    cons: list[str] = _texts(3, 80)
    why_not_chosen: str | None = Field(default=None, max_length=160)


class LLMStakeholder(_Answer):
    name: str = Field(max_length=60)
    role: str = Field(default="participant", max_length=40)


class LLMExtraction(_Answer):
    decision: str = Field(max_length=240, description="What was decided, one sentence.")
    context: str | None = Field(default=None, max_length=400)
    rationale: str | None = Field(default=None, max_length=400)
    alternatives: list[LLMAlternative] = Field(default_factory=list, max_length=4)
    pros: list[str] = _texts(3, 80)
    cons: list[str] = _texts(3, 80)
    risks: list[str] = _texts(3, 80)
    assumptions: list[str] = _texts(3, 80)
    stakeholders: list[LLMStakeholder] = Field(default_factory=list, max_length=6)
    decision_maker: str | None = Field(default=None, max_length=60)
    tags: list[str] = _texts(6, 30)
    related_code: list[str] = _texts(6, 120)


@dataclass(frozen=True)
class ExtractContext:
    messages: tuple[tuple[str, str], ...]  # (author, content), oldest first, the deciding one last
    snippet: str
    entities: tuple[str, ...]


def extract_prompt(context: ExtractContext) -> list[ChatMessage]:
    transcript = "\n".join(f"{author}: {content}" for author, content in context.messages)
    return [
        ChatMessage("system", _SYSTEM),
        ChatMessage("user", (
            "Extract the decision stated in the last message of this conversation.\n"
            f"Conversation:\n{transcript}\n"
            f"Decision sentence: {context.snippet}\n"
            f"Entities found: {', '.join(context.entities) or 'none'}\n"
            "Fields: decision, context (the problem), rationale (why), alternatives considered "
            "(option, pros, cons, why_not_chosen), pros/cons/risks/assumptions of the choice, "
            "stakeholders (name, role), decision_maker, tags, related_code (file paths named)."
        )),
    ]


# --- abstraction (seed 002 phase 2: structure/function bridges, the pattern) -----------

ABSTRACT_VERSION = "abstract-v1"


class Abstraction(_Answer):
    pattern: str = Field(max_length=160, description="The reusable principle, without names of tools or teams.")
    structure: str = Field(default="", max_length=120)
    function: str = Field(default="", max_length=120)
    tags: list[str] = _texts(5, 30)


@dataclass(frozen=True)
class AbstractContext:
    decision: str
    rationale: str | None


def abstract_prompt(context: AbstractContext) -> list[ChatMessage]:
    return [
        ChatMessage("system", _SYSTEM),
        ChatMessage("user", (
            "State the general pattern behind this decision so it can guide other situations.\n"
            f"Decision: {context.decision}\n"
            f"Why: {context.rationale or 'not stated'}\n"
            "pattern: the principle in one sentence; structure: what kind of thing it changes; "
            "function: what it is for; tags: up to five topic words."
        )),
    ]


# --- relation (the journal's supersede/revisit classifier when offline cues are unsure) -

RELATE_VERSION = "relate-v1"


class RelationVerdict(_Answer):
    relation: Literal["supersedes", "revisits", "unrelated"]
    confidence: float = Field(ge=0.0, le=1.0)
    reason: str = Field(max_length=160)


@dataclass(frozen=True)
class RelateContext:
    new_decision: str
    new_context: str | None
    old_decision: str
    old_date: str | None


def relate_prompt(context: RelateContext) -> list[ChatMessage]:
    return [
        ChatMessage("system", _SYSTEM),
        ChatMessage("user", (
            "An earlier decision and a newer one are about a similar subject.\n"
            f"Earlier ({context.old_date or 'date unknown'}): {context.old_decision}\n"
            f"Newer: {context.new_decision}\n"
            f"Newer context: {context.new_context or 'none'}\n"
            "Does the newer one replace the earlier one (supersedes), reconsider it and keep or "
            "adjust it (revisits), or is it about something else (unrelated)?"
        )),
    ]


def entity_names(labels: Sequence[tuple[str, str]]) -> tuple[str, ...]:
    """spaCy entities as prompt text: ``"PostgreSQL (TECH)"``, first 12, no repeats."""
    return tuple(dict.fromkeys(f"{text} ({label})" for text, label in labels))[:12]
