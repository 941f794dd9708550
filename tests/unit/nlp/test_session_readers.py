"""Coding-assistant session readers: Claude Code, Codex CLI, aider and SpecStory, read from the
fixtures in ``sessions/`` (see its README), plus detection of the format and of tool turns."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from spacy.language import Language

from nlp.detect import DecisionDetector
from nlp.errors import InputFormatError
from nlp.readers import conversation_files, detect_format, read_conversation
from nlp.readers.aider import read_aider
from nlp.readers.claude_code import read_claude_code
from nlp.readers.codex import read_codex
from nlp.readers.common import parse_timestamp
from nlp.readers.session_log import TOOL_TEXT_LIMIT, numbered_lines, patch_files, tool_text
from nlp.readers.specstory import read_specstory
from nlp.schema import TOOL_ROLE, Conversation, Message

SESSIONS = Path(__file__).parent / "sessions"
CLAUDE = SESSIONS / "7f3c2a10-5b1e-4c2d-9a7e-0c1d2e3f4a5b.jsonl"
CODEX = SESSIONS / "rollout-2025-10-02T14-00-00-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl"
AIDER = SESSIONS / "aider" / ".aider.chat.history.md"
SPECSTORY = SESSIONS / "specstory" / ".specstory" / "history" / "2025-03-02_14-12-05Z-queue-or-polling.md"


def _roles(conversation: Conversation) -> list[str | None]:
    return [m.role for m in conversation.messages]


def _edited(conversation: Conversation) -> list[str]:
    return [path for m in conversation.messages for path in m.files]


def test_claude_code_keeps_roles_tool_turns_edited_files_and_the_session_s_place_and_times() -> None:
    session = read_conversation(CLAUDE)
    assert session.source_format == "claude-code"
    assert session.session_id == "7f3c2a10-5b1e-4c2d-9a7e-0c1d2e3f4a5b"
    assert session.title == "Cache for the product page"
    assert (session.cwd, session.git_branch) == ("/home/dev/shop", "feature/cache")
    assert session.started_at == datetime(2025, 9, 14, 9, 0, tzinfo=UTC)
    assert session.ended_at == datetime(2025, 9, 14, 9, 2, 30, tzinfo=UTC)
    assert _roles(session) == [
        "user", "assistant", "tool", "tool", "user", "assistant", "tool", "tool", "tool", "tool", "system", "assistant",
    ]
    # The Read call is a tool turn, but only Edit and Write count as files the session changed.
    assert _edited(session) == ["/home/dev/shop/app/cache.py", "/home/dev/shop/app/settings/cache.toml"]
    sid = session.session_id
    assert [m.id for m in session.messages[4:8]] == [f"{sid}#u4", f"{sid}#u5", f"{sid}#u5.1", f"{sid}#u5.2"]
    assert all("decided nothing yet" not in m.content for m in session.messages), "thinking is left out"
    assert all(m.author is None for m in session.messages if m.role == TOOL_ROLE)
    assert session.messages[0].author == "user" and session.messages[0].line == 2


def test_codex_reads_items_marks_context_as_system_and_apply_patch_files() -> None:
    session = read_conversation(CODEX)
    assert session.source_format == "codex"
    assert (session.cwd, session.git_branch) == ("/home/dev/billing", "main")
    assert session.started_at == datetime(2025, 10, 2, 14, 0, tzinfo=UTC)
    assert session.ended_at == datetime(2025, 10, 2, 14, 1, 20, tzinfo=UTC)
    assert _roles(session) == ["system", "user", "assistant", "user", "tool", "tool", "tool", "tool", "assistant"]
    assert _edited(session) == ["billing/invoice.py", "billing/tests/test_rounding.py"]
    assert session.messages[5].content.startswith("billing/invoice.py:12:"), "a shell call's JSON output is unwrapped"
    assert len({m.id for m in session.messages}) == len(session.messages)


def test_codex_before_session_meta_lines_reads_the_bare_header_and_items() -> None:
    text = "\n".join(json.dumps(line) for line in (
        {"id": "s1", "timestamp": "2025-04-20T08:00:00Z", "instructions": None, "git": {"branch": "dev"}},
        {"record_type": "state"},
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Use SQLite for now."}]},
        {"type": "function_call", "name": "shell", "call_id": "c",
         "arguments": json.dumps({"command": ["apply_patch", "*** Begin Patch\n*** Delete File: old.py\n*** End Patch"]})},
    ))
    log = read_codex(text, "old.jsonl", "s1")
    assert log.git_branch == "dev" and log.started_at == datetime(2025, 4, 20, 8, tzinfo=UTC)
    assert [(m.role, m.files) for m in log.messages] == [("user", ()), ("tool", ("old.py",))]


def test_aider_keeps_user_lines_replies_output_and_edit_blocks_across_its_sessions() -> None:
    session = read_conversation(AIDER)
    assert session.source_format == "aider"
    assert session.session_id == "aider-aider", "every repository names the file alike: the folder names the session"
    assert session.title == "aider-aider"
    assert _roles(session) == ["tool", "user", "assistant", "user", "assistant", "tool", "tool", "user", "tool", "tool"]
    assert session.messages[3].content == (
        "ok, let's use ISO 8601 strings everywhere and drop epoch seconds.\nUpdate the serializer."
    )
    assert session.messages[5].files == ("notes/api.py",)
    assert "notes/api.py" not in session.messages[4].content, "the file name goes with its edit block"
    assert session.messages[6].files == ("notes/api.py",), "Applied edit to … names it too"
    assert session.messages[8].files == ("tests/test_api.py",)
    assert session.messages[1].timestamp == datetime(2025, 6, 3, 10, 15, 42, tzinfo=UTC)
    assert session.messages[7].timestamp == datetime(2025, 6, 4, 8, 2, 10, tzinfo=UTC)
    assert (session.started_at, session.ended_at) == (session.messages[1].timestamp, session.messages[7].timestamp)


def test_aider_s_udiff_edits_name_their_files() -> None:
    text = ("# aider chat started at 2025-06-05 09:00:00\n\n#### rename it\n\nRenaming.\n\n"
            "```diff\n--- a/src/old_name.py\n+++ b/src/old_name.py\n@@ ... @@\n-x = 1\n+y = 1\n```\n\n"
            "Here is an example, not an edit:\n\n```python\nprint(1)\n```\n")
    log = read_aider(text, "h.md", "h")
    assert [(m.role, m.files) for m in log.messages] == [
        ("user", ()), ("assistant", ()), ("tool", ("src/old_name.py",)), ("assistant", ()),
    ]
    assert "print(1)" in log.messages[3].content


def test_aider_s_yes_no_answers_are_the_tool_s_not_talk() -> None:
    # Written as aider 0.8x writes them: the answer on a "#### " line, the question echoed after it.
    text = ("# aider chat started at 2025-05-08 21:45:00\n\n#### add a history panel  \n\n"
            "Please add src/App.js to the chat.\n\n> src/App.js  \n"
            "> Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: a  \n\n"
            "#### Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: all  \n"
            "> Add URL to the chat? (Y)es/(N)o/(D)on't ask again [Yes]: n  \n\n"
            "#### keep the panel hidden until the first result  \n")
    log = read_aider(text, "h.md", "h")
    assert [m.role for m in log.messages] == ["user", "assistant", "tool", "user"]
    assert "[Yes]: all" in log.messages[2].content
    assert log.messages[3].content == "keep the panel hidden until the first result"


def test_specstory_turns_tool_blocks_and_the_title_s_time() -> None:
    session = read_conversation(SPECSTORY)
    assert session.source_format == "specstory"
    assert session.title == "Queue or polling for order updates"
    assert session.started_at == datetime(2025, 3, 2, 14, 12, 5, tzinfo=UTC)
    assert _roles(session) == ["user", "assistant", "user", "tool", "assistant", "tool", "assistant"]
    assert _edited(session) == ["web/orders.js"]
    assert session.messages[5].content.startswith("Tool use: **edit_file**")


def test_specstory_newer_turn_headers_carry_their_own_times() -> None:
    text = ("<!-- Generated by SpecStory, Markdown v2.1.0 -->\n\n# T (2025-10-01 10:00Z)\n\n"
            "_**User (2025-10-01 10:00Z)**_\n\nUse the queue.\n\n---\n\n"
            "_**Agent (model claude-4.5-sonnet, mode Agent)**_\n\nDone.\n")
    log = read_specstory(text, "x.md", "x")
    assert [(m.role, m.content) for m in log.messages] == [("user", "Use the queue."), ("assistant", "Done.")]
    assert log.messages[0].timestamp == datetime(2025, 10, 1, 10, 0, tzinfo=UTC)


CLAUDE_VIA_SPECSTORY = """\
<!-- Generated by SpecStory -->

