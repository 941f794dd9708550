"""The one ``LLMClient`` adapter: any OpenAI-compatible endpoint through the ``openai`` SDK."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections import OrderedDict
from typing import Any, Literal

import openai
from pydantic import BaseModel, ValidationError

from nlp.llm.client import ChatMessage, LLMError, LLMUsage, T
from nlp.llm.schema import bounded_schema

log = logging.getLogger("decision_journal.llm")
Mode = Literal["json_schema", "json_object"]


class OpenAIClient:
    """Structured answers from an OpenAI-compatible chat endpoint, through the SDK's async
    client (``openai.AsyncOpenAI``): use one instance on one event loop.

    It asks for ``json_schema`` structured output and, when the server refuses that
    response format, switches (once, for the client's life) to ``{"type": "json_object",
    "schema": …}``, which llama.cpp, vLLM and Ollama accept. Answers are validated with
    pydantic; invalid JSON, refusals, timeouts and transport errors are retried with
    backoff, then raise ``LLMError``. Answers are cached by a hash of the prompt.

    Args:
        model: The model name the endpoint knows.
        base_url: The endpoint (None: the SDK's default).
        api_key: Its key; local servers take any.
        timeout: Seconds per request.
        max_retries: Further attempts after the first.
        max_tokens: Bound on each answer.
        cache_size: Answers kept in memory.
    """

    def __init__(
        self, model: str, *, base_url: str | None = None, api_key: str | None = None, timeout: float = 30.0,
        max_retries: int = 2, max_tokens: int = 512, temperature: float = 0.0, cache_size: int = 1024,
        backoff: float = 0.5,
    ) -> None:
        # The SDK retries only transport errors; these retries also cover invalid answers.
        self._client = openai.AsyncOpenAI(base_url=base_url, api_key=api_key or "not-needed", timeout=timeout, max_retries=0)
        self.model = model
        self.mode: Mode = "json_schema"
        self.usage = LLMUsage()
        self._max_retries = max_retries
        self._max_tokens = max_tokens
        self._temperature = temperature
        self._backoff = backoff
        self._cache: OrderedDict[str, str] = OrderedDict()
        self._cache_size = cache_size

    async def complete(self, messages: list[ChatMessage], response_model: type[T], *, prompt_version: str = "") -> T:
        schema = bounded_schema(response_model)
        key = _cache_key(self.model, prompt_version, messages, schema)
        cached = self._cache.get(key)
        if cached is not None:
            self.usage.cache_hits += 1
            self._cache.move_to_end(key)
            return response_model.model_validate_json(cached)
        problem = "no attempt made"
        for attempt in range(self._max_retries + 1):
            if attempt:
                self.usage.retries += 1
                await asyncio.sleep(self._backoff * 2 ** (attempt - 1))
            try:
                answer = await self._ask(messages, response_model, schema)
            except _Retryable as exc:
                problem = str(exc)
                continue
            except LLMError:
                self.usage.failures += 1
                raise
            self._remember(key, answer)
            return answer
        self.usage.failures += 1
        raise LLMError(f"{response_model.__name__}: no valid answer after {self._max_retries + 1} attempts ({problem})")

    async def _ask(self, messages: list[ChatMessage], model: type[T], schema: dict[str, Any]) -> T:
        self.usage.calls += 1
        try:
            response = await self._create_with_fallback(messages, model, schema)
        except (openai.APITimeoutError, openai.APIConnectionError, openai.RateLimitError, openai.InternalServerError) as exc:
            raise _Retryable(f"{type(exc).__name__}: {exc}") from exc
        except openai.APIStatusError as exc:
            raise LLMError(f"the endpoint answered {exc.status_code}: {exc.message}") from exc
        if response.usage is not None:
            self.usage.prompt_tokens += response.usage.prompt_tokens or 0
            self.usage.completion_tokens += response.usage.completion_tokens or 0
        choice = response.choices[0]
        refusal = getattr(choice.message, "refusal", None)
        if refusal:
            raise _Retryable(f"refused: {refusal}")
        text = choice.message.content or ""
        try:
            return model.model_validate_json(_json_object(text))
        except (ValidationError, ValueError) as exc:
            raise _Retryable(f"invalid answer ({choice.finish_reason}): {str(exc)[:160]}") from exc

    async def _create_with_fallback(self, messages: list[ChatMessage], model: type[BaseModel], schema: dict[str, Any]) -> Any:
        try:
            return await self._create(messages, model, schema)
        except openai.APIStatusError as exc:
            # OpenAI says 400; llama.cpp's server answers 500 with its validation error.
            if self.mode != "json_schema" or exc.status_code not in {400, 422, 500} or not _about_response_format(exc):
                raise
            log.info("%s does not take json_schema output; using json_object with the schema", self.model)
            self.mode = "json_object"
            return await self._create(messages, model, schema)

    async def _create(self, messages: list[ChatMessage], model: type[BaseModel], schema: dict[str, Any]) -> Any:
        chat = [{"role": m.role, "content": m.content} for m in messages]
        if self.mode == "json_schema":
            response_format: dict[str, Any] = {
                "type": "json_schema", "json_schema": {"name": model.__name__, "schema": schema, "strict": False},
            }
        else:
            response_format = {"type": "json_object", "schema": schema}
            # json_object servers follow the schema better when the prompt shows it too.
            chat[0] = {"role": "system", "content": f"{chat[0]['content']}\nJSON schema: {json.dumps(schema)}"}
        # The SDK types each role's message and each response format as its own TypedDict; these
        # are the same JSON built from runtime values, which its overloads cannot match.
        return await self._client.chat.completions.create(  # type: ignore[call-overload]
            model=self.model, messages=chat, response_format=response_format,
            max_tokens=self._max_tokens, temperature=self._temperature,
        )

    async def aclose(self) -> None:
        await self._client.close()

    def _remember(self, key: str, answer: BaseModel) -> None:
        self._cache[key] = answer.model_dump_json()
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)


class _Retryable(LLMError):
    """A failure another attempt may fix (an LLMError, should it ever escape the retry loop)."""


def _cache_key(model: str, version: str, messages: list[ChatMessage], schema: dict[str, Any]) -> str:
    text = json.dumps([model, version, [[m.role, m.content] for m in messages], schema], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _about_response_format(exc: openai.APIStatusError) -> bool:
    text = f"{exc.message} {exc.body}".lower()
    return "response_format" in text or "json_schema" in text or "response format" in text


def _json_object(text: str) -> str:
    """The JSON object in an answer, tolerating code fences and chatter around it."""
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        raise ValueError(f"no JSON object in the answer: {text[:80]!r}")
    return text[start : end + 1]
