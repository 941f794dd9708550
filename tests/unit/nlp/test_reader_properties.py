"""Property-based: whatever text or bytes arrive, every reader either reads messages or
refuses with an InputFormatError that names where — never another exception.
DJ_HYPOTHESIS_EXAMPLES raises the number of examples for a deeper local run (3,000 passed)."""

from __future__ import annotations

import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nlp.errors import InputFormatError
from nlp.readers import READERS, SESSION_READERS, read_conversation_text
from nlp.readers.adr import front_matter, read_adr
from nlp.readers.adr_links import extract_links
from nlp.readers.common import decode_text
from nlp.readers.decision_doc import read_decision_document
from nlp.readers.slack import read_slack
from nlp.schema import Message

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["author", "content", "role", "text", "user", "ts", "speaker", "meeting_transcripts",
                         "transcript", "turn_index", "timestamp", "id", "subtype"]) | st.text(max_size=8),
        inner, max_size=5),
    max_leaves=12,
)
TEXTS = st.one_of(
    st.text(max_size=1500),
    JSON.map(json.dumps),
    st.lists(JSON.map(json.dumps), max_size=5).map("\n".join),
    st.lists(st.tuples(st.sampled_from(["alice", "Bob", "[10:00] carol", "## Decision 1: X", "- Status", "# T"]),
                       st.text(max_size=60)), max_size=8).map(lambda rows: "\n".join(f"{a}: {b}" for a, b in rows)),
)
ADR_LINES = st.sampled_from([
    "# Use X", "# ( 1) n. Title", "## Status", "Accepted", "Superseded by [ADR-2](0002-y.md)", "{Proposed|Accepted}",
    "## Considered Options", "## Options", "## Alternatives Considered", "## Alternative Approaches", "### Option 1: A",
    "### Option 2: B (chosen)", "* A", "* B", "  * nested:", "* When exporting:", "1. **First** - long text", "**2. Bold**",
    "## Decision Outcome", "## Decision", "Chosen option: \"A\", because", "Chosen option: mix of \"A\" and",
    "We go with option 2.", "the second option", "## Pros and Cons of the Options", "### A", "* Good, because fast",
    "* Bad, because slow", "**Pros:**", "- Deciders: ?", "---", "decision-makers: [TBD]", "```", "Resources:", "",
    "Rejected because:", "### Decision", "> quoted guidance",
])
ADRS = st.lists(ADR_LINES | st.text(max_size=30), max_size=30).map("\n".join)
CHECKS = settings(max_examples=int(os.environ.get("DJ_HYPOTHESIS_EXAMPLES", "150")), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@CHECKS
@given(TEXTS)
def test_every_conversation_reader_reads_or_refuses_clearly(text: str) -> None:
    for name, reader in READERS.items():
        try:
            messages = reader(text, f"input.{name}", "session")
        except InputFormatError as exc:
            assert str(exc).startswith(f"input.{name}")
            continue
        assert all(isinstance(m, Message) and isinstance(m.content, str) for m in messages)


@CHECKS
@given(TEXTS)
def test_documents_and_adrs_read_or_refuse_clearly(text: str) -> None:
    for reader in (lambda: read_decision_document(text, "doc.md", "s"), lambda: read_adr(text, "adr.md", 0, "c")):
        try:
            reader()
        except InputFormatError as exc:
            assert str(exc).startswith(("doc.md", "adr.md"))
    assert isinstance(extract_links(text), list) and isinstance(front_matter(text), dict)


@CHECKS
@given(st.binary(max_size=500))
def test_any_bytes_decode_or_refuse_clearly(data: bytes) -> None:
    try:
        text = decode_text(data, "upload.txt")
    except InputFormatError as exc:
        assert str(exc).startswith("upload.txt")
    else:
        assert isinstance(text, str)


@CHECKS
@given(ADRS)
def test_adr_shaped_text_reads_into_a_decision_or_refuses_clearly(text: str) -> None:
    """The options, chosen option and status paths of the ADR reader, on ADR-shaped text."""
    try:
        _message, decision = read_adr(text, "0001-adr.md", 0, "c")
    except InputFormatError as exc:
        assert str(exc).startswith("0001-adr.md")
        return
    assert "\n" not in decision.summary and len(decision.summary) <= 300
    assert all(a.option.strip() for a in decision.alternatives)
    assert decision.decision_maker is None or decision.decision_maker != "@?"



SESSION_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20)
    | st.sampled_from(["user", "assistant", "summary", "system", "tool_use", "tool_result", "text", "thinking",
                       "session_meta", "response_item", "message", "function_call", "function_call_output",
                       "custom_tool_call", "apply_patch", "Edit", "*** Begin Patch\n*** Add File: a.py"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["type", "message", "role", "content", "text", "name", "input", "file_path", "payload",
                         "arguments", "output", "cwd", "gitBranch", "git", "branch", "timestamp", "uuid",
                         "sessionId", "version", "cli_version", "isMeta", "summary"]),
        inner, max_size=6),
    max_leaves=16,
)
SESSION_MARKDOWN = st.lists(
    st.sampled_from([
        "# aider chat started at 2025-01-02 03:04:05", "#### do it", "> Applied edit to a.py", "a.py", "```python",
        "```", "<<<<<<< SEARCH", "=======", ">>>>>>> REPLACE", "<!-- Generated by SpecStory -->", "# T (2025-01-02 03:04Z)",
        "_**User**_", "_**Assistant**_", "_**Agent (model m, mode Agent)**_", "---", "<tool-use data-tool-name=\"edit\">",
        "<details><summary>Edit file: b.py</summary>", "</details>", "</tool-use>", "",
    ]) | st.text(max_size=30),
    max_size=30,
).map("\n".join)
SESSION_TEXTS = st.one_of(st.lists(SESSION_JSON.map(json.dumps), max_size=6).map("\n".join), SESSION_MARKDOWN, TEXTS)