# 2025-07-20 00:45:12Z

<!-- Claude Code Session 0b7e (2025-07-20_00-45-12Z) -->

_**User**_

Should the API keep files on disk or move them to SQLite?

---

_**Agent (claude-opus-4-20250514)**_

SQLite gives us transactions; disk is simpler. I'd move them to SQLite.

_**Agent (claude-opus-4-20250514)**_

Tool use: **Task** Look at the storage layer

---

_**User (sidechain)**_

Read the storage module and report how files are kept.

---

_**Agent (claude-opus-4-20250514) (sidechain)**_

Tool use: **Read** `./src/storage.ts`

Result:

```
1→// we decided to keep files on disk
```

---

_**User**_

Agreed, we move the files to SQLite.

---

_**Agent (claude-opus-4-20250514)**_

Tool use: **Edit**

Error:

```
File has not been read yet. Read it first before writing to it.
```

_**Agent (claude-opus-4-20250514)**_

Tool use: **Edit**

Result:

```
The file /home/dev/office/src/storage.ts has been updated. Here's the result:
```

_**Agent (claude-opus-4-20250514)**_

Tool use: **Write**

Result:

```
File created successfully at: /home/dev/office/src/db.ts
```
"""


def test_specstory_s_claude_code_layout_tool_turns_sidechains_and_failed_edits() -> None:
    log = read_specstory(CLAUDE_VIA_SPECSTORY, "s.md", "s")
    assert log.started_at == datetime(2025, 7, 20, 0, 45, 12, tzinfo=UTC) and log.title is None
    assert [m.role for m in log.messages] == ["user", "assistant", "tool", "system", "tool", "user", "tool", "tool", "tool"]
    assert [m.files for m in log.messages if m.role == TOOL_ROLE] == [
        (), (), (), ("/home/dev/office/src/storage.ts",), ("/home/dev/office/src/db.ts",),
    ], "a Read or a failed Edit changed nothing"
    assert detect_format(Path("any.md"), CLAUDE_VIA_SPECSTORY) == "specstory"


V2_WRITES = """\
<!-- Generated by SpecStory, Markdown v2.0.0 -->

