"""Which characters of a message are code, so that extraction never states code as prose.

``nlp.prose`` blanks fenced blocks for the parser and the detector, and stays as it is: the
detector's weights were learned on what it reads. Extraction is stricter, because what it
keeps is shown to people as a summary, subject, context or reason. In coding-assistant
sessions code also comes:

- in fences nested the CommonMark way: a fence opened at the margin closes only at a bare
  fence of its own character (no info string, at most 3 spaces in), so an indented
  ```` ```python ```` inside a pasted document is still inside it (``prose`` closes there);
- pasted without fences (a user's component, a stack trace), line after line;
- under a file name on a line of its own just before the fence (aider's whole-file edits);
- as merge-conflict or edit markers (``<<<<<<< SEARCH``, ``=======``, ``>>>>>>> REPLACE``);
- as an agent's tool call written as a line of the answer ("Read file: src/app.py").

Spans keep the message's offsets: a sentence found in the parse (whose text is ``prose``
of the message) is judged by its own start and end.
"""

from __future__ import annotations

import re
from functools import lru_cache

from nlp.prose import prose

_OPENING = re.compile(r"^( {0,3})(`{3,}|~{3,})(.*)$")
_PATH_LINE = re.compile(r"^\s*[\w.@~-]*[\w-][./\\][\w./\\@~-]*\s*:?\s*$")
"""A line that is only a file path: a code block's label when a fence follows it."""
_MARKER = re.compile(r"^\s*(?:<{7}|={7}|>{7})(?:\s|$)|^\s*(?:> ){6,}>")
_CODE_LINE = re.compile(
    # Keywords that open a line of code in the common languages (lower case: a sentence opens capitalised).
    r"^\s*(?:(?:async\s+)?def\s+\w+\s*\(|class\s+\w+\s*[(:{<]|import\s+[\w.{*]|from\s+[\w.]+\s+import\b|"
    r"(?:export\s+)?(?:default\s+)?(?:async\s+)?function\b\s*\w*\s*\(|(?:export\s+)?(?:const|let|var)\s+[\w{\[]|"
    r"export\s+(?:default|interface|type|class)\b|return\b(?:\s*$|.*[;({\[)\]]\s*$)|(?:el)?if\s*\(|for\s*\(|while\s*\(|"
    r"(?:public|private|protected)\s+\w|#include\b|@\w+(?:\(.*\))?\s*$|(?:try|else|finally)\s*:\s*$|except\b.*:\s*$|"
    r"raise\s+\w|'use (?:client|strict)'|\"use (?:client|strict)\")"
    # Comments that only code writes (a '#' at the margin is a Markdown heading).
    r"|^\s*(?://|/\*|\*/|\{/\*)|^\s{2,}#\s"
    # How a line of code ends or what it is made of: brackets, an assignment, a tag.
    r"|\{\s*$|^(?=.*(?:\w\(|=|[\[\]{}])).*;\s*$|^\s*[)}\]]+[;,)]*\s*$|=>\s*[({]?\s*$|^\s*[\w.\[\]\"']+\s*(?:[-+*/]?=|:=)\s*[^\s=]"
    r"|^\s*</?[A-Za-z][\w.:-]*(?:\s[^<>]*)?/?>\s*$|^\s*<[A-Z]\w*(?:\s+[\w-]+=|\s*/?>\s*$)"
    # A stack trace or log line: tool output, even when a user pastes it. A frame names where
    # it ran: "at pkg.Cls.run(Cls.java:868)", "at load (E:\\app\\x.js:84:43)", "at chunk.js?v=1:15:20".
    r"|^\s*(?:Traceback \(most recent call last\)|at \S+ \(|File \".+\", line \d+)"
    r"|^\s*at\s+(?:async\s+)?\S+(?:\s+\[as\s+\S+\])?\s*\((?:[^()\s]*\.\w[^()\s]*:\d+\)?|<anonymous>|native|Native Method|Unknown Source)"
    r"|^\s*at\s+(?:async\s+)?\S*\.\S*:\d+(?::\d+)?\)?\s*$|^\s*Caused by:\s+[\w$.]+|^\s*\.\.\.\s+\d+\s+more\s*$"
    # The line that names an exception's class: "java.lang.IllegalStateException: no bean",
    # "TypeError: x is not a function", 'Exception in thread "main" …' (a bare "Error:" is talk).
    r"|^\s*(?:Exception in thread \"[^\"]*\"\s+)?(?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*(?:Exception|Error)(?::\s|\s*$)"
    r"|^\s*\[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}"
    # A command line: a shell's prompt ("$ npm run dev", "PS E:\\app> yarn"), a program run by its path.
    r"|^\s*(?:\$|PS\s+[^>\n]*>|[A-Za-z]:\\[^>\n]*>)\s+\S|^\s*\"?[A-Za-z]:\\\S*\.exe\b"
    # A SQL statement opened in capitals, as SQL is pasted ("CREATE TABLE user_info (").
    r"|^\s*(?:(?:CREATE|ALTER|DROP)\s+(?:TEMPORARY\s+)?(?:TABLE|DATABASE|SCHEMA|(?:UNIQUE\s+)?INDEX|VIEW|TRIGGER|PROCEDURE|FUNCTION)\b"
    r"|INSERT\s+INTO\b|DELETE\s+FROM\b|UPDATE\s+\w+\s+SET\b|SELECT\b.*\bFROM\b|USE\s+\w+\s*;)"
    # A directory tree drawn with box-drawing lines ("│   ├── member/"): a listing, not talk.
    r"|^\s*(?:[│|]\s*)*[├└]──"
    # An agent's tool call written as a line of its own (older SpecStory: "Read file: src/app.py").
    r"|^\s*(?:Read file|Listed directory|Listed current directory|Searched codebase|Searched files|Grep search"
    r"|Ran tool|Called MCP tool):\s"
)


