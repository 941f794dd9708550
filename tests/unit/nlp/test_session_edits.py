"""The window of a decision's session edits, and the repository paths a session's edits name."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from nlp.code_links.tree import RepoTree
from nlp.schema import TOOL_ROLE, Message
from nlp.session_edits import (
    MAX_FILES,
    DecisionPoint,
    SessionEdit,
    edit_evidence,
    edits_after_decisions,
)
from nlp.session_paths import SessionPaths

T0 = datetime(2025, 9, 14, 9, 0, tzinfo=UTC)


def _session(*turns: tuple[str, str, tuple[str, ...]], gap: timedelta = timedelta(seconds=5)) -> list[Message]:
    return [
        Message(id=f"s#{seq}", seq=seq, role=role, content=text, timestamp=T0 + gap * seq, files=files)
        for seq, (role, text, files) in enumerate(turns)
    ]


def _same(path: str) -> str | None:
    return path


def _paths(edits: list[SessionEdit], decision: str) -> list[str]:
    return [e.path for e in edits if e.decision_id == decision]


def test_the_edits_that_answer_a_decision_are_its_own_and_the_next_user_turn_ends_them() -> None:
    messages = _session(
        ("user", "Redis or Memcached for the product page?", ()),
        ("assistant", "Redis keeps keys across restarts.", ()),
        ("user", "Let's go with Redis.", ()),
        ("assistant", "Switching the cache.", ()),
        (TOOL_ROLE, "Edit {...}", ("app/cache.py",)),
        (TOOL_ROLE, "Write {...}", ("app/settings/cache.toml",)),
        (TOOL_ROLE, "Edit {...}", ("app/cache.py",)),
        ("user", "Now fix the login page.", ()),
        (TOOL_ROLE, "Edit {...}", ("app/login.py",)),
    )
    edits = edits_after_decisions(messages, [DecisionPoint("redis", (2,))], _same)
    assert _paths(edits, "redis") == ["app/cache.py", "app/settings/cache.toml"]
    first, second = edits
    assert (first.decided, first.edited, first.tool, first.seconds, first.rank) == (2, 4, "Edit", 10.0, 0)
    assert second.confidence < first.confidence
    assert edit_evidence(first, 2, 4) == "the session edited it: Edit in message 4, 2 messages, 10 s after the decision (message 2)"


def test_a_unit_is_concluded_by_its_last_message_and_edits_before_it_are_not_after_it() -> None:
    messages = _session(
        ("assistant", "I propose a queue instead of polling.", ()),
        (TOOL_ROLE, "Edit {...}", ("web/draft.js",)),
        ("user", "Yes, go with the queue.", ()),
        (TOOL_ROLE, "Edit {...}", ("web/orders.js",)),
    )
    edits = edits_after_decisions(messages, [DecisionPoint("queue", (0, 2))], _same)
    assert _paths(edits, "queue") == ["web/orders.js"]


def test_the_next_decision_takes_the_edits_after_it() -> None:
    messages = _session(
        ("user", "Use Redis, and keep the TTL at five minutes.", ()),
        (TOOL_ROLE, "Edit {...}", ("app/cache.py",)),
        ("assistant", "I'll keep the serializer as JSON rather than pickle.", ()),
        (TOOL_ROLE, "Edit {...}", ("app/serialize.py",)),
    )
    edits = edits_after_decisions(messages, [DecisionPoint("redis", (0,)), DecisionPoint("json", (2,))], _same)
    assert _paths(edits, "redis") == ["app/cache.py"]
    assert _paths(edits, "json") == ["app/serialize.py"]


def test_the_harness_stepping_in_ends_the_window_as_a_user_turn_does() -> None:
    messages = _session(
        ("user", "Let's go with Redis.", ()),
        (TOOL_ROLE, "Edit {...}", ("app/cache.py",)),
        ("system", "<command-name>/review</command-name>", ()),
        (TOOL_ROLE, "Edit {...}", ("app/other.py",)),
    )
    assert _paths(edits_after_decisions(messages, [DecisionPoint("redis", (0,))], _same), "redis") == ["app/cache.py"]


def test_edits_long_after_the_decision_are_not_its_answer() -> None:
    messages = _session(
        ("user", "Let's go with Redis.", ()),
        (TOOL_ROLE, "Edit {...}", ("app/cache.py",)),
        (TOOL_ROLE, "Edit {...}", ("app/late.py",)),
        gap=timedelta(minutes=20),
    )
    assert _paths(edits_after_decisions(messages, [DecisionPoint("redis", (0,))], _same), "redis") == ["app/cache.py"]


def test_a_sweep_of_many_files_keeps_only_the_first_ones() -> None:
    turns = [("user", "Let's rename Store to Repository everywhere.", ())]
    turns += [(TOOL_ROLE, "Edit {...}", (f"src/m{i}.py",)) for i in range(MAX_FILES + 5)]
    edits = edits_after_decisions(_session(*turns), [DecisionPoint("rename", (0,))], _same)
    assert _paths(edits, "rename") == [f"src/m{i}.py" for i in range(MAX_FILES)]
    assert min(e.confidence for e in edits) >= 0.6


def test_paths_outside_the_repository_are_dropped() -> None:
    messages = _session(
        ("user", "Let's go with Redis.", ()),
        (TOOL_ROLE, "Write {...}", ("/tmp/scratch.py", "app/cache.py")),
    )
    where = {"app/cache.py": "app/cache.py"}.get
    assert _paths(edits_after_decisions(messages, [DecisionPoint("redis", (0,))], where), "redis") == ["app/cache.py"]


def _checkout(root: Path, files: list[str]) -> Path:
    for name in files:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("x\n")
    return root


def test_a_session_of_another_machine_is_read_from_its_working_directory_and_checked_against_the_tree(tmp_path: Path) -> None:
    tree = RepoTree(["app/cache.py", "services/api/handlers.py"])
    paths = SessionPaths(tmp_path, "/home/dev/shop", tree)
    assert paths.relative("/home/dev/shop/app/cache.py") == "app/cache.py"
    assert paths.relative("app/cache.py") == "app/cache.py"
    assert paths.relative("./app/../app/cache.py") == "app/cache.py"
    # The session ran in a subfolder elsewhere: the one file of the tree with that tail.
    assert SessionPaths(tmp_path, "/home/dev/shop/services/api", tree).relative("handlers.py") == "services/api/handlers.py"
    assert paths.relative("/home/dev/notes/todo.py") is None, "outside the working directory and the checkout"
    assert paths.relative("/home/dev/shop/app/new_module.py") is None, "not in the tree: not guessed at"
    assert paths.relative("../elsewhere/x.py") is None
    assert paths.cwd_in_repository is None, "another machine's folder is never kept"


def test_a_session_that_ran_here_keeps_new_files_and_its_folder_relative_to_the_top(tmp_path: Path) -> None:
    root = _checkout(tmp_path / "shop", ["app/cache.py"])
    (root / "services" / "api").mkdir(parents=True)
    paths = SessionPaths(root, str(root / "services" / "api"), RepoTree(["app/cache.py"]))
    assert paths.cwd_in_repository == "services/api"
    assert paths.relative(str(root / "app" / "cache.py")) == "app/cache.py"
    assert paths.relative("routes.py") == "services/api/routes.py", "relative to its working directory"
    assert paths.relative(str(root / "services" / "api" / "new.py")) == "services/api/new.py", "a file it created"
    assert SessionPaths(root, str(root)).cwd_in_repository == "."
    assert paths.relative(str(tmp_path / "other" / "x.py")) is None