@CHECKS
@given(SESSION_TEXTS)
def test_every_session_reader_reads_or_refuses_clearly(text: str) -> None:
    for name, reader in SESSION_READERS.items():
        try:
            log = reader(text, f"input.{name}", "session")
        except InputFormatError as exc:
            assert str(exc).startswith(f"input.{name}")
            continue
        assert [m.seq for m in log.messages] == list(range(len(log.messages)))
        assert all(m.content.strip() and m.role in ("user", "assistant", "system", "tool") for m in log.messages)
        assert all(path for m in log.messages for path in m.files)
        assert all(not m.files or m.role in ("tool", "assistant") for m in log.messages)


@CHECKS
@given(SESSION_TEXTS)
def test_auto_detected_input_reads_or_refuses_clearly(text: str) -> None:
    """Whichever reader detection picks, ingest reads a conversation or refuses naming the input."""
    try:
        conversation = read_conversation_text(text, "auto", "s")
    except InputFormatError as exc:
        assert str(exc).startswith("<s>")
    else:
        assert conversation.messages


SLACK_IDS = st.sampled_from(["U1", "U2", "U024BE7LH", "W3"])
SLACK_NAMES = st.text(st.characters(exclude_characters="<>&|\x00"), min_size=1, max_size=12).map(str.strip).filter(bool)


@CHECKS
@given(
    st.dictionaries(SLACK_IDS, SLACK_NAMES, max_size=4),
    st.lists(st.tuples(SLACK_IDS, st.lists(SLACK_IDS, max_size=3), st.text(st.characters(exclude_characters="<>&"),
                                                                          max_size=20)), max_size=6),
)
def test_slack_names_every_listed_user_it_reads_and_mentions(users: dict[str, str],
                                                              said: list[tuple[str, list[str], str]]) -> None:
    """The export's users.json names a listed user wherever the day file has their id, as
    author or as a mention; an id not listed stays the id."""
    export = [
        {"user": user, "text": f"x{words} " + " ".join(f"<@{m}>" for m in mentions), "ts": f"{1710500000 + i}.0001"}
        for i, (user, mentions, words) in enumerate(said)
    ]
    messages = read_slack(json.dumps(export), "general/2024-03-15.json", "general/2024-03-15", users)
    assert [m.author for m in messages] == [users.get(user, user) for user, _, _ in said]
    for message, (_, mentions, words) in zip(messages, said, strict=True):
        assert message.content == f"x{words} " + " ".join(f"@{users.get(m, m)}" for m in mentions)