_**User (2025-12-02 23:50Z)**_

keep the build on gradle 8 and add the widget settings

---

_**Agent (gemini-3-pro-preview 2025-12-02 23:53:50Z)**_

<tool-use data-tool-type="write" data-tool-name="write_file"><details><summary>Tool use: **WriteFile**</summary>

Path: `settings.gradle`

```gradle
Path: `not/a/file.gradle`
```

Result: Successfully created and wrote to new file: settings.gradle
</details></tool-use>

<tool-use data-tool-type="write" data-tool-name="replace"><details><summary>Tool use: **Edit**</summary>

Path: `/Users/dev/widget/build.gradle`

Result: Successfully modified file: /Users/dev/widget/build.gradle (1 replacements).
</details></tool-use>

<tool-use data-tool-type="write" data-tool-name="apply_patch"><details><summary>Tool use: **apply_patch**</summary>

Output:
```
Success. Updated the following files:
M app/src/Widget.kt
A app/src/Settings.kt
```
</details></tool-use>

<tool-use data-tool-type="write" data-tool-name="Edit"><details>
<summary>Tool use: **Edit**</summary>

```
The file /Users/dev/widget/app/src/Prefs.kt has been updated. Here's the result of running `cat -n`:
```
</details></tool-use>

<tool-use data-tool-type="read" data-tool-name="Read"><details><summary>Tool use: **Read**</summary>

