"""Claude Code sessions: ``~/.claude/projects/<project>/<session>.jsonl``.

One JSON object per line. ``user`` and ``assistant`` entries carry a ``message`` whose
``content`` is a string or a list of blocks (``text``, ``tool_use``, ``tool_result``,
``thinking``, ``image``); entries also carry ``uuid``, ``timestamp``, ``cwd``, ``gitBranch``,
``sessionId`` and ``version``. A ``summary`` entry names the session. Other entry kinds
(file-history snapshots, progress) are bookkeeping and are skipped, so a newer version that
adds kinds still reads.
"""

from __future__ import annotations

import json

from nlp.errors import InputFormatError
from nlp.readers.common import message_id, parse_timestamp
from nlp.readers.question_tool import TOOL_NAME as QUESTION_TOOL
from nlp.readers.question_tool import stated_answers, written_question
from nlp.readers.session_log import SessionLog, as_str, json_lines, major_version, tool_text
from nlp.schema import TOOL_ROLE, Message

KNOWN_MAJOR_VERSION = 2
"""The newest major version of Claude Code whose format this reader was written against."""
EDIT_TOOLS = frozenset({"Edit", "MultiEdit", "Write", "NotebookEdit"})
"""Tools whose ``file_path`` (``notebook_path``) input is a file the session changed."""

_LOCAL_PREFIXES = ("<command-name>", "<command-message>", "<local-command-", "[Request interrupted by user")


class _Session:
    """The session being read: messages so far and what the entries state about it."""

    def __init__(self, path: str, session_id: str) -> None:
        self.path = path
        self.session_id = session_id
        self.messages: list[Message] = []
        self.cwd: str | None = None
        self.branch: str | None = None
        self.version: str | None = None
        self.title: str | None = None
        self.asked: dict[str, object] = {}
        """The questions of each ``AskUserQuestion`` call so far, by the call's id."""

    def add(self, entry_id: str | None, part: int | str, role: str, content: str, line: int,
            entry: dict[str, object], files: tuple[str, ...] = ()) -> None:
        if not content.strip():
            return
        seq = len(self.messages)
        # A resumed or forked session's file repeats the entries it continues, uuids and all:
        # the session id in front keeps each session's messages its own.
        given = f"{self.session_id}#{entry_id}" if entry_id else None
        if given and part:
            given = f"{given}.{part}"
        self.messages.append(Message(
            id=given or message_id(self.session_id, seq), seq=seq,
            author=None if role == TOOL_ROLE else role, role=role, content=content,
            timestamp=parse_timestamp(entry.get("timestamp")), line=line, files=files,
        ))

    def unknown(self, line: int, problem: str) -> InputFormatError:
        """An error for an entry this reader cannot read, blaming a newer version when it is one."""
        major = major_version(self.version)
        if major is not None and major > KNOWN_MAJOR_VERSION:
            problem += (f"; the file was written by Claude Code {self.version}, newer than this reader knows "
                        f"(versions up to {KNOWN_MAJOR_VERSION}.x)")
        return InputFormatError(self.path, problem, line)


def read_claude_code(text: str, path: str, session_id: str) -> SessionLog:
    """The session's messages (user and assistant text, tool calls and results as ``tool``
    messages with the files they edited) and its working directory, branch and times.

    Thinking blocks are left out: they are the model's private reasoning, not said to the user.

    Raises:
        InputFormatError: A line is not a JSON object, or a user or assistant entry has no
            readable ``message`` (naming the line and, when newer, the version).
    """
    session = _Session(path, session_id)
    first = last = None
    for number, entry in json_lines(text, path):
        session.version = as_str(entry.get("version")) or session.version
        session.cwd = session.cwd or as_str(entry.get("cwd"))
        session.branch = session.branch or as_str(entry.get("gitBranch"))
        when = parse_timestamp(entry.get("timestamp"))
        if when is not None:
            first = first or when
            last = when
        kind = entry.get("type")
        if kind == "summary":
            session.title = session.title or as_str(entry.get("summary"))
        elif kind == "system":
            content = as_str(entry.get("content"))
            if content:
                session.add(as_str(entry.get("uuid")), 0, "system", content, number, entry)
        elif kind in ("user", "assistant"):
            _read_message(session, number, entry, str(kind))
    return SessionLog(
        session.messages, cwd=session.cwd, git_branch=session.branch or None,
        started_at=first, ended_at=last, title=session.title,
    )


