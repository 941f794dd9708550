"""Claude Code's question tool (``AskUserQuestion``), as the session readers turn it into talk.

The assistant asks its questions through a tool call, each with options (a label and a
description), and the user's answers come back as the call's result: "User has answered your
questions: "Which framework?"="React", "…"="…". You can now continue with the user's answers
in mind." Kept as tool output, the user's choice was never read. The readers write each
answered question out as the assistant's turn, its options lettered ("A. React — popular
library"), and each answer as the user's turn, so that a pick among the options reads as one
(``nlp.option_picks``). A question left unanswered (the call refused or cut short) stays a
tool message.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

TOOL_NAME = "AskUserQuestion"
OPTION_LETTERS = "ABCDEFGH"
"""How a question's options are lettered when written out as the assistant's turn."""
_ANSWERED = re.compile(r"(?:User has answered your questions|Your questions have been answered):\s*", re.IGNORECASE)
_PAIR = re.compile(r'"(?P<question>.+?)"="(?P<answer>.*?)"(?=\s*(?:,\s*"|\.\s*You can now|\.?\s*$))', re.DOTALL)
_TAIL = re.compile(r"\.?\s*You can now continue.*$", re.DOTALL | re.IGNORECASE)


def written_question(question: str, options: Sequence[tuple[str, str | None]]) -> str:
    """``question`` with its ``(label, description)`` options lettered below it."""
    lines = [question]
    if options:
        lines.append("")
    for letter, (label, about) in zip(OPTION_LETTERS, options, strict=False):
        lines.append(f"{letter}. {label} — {about}" if about else f"{letter}. {label}")
    return "\n".join(lines)


def stated_answers(result: str) -> list[tuple[str, str]]:
    """The ``(question, answer)`` pairs a result's text states, in order; none when the text
    is not an answer (a refusal, another tool's output)."""
    found = _ANSWERED.search(result)
    if found is None:
        return []
    said = _TAIL.sub("", result[found.end() :].strip())
    return [(m.group("question"), m.group("answer").strip()) for m in _PAIR.finditer(said) if m.group("answer").strip()]