Path: `app/src/Read.kt`
</details></tool-use>

<tool-use data-tool-type="write" data-tool-name="write_file"><details><summary>Tool use: **WriteFile**</summary>

Path: `app/src/Failed.kt`

Error: permission denied
</details></tool-use>
"""


def test_specstory_v2_write_blocks_name_the_files_they_wrote() -> None:
    log = read_specstory(V2_WRITES, "v2.md", "v2")
    assert [m.files for m in log.messages if m.role == TOOL_ROLE] == [
        ("settings.gradle",),
        ("/Users/dev/widget/build.gradle",),
        ("app/src/Widget.kt", "app/src/Settings.kt"),
        ("/Users/dev/widget/app/src/Prefs.kt",),
        (),
        (),
    ], "the Path: of a write (not one inside its content), apply_patch's list, the Edit's result; a Read or a failed write changed nothing"


def test_specstory_s_first_layout_with_its_slashed_date() -> None:
    text = "## SpecStory\n\n## Cache choice (2024/12/28 07:52:19)\n\n_**User**_\n\nRedis?\n\n---\n\n_**Assistant**_\n\nYes.\n"
    log = read_specstory(text, "old.md", "old")
    assert (log.title, log.started_at) == ("Cache choice", datetime(2024, 12, 28, 7, 52, 19, tzinfo=UTC))
    assert [m.content for m in log.messages] == ["Redis?", "Yes."]
    assert detect_format(Path("old.md"), text) == "specstory"


def test_specstory_s_nameless_turn_headings_are_no_ones_words() -> None:
    text = ("## Cache choice (2025-02-26 10:04:00)\n\n_**User**_\n\nAdd e2e tests\n\n---\n\n_**Assistant**_\n\n"
            "I see a Vite project.\n\n---\n\n_****_\n\nLet's use Playwright for the e2e tests.\n\n---\n\n_****_\n\nDone.\n")
    log = read_specstory(text, "old.md", "old")
    assert [m.role for m in log.messages] == ["user", "assistant"]
    assert "_****_" not in log.messages[1].content
    assert "Let's use Playwright for the e2e tests." in log.messages[1].content


@pytest.mark.parametrize(("heading", "started", "where"), [
    ("## [TYPING SETUP] (2/19/2025, 9:30:45 AM)", datetime(2025, 2, 19, 9, 30, 45, tzinfo=UTC), "session"),
    ("## Auth0 Token Response Details (3/23/2025, 5:36:40 PM)", datetime(2025, 3, 23, 17, 36, 40, tzinfo=UTC), "session"),
    ("## 智慧旅游平台开发进展与计划 (2025/4/9 15:20:04)", datetime(2025, 4, 9, 15, 20, 4, tzinfo=UTC), "session"),
    ("## A heading without its time", datetime(2025, 2, 19, 9, 30, tzinfo=UTC), "file name"),
])
def test_specstory_s_first_layout_is_dated_by_its_heading_or_else_its_file_name(
    tmp_path: Path, heading: str, started: datetime, where: str,
) -> None:
    """Its first layout wrote the heading's time in the user's locale ("2/19/2025, 9:30:45 AM",
    "2025/4/9 15:20:04"), and every layout names the file by when the chat began: found in
    neither, a folder of these files was stored undated."""
    history = tmp_path / ".specstory" / "history"
    history.mkdir(parents=True)
    path = history / "2025-02-19_09-30-[typing-setup].md"
    path.write_text(f"## SpecStory\n\n{heading}\n\n_**User**_\n\nRedis?\n\n---\n\n_**Assistant**_\n\nYes.\n")
    session = read_conversation(path)
    assert (session.started_at, session.date, session.date_from) == (started, started, where)
    assert session.title and "(" not in session.title and "2025" not in session.title
    assert {m.timestamp for m in session.messages} == {started}


def test_a_cut_last_line_fails_the_file_naming_the_line(tmp_path: Path) -> None:
    lines = CLAUDE.read_text().splitlines()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:40])
    with pytest.raises(InputFormatError, match=rf"cut.jsonl:{len(lines)}: not valid JSON"):
        read_conversation(cut)
    rollout = tmp_path / "rollout-x.jsonl"
    rows = CODEX.read_text().splitlines()
    rows[5] = json.dumps({"timestamp": "2025-10-02T14:00:05Z", "type": "response_item", "payload": ["reasoning"]})
    rollout.write_text("\n".join(rows))
    with pytest.raises(InputFormatError, match=r"rollout-x.jsonl:6: a response_item without a `payload` object"):
        read_conversation(rollout)


def test_a_newer_version_s_unreadable_entry_is_named_with_the_version() -> None:
    line = {"type": "user", "sessionId": "s", "version": "3.1.0", "turn": {"text": "hi"}}
    with pytest.raises(InputFormatError, match=r"s.jsonl:1: a user entry without a `message` object; .*Claude Code 3.1.0"):
        read_claude_code(json.dumps(line), "s.jsonl", "s")
    meta = {"type": "session_meta", "payload": {"id": "c", "cli_version": "1.2.0"}}
    item = {"type": "response_item", "payload": "message"}
    with pytest.raises(InputFormatError, match=r"c.jsonl:2: .*Codex 1.2.0, newer"):
        read_codex(f"{json.dumps(meta)}\n{json.dumps(item)}", "c.jsonl", "c")
    with pytest.raises(InputFormatError, match=r"holds no .* turns; .*Markdown v3.0, newer"):
        read_specstory("<!-- Generated by SpecStory, Markdown v3.0 -->\n\n## Human said\n\nhi\n", "h.md", "h")


def test_new_entry_and_block_kinds_are_skipped_not_fatal() -> None:
    lines = [
        {"type": "queue-operation", "sessionId": "s", "operation": "enqueue"},
        {"type": "user", "sessionId": "s", "uuid": "a", "message": {"role": "user", "content": [
            {"type": "image", "source": {}}, {"type": "hologram"}, {"type": "text", "text": "Ship it."}]}},
    ]
    log = read_claude_code("\n".join(json.dumps(line) for line in lines), "s.jsonl", "s")
    assert [(m.id, m.content) for m in log.messages] == [("s#a.2", "Ship it.")]


def test_claude_code_slash_commands_and_their_output_are_system_turns() -> None:
    lines = [
        {"type": "user", "sessionId": "s", "uuid": "c", "message": {"role": "user", "content":
            "<command-name>/model</command-name>\n<command-args>opus</command-args>"}},
        {"type": "user", "sessionId": "s", "uuid": "o", "message": {"role": "user", "content":
            "<local-command-stdout>Set model to opus</local-command-stdout>"}},
        {"type": "user", "sessionId": "s", "uuid": "u", "message": {"role": "user", "content": "Use opus from now on."}},
    ]
    log = read_claude_code("\n".join(json.dumps(line) for line in lines), "s.jsonl", "s")
    assert [m.role for m in log.messages] == ["system", "system", "user"]


def test_detection_tells_each_session_from_other_formats() -> None:
    for path, fmt in ((CLAUDE, "claude-code"), (CODEX, "codex"), (AIDER, "aider"), (SPECSTORY, "specstory")):
        assert detect_format(path, path.read_text()) == fmt
    assert detect_format(Path("x.jsonl"), '{"role": "user", "content": "hi"}') == "chat-jsonl"
    assert detect_format(Path("x.jsonl"), '{"type": "message", "role": "user", "content": "hi"}') == "chat-jsonl"
    assert detect_format(Path("notes.md"), "# Notes\n\n_**User**_ said hi\n") == "markdown"
    assert detect_format(Path("x.log"), CODEX.read_text()) == "codex"


def test_a_folder_ingest_finds_aider_and_specstory_histories_but_no_other_hidden_file(tmp_path: Path) -> None:
    for name in (".aider.chat.history.md", ".aider.input.history.md", ".git/notes.md", ".specstory/notes.md",
                 ".specstory/history/a.md", "docs/.specstory/history/b.md", "chat.jsonl"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    found = [p.relative_to(tmp_path).as_posix() for p in conversation_files([tmp_path])]
    assert found == [".aider.chat.history.md", ".specstory/history/a.md", "chat.jsonl", "docs/.specstory/history/b.md"]


def test_session_helpers_stream_lines_cap_tool_text_and_read_patches() -> None:
    assert list(numbered_lines("a\r\nb\n\nc")) == [(1, "a"), (2, "b"), (3, ""), (4, "c")]
    long = "x" * (TOOL_TEXT_LIMIT + 5)
    assert tool_text(long).endswith("[5 characters left out]") and tool_text("short") == "short"
    patch = "*** Begin Patch\n*** Update File: a.py\n*** Move to: b.py\n*** Update File: a.py\n*** End Patch"
    assert patch_files(patch) == ("a.py", "b.py")
    assert [parse_timestamp(v) for v in (10**20, "1e400", float("nan"))] == [None, None, None]


def test_tool_turns_are_never_decisions_or_drafts_whatever_they_say(nlp: Language) -> None:
    said = "We've decided to use PostgreSQL and drop MongoDB."

    def detected(role: str) -> list[tuple[bool, bool]]:
        messages = (
            Message(id="s#0", seq=0, author="user", role="user", content="Which database should we use?"),
            Message(id="s#1", seq=1, author=None if role == TOOL_ROLE else role, role=role, content=said),
        )
        detections = DecisionDetector(nlp).detect(Conversation(session_id="s", source_format="codex", messages=messages))
        return [(d.is_decision, d.is_candidate) for d in detections]

    assert detected("user")[1] == (True, False), "the same words from a person are a decision"
    assert detected(TOOL_ROLE) == [(False, False), (False, False)]


def test_in_the_fixture_sessions_no_tool_turn_is_detected(nlp: Language) -> None:
    detector = DecisionDetector(nlp)
    for path in (CLAUDE, CODEX, AIDER, SPECSTORY):
        session = read_conversation(path)
        detections = detector.detect(session)
        tools = {m.seq for m in session.messages if m.role == TOOL_ROLE}
        assert tools
        assert not [d.seq for d in detections if d.seq in tools and (d.is_decision or d.is_candidate or d.signals)]


THINKING = """<!-- Generated by SpecStory, Markdown v2.1.0 -->