def _read_message(session: _Session, number: int, entry: dict[str, object], kind: str) -> None:
    message = entry.get("message")
    if not isinstance(message, dict):
        raise session.unknown(number, f"a {kind} entry without a `message` object")
    uuid = as_str(entry.get("uuid"))
    content = message.get("content")
    # isMeta marks what Claude Code itself put in the user's turn (command caveats, reminders);
    # slash commands and their local output are the tool talking, not the person.
    local = isinstance(content, str) and content.lstrip().startswith(_LOCAL_PREFIXES)
    role = "system" if entry.get("isMeta") is True or local else kind
    if isinstance(content, str):
        session.add(uuid, 0, role, content, number, entry)
        return
    if not isinstance(content, list):
        raise session.unknown(number, f"a {kind} message whose `content` is neither text nor a list of blocks")
    for part, block in enumerate(content):
        if not isinstance(block, dict):
            continue
        block_type = block.get("type")
        if block_type == "text":
            session.add(uuid, part, role, as_str(block.get("text")) or "", number, entry)
        elif block_type == "tool_use":
            name = as_str(block.get("name")) or "tool"
            tool_input = block.get("input")
            inputs = tool_input if isinstance(tool_input, dict) else {}
            if name == QUESTION_TOOL and (call := as_str(block.get("id"))):
                session.asked[call] = inputs.get("questions")
            files = _edited(name, inputs)
            shown = json.dumps(inputs, ensure_ascii=False, sort_keys=True)
            session.add(uuid, part, TOOL_ROLE, tool_text(f"{name} {shown}"), number, entry, files)
        elif block_type == "tool_result":
            result_text = _result_text(block.get("content"))
            call = as_str(block.get("tool_use_id"))
            asked = _answered_questions(entry.get("toolUseResult"), result_text, session.asked.get(call) if call else None)
            if asked:
                # The user's answers to the assistant's questions (``AskUserQuestion``) are talk:
                # each question with its options as the assistant's turn, each answer as the
                # user's, so a pick among options reads as one (``nlp.option_picks``).
                for number_asked, (question, answer) in enumerate(asked):
                    session.add(uuid, f"{part}.q{number_asked}", "assistant", question, number, entry)
                    session.add(uuid, f"{part}.a{number_asked}", "user", answer, number, entry)
            else:
                session.add(uuid, part, TOOL_ROLE, tool_text(result_text), number, entry)
        # thinking, redacted_thinking, image and block kinds added later carry no talk


def _answered_questions(result: object, text: str, asked: object) -> list[tuple[str, str]]:
    """Each answered question of an ``AskUserQuestion`` result written out with its options
    (``written_question``), beside its answer (several chosen at once joined by commas): from
    the entry's ``toolUseResult`` when it has one, else from the result's text and the call's
    input (``asked``). Empty for any other tool's result."""
    if isinstance(result, dict) and isinstance(result.get("answers"), dict):
        answers = [(q, _joined(a)) for q, a in result["answers"].items() if isinstance(q, str)]
        questions = result.get("questions") or asked
    elif asked is not None:
        answers, questions = stated_answers(text), asked
    else:
        return []
    options = _options_by_question(questions)
    return [(written_question(q, options.get(q, [])), a) for q, a in answers if a]


def _options_by_question(questions: object) -> dict[str, list[tuple[str, str | None]]]:
    found: dict[str, list[tuple[str, str | None]]] = {}
    for question in questions if isinstance(questions, list) else []:
        if not isinstance(question, dict) or not (text := as_str(question.get("question"))):
            continue
        options = question.get("options")
        found[text] = [
            (label, as_str(option.get("description")))
            for option in (options if isinstance(options, list) else [])
            if isinstance(option, dict) and (label := as_str(option.get("label")))
        ]
    return found


def _joined(answer: object) -> str:
    if isinstance(answer, list):
        return ", ".join(a for a in answer if isinstance(a, str))
    return as_str(answer) or ""


def _edited(name: str, inputs: dict[str, object]) -> tuple[str, ...]:
    if name not in EDIT_TOOLS:
        return ()
    path = as_str(inputs.get("file_path")) or as_str(inputs.get("notebook_path"))
    return (path,) if path else ()


def _result_text(content: object) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            text for block in content if isinstance(block, dict) and (text := as_str(block.get("text")))
        )
    return ""