def code_mask(text: str, *, labels: bool = True) -> list[bool]:
    """One flag per character of ``text``: whether it lies in code (see the module's list).
    ``labels=False`` leaves a file name above a fence as the text it is: it names that file."""
    # What ``prose`` blanks is code here too (a fence indented under a list item, say).
    mask = [char != blank for char, blank in zip(text, prose(text), strict=True)]
    lines = _lines(text)
    index = 0
    previous_code = False
    while index < len(lines):
        start, end, line = lines[index]
        opening = _OPENING.match(line)
        if opening and not (opening.group(2)[0] == "`" and "`" in opening.group(3)):
            fence = opening.group(2)
            close = re.compile(rf"^ {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
            last = next((i for i in range(index + 1, len(lines)) if close.match(lines[i][2])), len(lines) - 1)
            label = _label_before(lines, index) if labels else None
            first = lines[label][0] if label is not None else start
            _mark(mask, first, lines[last][1])
            index = last + 1
            previous_code = True
            continue
        indented = len(line) - len(line.lstrip(" ")) >= 4 or line.startswith("\t")
        # A line indented under code goes on with it (a docstring, a function's body).
        is_code = bool(_MARKER.match(line) or _CODE_LINE.search(line)) or (
            previous_code and indented and bool(line.strip())
        )
        if is_code:
            _mark(mask, start, end)
        if line.strip():
            previous_code = is_code
        index += 1
    return mask


def is_code(text: str, start: int = 0, end: int | None = None, mask: list[bool] | None = None) -> bool:
    """Whether ``text[start:end]`` holds code and, without it, says nothing: what is left is
    not a few words (a user's "Kindly implement this TODO:" above a pasted block is prose; a
    short "OK" with no code is not code)."""
    mask = mask if mask is not None else code_mask(text)
    stop = len(text) if end is None else end
    has_code = any(mask[i] and not text[i].isspace() for i in range(start, min(stop, len(mask))))
    return has_code and not says_something(prose_of(text, start, stop, mask))


_FENCED = re.compile(r"^ {0,3}(?:`{3,}|~{3,})", re.MULTILINE)


@lru_cache(maxsize=4096)
def pasted_output(text: str) -> bool:
    """Whether ``text`` is machine output pasted as it came (a log, a stack trace, a command
    line, an error listing) with no words of the writer's own: code by this module's rules that
    leaves nothing said (``is_code``), and nothing fenced, since a fenced block may be a plan or
    a document the writer adopts as theirs."""
    return _FENCED.search(text) is None and is_code(text)


def says_something(text: str) -> bool:
    """Whether ``text`` holds a few words: three of two letters or more, or six letters of a
    script written without spaces (Chinese, Japanese)."""
    words = [word for word in text.split() if sum(char.isalpha() for char in word) >= 2]
    unspaced = sum(1 for char in text if char.isalpha() and ord(char) >= 0x2E80)
    return len(words) >= 3 or unspaced >= 6


def prose_of(text: str, start: int = 0, end: int | None = None, mask: list[bool] | None = None) -> str:
    """``text[start:end]`` without its code, its whitespace collapsed to single spaces (the
    blanks that stood for code, a reply's line breaks); empty when nothing but code is left."""
    mask = mask if mask is not None else code_mask(text)
    stop = len(text) if end is None else end
    kept = "".join(" " if i < len(mask) and mask[i] else text[i] for i in range(start, stop))
    return " ".join(kept.split())


def prose_parts(text: str, mask: list[bool] | None = None) -> list[str]:
    """The runs of prose between the code of ``text``, each with its whitespace collapsed: code
    ends a sentence ("Here is the file: … How do I fix this?" asks only the last)."""
    mask = mask if mask is not None else code_mask(text)
    parts = re.split(r"\x00+", "".join("\x00" if i < len(mask) and mask[i] else char for i, char in enumerate(text)))
    return [flat for part in parts if (flat := " ".join(part.split()))]


def blank_code(text: str, mask: list[bool]) -> str:
    """``text`` with what ``mask`` flags as code blanked to spaces, line breaks kept: every
    character keeps its offset."""
    return "".join(" " if i < len(mask) and mask[i] and char != "\n" else char for i, char in enumerate(text))


def inside_inline_code(text: str, offset: int) -> bool:
    """Whether ``offset`` lies inside inline code: an odd number of backticks before it on its
    line, none of them a fence."""
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("`", line_start, offset) % 2 == 1 and "```" not in text[line_start:offset]


def _lines(text: str) -> list[tuple[int, int, str]]:
    found: list[tuple[int, int, str]] = []
    position = 0
    for line in text.split("\n"):
        found.append((position, position + len(line), line))
        position += len(line) + 1
    return found


def _label_before(lines: list[tuple[int, int, str]], index: int) -> int | None:
    """The line just before a fence (blank lines skipped) when it is only a file name."""
    before = index - 1
    while before >= 0 and not lines[before][2].strip():
        before -= 1
    return before if before >= 0 and _PATH_LINE.match(lines[before][2]) else None


def _mark(mask: list[bool], start: int, end: int) -> None:
    for i in range(start, min(end, len(mask))):
        mask[i] = True
