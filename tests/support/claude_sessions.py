"""Deterministic Claude Code sessions of any size, shaped like the fixture
``tests/unit/nlp/sessions/7f3c2a10-….jsonl`` (a real session's structure, trimmed).

Most turns are what a coding session is mostly made of: the user gives an instruction and
the assistant works through tool calls (``Read``, ``Grep``, ``Bash``, ``Edit``, ``Glob``)
whose output comes back (kilobytes of code, test logs), then sums up at length. Now and
then the user asks which of two options to use; half of those the user settles ("Let's go
with X instead of Y ...") and the assistant edits the file and runs the tests. Every entry carries
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


_TASKS = ["Fix the failing test in the {c}.", "Add logging to the {c} so we can see the {n}.",
          "Rename the {n} helpers in the {c}.", "Why is the {c} {a}? Look into it.",
          "Make the {c} handle empty {n}.", "Write a test for the {c} retry path.",
          "Clean up the {c} module, it is {a}.", "Run the tests and fix what breaks in the {c}."]
_TOOLS = ["Read", "Grep", "Bash", "Edit", "Glob", "Read", "Bash", "Read"]


def claude_code_lines(seed: int = 46, session_id: str = SESSION_ID, choice_every: int = 8) -> Iterator[str]:
    """An endless Claude Code session, one JSON line at a time (take as many as needed).

    Most turns are work: an instruction, then 3 to 12 tool steps (a short assistant line,
    a ``Read``/``Grep``/``Bash``/``Edit``/``Glob`` call, its output), then a long summary.
    Every ``choice_every``-th turn the user asks which of two options to use, the assistant
    weighs them, and half the time the user settles it ("Agreed, let's go with X instead
    of Y") and the assistant edits files and runs the tests.
    """
    rng = random.Random(seed)
    writer = _Writer(rng, session_id, datetime(2025, 9, 14, 9, 0, tzinfo=UTC))
    yield json.dumps({"type": "summary", "summary": "Generated session for the ingest benchmark", "leafUuid": "x"})
    turn = 0
    calls = 0

    def tool_step(name: str, path: str, component: str) -> Iterator[str]:
        nonlocal calls
        calls += 1
        call_id = f"toolu_{calls}"
        inputs: dict[str, object] = {
            "Read": {"file_path": path}, "Grep": {"pattern": rng.choice(_VERBS), "path": "app"},
            "Bash": {"command": rng.choice(["pytest -q", "ruff check .", "git diff --stat", "mypy app"])},
            "Edit": {"file_path": path, "old_string": _code(rng, 1), "new_string": _code(rng, 2)},
            "Glob": {"pattern": f"app/**/{component.split()[0]}*.py"},
        }[name]
        content: list[dict[str, object]] = [{"type": "tool_use", "id": call_id, "name": name, "input": inputs}]
        if rng.random() < 0.6:
            content.insert(0, {"type": "text", "text": f"Let me {rng.choice(['check', 'look at', 'run', 'open'])} "
                                                       f"the {component} {rng.choice(_NOUNS)}."})
        yield writer.entry("assistant", {"role": "assistant", "model": "claude-sonnet-4-5", "content": content})
        output = {
            "Read": lambda: _code(rng, rng.randint(10, 80)),
            "Grep": lambda: "\n".join(f"app/{rng.choice(_NOUNS)}.py:{rng.randint(1, 900)}: {_sentence(rng)}"
                                      for _ in range(rng.randint(2, 30))),
            "Bash": lambda: "\n".join(f"tests/test_{rng.choice(_NOUNS)}.py::test_{n} "
                                      f"{rng.choice(['PASSED', 'PASSED', 'PASSED', 'FAILED'])}"
                                      for n in range(rng.randint(5, 120))),
            "Edit": lambda: f"The file {path} has been updated.",
            "Glob": lambda: "\n".join(f"app/{component.split()[0]}_{n}.py" for n in range(rng.randint(1, 12))),
        }[name]()
        yield writer.entry("user", {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": call_id, "content": output}]}, toolUseResult={"type": "text"})

    while True:
        turn += 1
        component = rng.choice(_COMPONENTS)
        chosen, other = rng.choice(_TECH)
        path = f"/home/dev/shop/app/{component.replace(' ', '_')}_{turn % 37}.py"
        if turn % choice_every:
            task = rng.choice(_TASKS).format(c=component, n=rng.choice(_NOUNS), a=rng.choice(_ADJ))
            yield writer.entry("user", {"role": "user", "content": task})
            for _ in range(rng.randint(3, 12)):
                yield from tool_step(rng.choice(_TOOLS), path, component)
            summary = " ".join(_sentence(rng) for _ in range(rng.randint(3, 14)))
            yield writer.entry("assistant", {"role": "assistant", "model": "claude-sonnet-4-5", "content": [
                {"type": "thinking", "thinking": _sentence(rng), "signature": "x"},
                {"type": "text", "text": f"Done with the {component}. {summary}"}]})
            continue
        yield writer.entry("user", {"role": "user", "content": f"The {component} is {rng.choice(_ADJ)}. "
                                    f"Should we use {chosen} or {other} for it? {_sentence(rng)}"})
        yield from tool_step("Read", path, component)
        answer = " ".join(_sentence(rng) for _ in range(rng.randint(6, 20)))
        yield writer.entry("assistant", {"role": "assistant", "model": "claude-sonnet-4-5", "content": [
            {"type": "text", "text": f"{answer} {chosen} fits the {component} better than {other} here."}]})
        if rng.random() < 0.5:
            yield writer.entry("user", {"role": "user", "content": f"Agreed, let's go with {chosen} for the "
                                        f"{component} instead of {other}. {_sentence(rng)}"})
            yield from tool_step("Edit", path, component)
            yield from tool_step("Bash", path, component)


def claude_code_session(size: int, seed: int = 46, session_id: str = SESSION_ID, choice_every: int = 8) -> bytes:
    """Whole lines of ``claude_code_lines`` until at least ``size`` bytes."""
    out: list[bytes] = []
    total = 0
    for line in claude_code_lines(seed, session_id, choice_every):
        data = (line + "\n").encode()
        out.append(data)
        total += len(data)
        if total >= size:
            break
    return b"".join(out)