# Widget colours (2025-12-02 23:39:00Z)

_**User (2025-12-02 23:39Z)**_

Let the user pick the text colour.

---

_**Agent (model gemini-3-pro, mode Agent)**_

<think><details><summary>Thought Process</summary>
- **Considering Color Options** — I'm leaning towards a ColorPickerDialog written in code.
</details></think>

<tool-use data-tool-type="write" data-tool-name="write_file"><details><summary>Tool use: **WriteFile**</summary>

Path: `app/ColorPicker.kt`

Result: Successfully created and wrote to new file: app/ColorPicker.kt
</details></tool-use>

<think><details><summary>Thought Process</summary>I'll keep it small.</details></think>

A colour picker dialog is in place, written in code rather than a library.
"""


def test_specstory_reasoning_is_evidence_not_talk_and_every_turn_keeps_its_place() -> None:
    log = read_specstory(THINKING, "t.md", "t")
    roles = [m.role for m in log.messages]
    assert roles == ["user", TOOL_ROLE, TOOL_ROLE, "assistant"]
    assert log.messages[2].files == ("app/ColorPicker.kt",)
    assert "ColorPickerDialog" in log.messages[1].content and "<think>" not in log.messages[1].content
    assert log.messages[3].content == "A colour picker dialog is in place, written in code rather than a library."
