"""Decision documents in the seed-004 style: ``## Decision N: Title`` sections with
bold-labelled fields (Context, Selected Approach, Alternatives Considered, Rationale,
Reversibility, Impact). Each section becomes one message (for provenance) and one
decision, read field by field rather than detected.
"""

from __future__ import annotations

import re

from nlp.errors import InputFormatError
from nlp.linking import file_mentions
from nlp.readers.common import message_id
from nlp.schema import Conversation, ExtractedAlternative, ExtractedDecision, Message, Span

_SECTION = re.compile(r"^##\s+Decision\s+(\d+)\s*[:.-]\s*(.+?)\s*$", re.MULTILINE)
_FIELD = re.compile(r"^\*\*([^*:]+):\*\*\s*(.*)$")
_OPTION = re.compile(r"^\s*(?:\d+[.)]|[-*])\s+\*\*(.+?)\*\*:?\s*(.*)$")
_SELECTED = re.compile(r"\s*\((?:selected|chosen)\)\s*:?$", re.IGNORECASE)
_BULLET = re.compile(r"^\s*[-*]\s+(?:\*\*(.+?):?\*\*:?\s*)?(.*)$")


def is_decision_document(text: str) -> bool:
    """True when the text has at least one ``## Decision N: Title`` section."""
    return _SECTION.search(text) is not None


def read_decision_document(text: str, path: str, session_id: str) -> tuple[Conversation, list[ExtractedDecision]]:
    """The sections as messages, and one decision per section.

    Raises:
        InputFormatError: No ``## Decision N:`` section, or a section with no selected approach.
    """
    sections = list(_SECTION.finditer(text))
    if not sections:
        raise InputFormatError(path, "has no `## Decision N: Title` sections (not a decision document)")
    messages: list[Message] = []
    decisions: list[ExtractedDecision] = []
    for index, match in enumerate(sections):
        end = sections[index + 1].start() if index + 1 < len(sections) else len(text)
        end = _before_other_heading(text, match.end(), end)
        body = text[match.start() : end].strip()
        line = text[: match.start()].count("\n") + 1
        messages.append(Message(id=message_id(session_id, index), seq=index, content=body, line=line, topic=match.group(2)))
        fields = _fields(body)
        chosen = fields.get("selected approach") or fields.get("decision") or ""
        if not chosen.strip():
            raise InputFormatError(path, f"decision {match.group(1)} has no **Selected Approach:**", line)
        reversibility, impact = fields.get("reversibility"), fields.get("impact")
        decisions.append(
            ExtractedDecision(
                summary=f"{match.group(2)}: {chosen.strip()}",
                subject=match.group(2).strip() or None,
                context=(fields.get("context") or "").strip() or None,
                rationale=_rationale(fields.get("rationale", "")),
                alternatives=tuple(_alternatives(fields.get("alternatives considered", ""))),
                related_code=tuple(file_mentions([body])),
                reversibility=reversibility.split(" - ", 1)[0].strip().lower() if reversibility else None,
                impact=impact.strip() if impact else None,
                messages=(index,),
                spans=(Span(seq=index, start=0, end=len(body)),),
            )
        )
    conversation = Conversation(session_id=session_id, source_format="decision-doc", path=path, messages=tuple(messages))
    return conversation, decisions


def _before_other_heading(text: str, start: int, end: int) -> int:
    """A section ends at the next ``##`` heading of any kind (``## Learning 1`` too)."""
    other = re.compile(r"^##\s", re.MULTILINE).search(text, start, end)
    return other.start() if other else end


def _fields(body: str) -> dict[str, str]:
    fields: dict[str, list[str]] = {}
    current: str | None = None
    for line in body.splitlines()[1:]:
        if re.fullmatch(r"\s*(-{3,}|\*{3,}|_{3,})\s*", line):
            current = None  # a horizontal rule ends the section's fields
            continue
        match = _FIELD.match(line.strip())
        if match:
            current = match.group(1).strip().lower()
            fields[current] = [match.group(2)]
        elif current is not None:
            fields[current].append(line)
    return {name: "\n".join(lines).strip() for name, lines in fields.items()}


def _alternatives(text: str) -> list[ExtractedAlternative]:
    alternatives = []
    for line in text.splitlines():
        match = _OPTION.match(line)
        if match is None or _SELECTED.search(match.group(1)):
            continue
        option = match.group(1).strip().rstrip(":")
        description = match.group(2).strip()
        pros, cons = _pros_cons(description)
        alternatives.append(ExtractedAlternative(option=option, pros=pros, cons=cons, why_not_chosen=description or None))
    return alternatives


def _pros_cons(description: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if " but " in description:
        pro, con = description.split(" but ", 1)
        return (pro.strip(),), (con.strip(),)
    return (), ((description,) if description else ())


def _rationale(text: str) -> str | None:
    points = []
    for line in text.splitlines():
        match = _BULLET.match(line)
        if match:
            label, rest = match.group(1), match.group(2).strip()
            points.append(f"{label}: {rest}" if label else rest)
        elif line.strip():
            points.append(line.strip())
    return "; ".join(points) or None
