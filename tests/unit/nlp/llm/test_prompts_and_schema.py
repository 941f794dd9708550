"""Prompts render from their typed context; schemas are bounded so small models terminate."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from nlp.llm.prompts import (
    AbstractContext,
    Abstraction,
    Confirmation,
    ConfirmContext,
    ExtractContext,
    LLMExtraction,
    RelateContext,
    RelationVerdict,
    abstract_prompt,
    confirm_prompt,
    extract_prompt,
    relate_prompt,
)
from nlp.llm.schema import bounded_schema


@pytest.mark.parametrize("model", [Confirmation, LLMExtraction, Abstraction, RelationVerdict])
def test_every_response_schema_is_bounded_and_closed(model: type[BaseModel]) -> None:
    schema = bounded_schema(model)
    assert "$defs" not in str(schema) and "$ref" not in str(schema)

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if node.get("type") == "object":
                assert node["additionalProperties"] is False
            if node.get("type") == "string":
                assert "maxLength" in node or "enum" in node
            if node.get("type") == "array":
                assert "maxItems" in node and node["items"]["type"] in {"string", "object"}
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)


def test_an_unbounded_model_is_refused() -> None:
    class Loose(BaseModel):
        text: str

    with pytest.raises(ValueError, match="no maxLength"):
        bounded_schema(Loose)


def test_prompts_render_their_context() -> None:
    confirm = confirm_prompt(ConfirmContext("Let's go with REST.", "alice", "Let's go with REST.",
                                            ("bob: REST or GraphQL?",), ("REST (TECH)",)))
    assert confirm[0].role == "system" and "JSON" in confirm[0].content
    assert "Last message (alice): Let's go with REST." in confirm[1].content
    assert "- bob: REST or GraphQL?" in confirm[1].content and "REST (TECH)" in confirm[1].content
    extract = extract_prompt(ExtractContext((("bob", "REST or GraphQL?"), ("alice", "Let's go with REST.")),
                                            "Let's go with REST.", ()))
    assert "bob: REST or GraphQL?\nalice: Let's go with REST." in extract[1].content
    assert "Entities found: none" in extract[1].content
    assert "Why: not stated" in abstract_prompt(AbstractContext("Use REST", None))[1].content
    relate = relate_prompt(RelateContext("Move to DynamoDB", None, "Use PostgreSQL", "2024-03-15"))[1].content
    assert "Earlier (2024-03-15): Use PostgreSQL" in relate and "Newer: Move to DynamoDB" in relate
