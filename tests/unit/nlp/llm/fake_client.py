"""A deterministic ``LLMClient`` for logic tests: scripted answers per response model."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from nlp.llm.client import ChatMessage, LLMError, LLMUsage, T

Answer = Callable[[list[ChatMessage]], Any]


class FakeClient:
    """Answers with ``answers[model name](messages)``: a dict (validated like a real answer),
    a string (parsed as JSON, so malformed answers can be scripted), or an exception."""

    def __init__(self, answers: dict[str, Answer]) -> None:
        self._answers = answers
        self.usage = LLMUsage()
        self.prompts: list[tuple[str, list[ChatMessage]]] = []

    async def complete(self, messages: list[ChatMessage], response_model: type[T], *, prompt_version: str = "") -> T:
        self.usage.calls += 1
        self.prompts.append((response_model.__name__, messages))
        answer = self._answers[response_model.__name__](messages)
        if isinstance(answer, Exception):
            self.usage.failures += 1
            raise answer
        try:
            if isinstance(answer, str):
                return response_model.model_validate_json(answer)
            return response_model.model_validate(answer)
        except (ValidationError, ValueError) as exc:
            self.usage.failures += 1
            raise LLMError(f"invalid answer: {exc}") from exc

    async def aclose(self) -> None:
        return None


def always(value: Any) -> Answer:
    return lambda _messages: value


def mentions(word: str, yes: Any, no: Any) -> Answer:
    """``yes`` when the last prompt message mentions ``word`` in its final message line."""
    return lambda messages: yes if word in messages[-1].content.split("Last message")[-1] else no
