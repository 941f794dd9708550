"""What the LLM steps depend on: ``await LLMClient.complete(messages, response_model) -> model``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar

from pydantic import BaseModel

from nlp.errors import NlpError

T = TypeVar("T", bound=BaseModel)


@dataclass(frozen=True)
class ChatMessage:
    role: Literal["system", "user", "assistant"]
    content: str


class LLMError(NlpError):
    """The model gave no usable answer (timeout, refusal, invalid JSON after retries).
    Callers fall back to the offline result; the message is never lost."""


@dataclass
class LLMUsage:
    """What the client spent and how it went, for logs, ``doctor`` and the eval report."""

    calls: int = 0
    cache_hits: int = 0
    failures: int = 0
    retries: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0


class LLMClient(Protocol):
    """A chat model that answers with JSON matching ``response_model``."""

    usage: LLMUsage

    async def complete(self, messages: list[ChatMessage], response_model: type[T], *, prompt_version: str = "") -> T:
        """The model's answer, validated. Awaited: a request in flight holds no thread and no
        event loop, so a server keeps answering and one ingest's requests overlap.

        Raises:
            LLMError: No valid answer within the configured retries.
        """
        ...

    async def aclose(self) -> None:
        """Close the connections it holds (on the loop that used them)."""
        ...
