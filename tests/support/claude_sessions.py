"""Deterministic Claude Code sessions of any size, shaped like the fixture
``tests/unit/nlp/sessions/7f3c2a10-….jsonl`` (a real session's structure, trimmed).

Each exchange is what a coding session is mostly made of: the user asks about a part of
the code; the assistant answers at length and reads a file (``Read`` tool call); the file's
contents come back (``tool_result``, kilobytes of code); now and then the user settles a
choice ("Let's go with X instead of Y ...") and the assistant edits files (``Edit`` and
``Write`` calls) and runs the tests (``Bash`` call, a test log back). Every entry carries
the metadata Claude Code writes (``uuid``, ``parentUuid``, ``sessionId``, ``cwd``,
``gitBranch``, ``version``, ``timestamp``). Words, names, sizes and choices are drawn from
a seeded generator, so the same seed gives the same bytes and no two turns are alike.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

SESSION_ID = "5e55a11d-0000-4000-8000-000000000001"
_COMPONENTS = ["cache", "queue", "scheduler", "billing", "search index", "session store", "rate limiter",
               "importer", "exporter", "notification service", "audit log", "config loader", "auth layer"]
_TECH = [("Redis", "Memcached"), ("PostgreSQL", "MySQL"), ("Kafka", "RabbitMQ"), ("gRPC", "REST"),
         ("SQLite", "DuckDB"), ("Celery", "RQ"), ("Elasticsearch", "OpenSearch"), ("JWT", "opaque tokens"),
         ("TOML", "YAML"), ("asyncio", "threads"), ("server-sent events", "polling"), ("Argon2", "bcrypt")]
_VERBS = ["handles", "retries", "batches", "validates", "serialises", "caches", "streams", "locks", "indexes"]
_NOUNS = ["requests", "payloads", "jobs", "rows", "events", "tokens", "records", "pages", "messages", "keys"]
_ADJ = ["slow", "flaky", "memory-hungry", "hard to test", "racy", "verbose", "fragile", "opaque"]


def _sentence(rng: random.Random) -> str:
    component = rng.choice(_COMPONENTS)
    return (f"The {component} {rng.choice(_VERBS)} {rng.choice(_NOUNS)} in {rng.randint(2, 64)} "
            f"{rng.choice(['steps', 'passes', 'batches', 'calls'])}, which is {rng.choice(_ADJ)} "
            f"when {rng.choice(_NOUNS)} arrive {rng.choice(['together', 'late', 'out of order', 'twice'])}.")


def _code(rng: random.Random, lines: int) -> str:
    out = [f"# {rng.choice(_COMPONENTS)} module, revision {rng.randint(1, 999)}", "import asyncio", ""]
    for n in range(lines):
        name = f"{rng.choice(_VERBS)}_{rng.choice(_NOUNS)}_{n}"
        out += [f"async def {name}(items: list[str], limit: int = {rng.randint(1, 500)}) -> int:",
                f"    \"\"\"{_sentence(rng)}\"\"\"",
                f"    return sum(len(item) for item in items[:limit]) + {rng.randint(0, 9999)}", ""]
    return "\n".join(out)


class _Writer:
    def __init__(self, rng: random.Random, session_id: str, start: datetime) -> None:
        self.rng = rng
        self.session_id = session_id
        self.now = start
        self.parent: str | None = None
        self.count = 0

    def entry(self, kind: str, message: dict[str, object], **extra: object) -> str:
        self.count += 1
        uuid = f"{self.count:08x}-{self.rng.getrandbits(16):04x}-4000-8000-{self.rng.getrandbits(48):012x}"
        self.now += timedelta(seconds=self.rng.randint(1, 40))
        line = {"parentUuid": self.parent, "isSidechain": False, "userType": "external", "cwd": "/home/dev/shop",
                "sessionId": self.session_id, "version": "2.0.31", "gitBranch": "main", "type": kind,
                "message": message, "uuid": uuid, "timestamp": self.now.strftime("%Y-%m-%dT%H:%M:%S.000Z"), **extra}
        self.parent = uuid
        return json.dumps(line, ensure_ascii=False)


def claude_code_lines(seed: int = 46, session_id: str = SESSION_ID) -> Iterator[str]:
    """An endless Claude Code session, one JSON line at a time (take as many as needed)."""
    rng = random.Random(seed)
    writer = _Writer(rng, session_id, datetime(2025, 9, 14, 9, 0, tzinfo=UTC))
    yield json.dumps({"type": "summary", "summary": "Generated session for the ingest benchmark", "leafUuid": "x"})
    turn = 0
    while True:
        turn += 1
        component = rng.choice(_COMPONENTS)
        chosen, other = rng.choice(_TECH)
        path = f"/home/dev/shop/app/{component.replace(' ', '_')}_{turn % 37}.py"
        yield writer.entry("user", {"role": "user", "content": f"The {component} is {rng.choice(_ADJ)}. "
                                    f"Should we use {chosen} or {other} for it? {_sentence(rng)}"})
        answer = " ".join(_sentence(rng) for _ in range(rng.randint(6, 20)))
        yield writer.entry("assistant", {"role": "assistant", "model": "claude-sonnet-4-5", "content": [
            {"type": "thinking", "thinking": _sentence(rng), "signature": "x"},
            {"type": "text", "text": f"{answer} {chosen} fits the {component} better than {other} here."},
            {"type": "tool_use", "id": f"toolu_{turn}a", "name": "Read", "input": {"file_path": path}},
        ]})
        yield writer.entry("user", {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": f"toolu_{turn}a", "content": _code(rng, rng.randint(20, 90))},
        ]}, toolUseResult={"type": "text"})
        if rng.random() < 0.3:
            yield writer.entry("user", {"role": "user", "content": f"Agreed, let's go with {chosen} for the "
                                        f"{component} instead of {other}. {_sentence(rng)}"})
            yield writer.entry("assistant", {"role": "assistant", "model": "claude-sonnet-4-5", "content": [
                {"type": "text", "text": f"Switching the {component} to {chosen}."},
                {"type": "tool_use", "id": f"toolu_{turn}b", "name": "Edit", "input": {
                    "file_path": path, "old_string": _code(rng, 2), "new_string": _code(rng, 3)}},
                {"type": "tool_use", "id": f"toolu_{turn}c", "name": "Bash", "input": {"command": "pytest -q"}},
            ]})
            log = "\n".join(f"tests/test_{component.replace(' ', '_')}.py::test_{n} PASSED" for n in range(rng.randint(10, 80)))
            yield writer.entry("user", {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": f"toolu_{turn}b", "content": "The file was updated."},
                {"type": "tool_result", "tool_use_id": f"toolu_{turn}c", "content": log},
            ]}, toolUseResult={"type": "text"})


def claude_code_session(size: int, seed: int = 46, session_id: str = SESSION_ID) -> bytes:
    """Whole lines of ``claude_code_lines`` until at least ``size`` bytes."""
    out: list[bytes] = []
    total = 0
    for line in claude_code_lines(seed, session_id):
        data = (line + "\n").encode()
        out.append(data)
        total += len(data)
        if total >= size:
            break
    return b"".join(out)
