"""Architecture Decision Records: Nygard/adr-tools, MADR (log4brains) and metadata-table ADRs.

One file is one decision. Sections are found by their heading words, so the dialects
share one reader: "Context"/"Problem" → context; "Decision"/"Decision Outcome"/"Proposal"/
"Design" → the decision; "Considered Options"/"Alternative Approaches" → alternatives;
"Status" and "Date" come from a section, a ``- Status:`` bullet or a metadata table row.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from nlp.errors import InputFormatError
from nlp.ids import handle_for
from nlp.linking import file_mentions
from nlp.schema import ExtractedAlternative, ExtractedDecision, ExtractedStakeholder, Message, Span, TradeOffs

_H1 = re.compile(r"^#\s+(.+?)\s*$", re.MULTILINE)
_H2 = re.compile(r"^##\s+(.+?)\s*$", re.MULTILINE)
_TITLE_PREFIX = re.compile(r"^(?:ADR[-\s]*\d+\s*[:.-]?\s*|\d+\s*[.:)-]\s+)", re.IGNORECASE)  # "ADR-7:", "7. " (adr-tools)
_BULLET_META = re.compile(
    r"^[-*]\s*(Status|Date|Deciders|Consulted|Informed|Tags)\s*:\s*(.+)$", re.IGNORECASE | re.MULTILINE
)
_PLAIN_DATE = re.compile(r"^Date\s*:\s*(.+)$", re.IGNORECASE | re.MULTILINE)  # adr-tools writes "Date: 2023-01-10"
_FRONT_MATTER = re.compile(r"\A---\s*\n(.*?)\n---\s*\n", re.DOTALL)
_ROLES = (("deciders", "decider"), ("consulted", "consulted"), ("informed", "informed"))
_TABLE_META = re.compile(r"^\|\s*(Status|Date|Author|Tags)\s*\|\s*(.+?)\s*\|?\s*$", re.IGNORECASE | re.MULTILINE)
_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_OPTION = re.compile(r"^\s*(?:[-*]|\d+[.)])\s+(.+)$", re.MULTILINE)
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
SECTION_CHARS = 2000
"""Context and decision sections are kept to this length: enough to answer "why"."""

_STATUS_WORDS = (
    ("superseded", "superseded"), ("replaced", "superseded"), ("deprecated", "deprecated"), ("rejected", "rejected"), ("declined", "rejected"),
    ("reverted", "deprecated"), ("proposed", "proposed"), ("draft", "proposed"), ("review", "proposed"),
    ("pending", "proposed"), ("accepted", "active"), ("implemented", "active"), ("approved", "active"),
)


def read_adr(text: str, path: str, seq: int, collection: str) -> tuple[Message, ExtractedDecision]:
    """The ADR as one message (its whole text) and one decision.

    Raises:
        InputFormatError: The file has no ``# Title``.
    """
    title_match = _H1.search(text)
    if title_match is None:
        raise InputFormatError(path, "an ADR starts with a `# Title` heading")
    title = _TITLE_PREFIX.sub("", _plain(title_match.group(1))).strip() or _plain(title_match.group(1))
    sections = _sections(text)
    meta = {
        **front_matter(text),
        **{key.lower(): value.strip() for key, value in _TABLE_META.findall(text) + _BULLET_META.findall(text)},
    }
    status_text = meta.get("status") or _first_line(sections.get("status", ""))
    plain_date = _PLAIN_DATE.search(text)
    decided = (_first_date(meta.get("date", "")) or _first_date(plain_date.group(1) if plain_date else "")
               or _first_date(sections.get("changelog", "")))
    context = _pick(sections, ("context", "problem", "background", "motivation", "summary", "abstract")) or _preamble(
        text[title_match.end():]
    )
    decision = _pick(sections, ("decision outcome", "decision", "proposal", "design", "solution", "detailed design"))
    message = Message(
        id=f"{collection}#{Path(path).stem}", seq=seq, content=text,
        timestamp=decided, topic=title,
    )
    summary = title if not decision else f"{title}: {_first_sentence(decision)}"
    people = _stakeholders(meta)
    deciders = [p for p in people if p.role == "decider"]
    status = normalize_status(status_text)
    shown_status = _plain(status_text)
    extracted = ExtractedDecision(
        decision=summary[:300],
        subject=title[:100] or None,
        context=context[:SECTION_CHARS] or None,
        rationale=decision[:SECTION_CHARS] or None,
        alternatives=tuple(_alternatives(sections, decision)),
        trade_offs=_consequences(sections.get("consequences", "")),
        related_code=tuple(file_mentions([decision])),
        tags=tuple(t.strip().lower() for t in re.split(r"[,;]", meta.get("tags", "")) if t.strip()),
        keywords=tuple(dict.fromkeys(re.findall(r"[A-Z][\w-]{2,}", title)))[:8],
        status=status,
        status_text=shown_status if shown_status and shown_status.lower() != _MODEL_WORDS.get(status) else None,
        stakeholders=tuple(people),
        decision_maker=deciders[0].handle if len(deciders) == 1 else None,
        decided_at=decided,
        messages=(seq,),
        spans=(Span(seq=seq, start=title_match.start(1), end=title_match.end(1)),),
        source_path=path,
    )
    return message, extracted


_MODEL_WORDS = {"active": "accepted", "proposed": "proposed", "rejected": "rejected", "deprecated": "deprecated",
                "superseded": "superseded"}


def front_matter(text: str) -> dict[str, str]:
    """MADR 3/4's YAML front matter as flat strings: ``key: value`` lines, and lists
    (``[a, b]`` or ``- a`` items) joined with commas. Only the keys ADRs use need reading,
    so no YAML library is involved."""
    match = _FRONT_MATTER.match(text)
    if match is None:
        return {}
    values: dict[str, str] = {}
    key = None
    for line in match.group(1).splitlines():
        item = re.match(r"^\s+-\s+(.+)$", line)
        if item and key:
            values[key] = ", ".join(v for v in (values.get(key), item.group(1).strip().strip("\"'")) if v)
            continue
        pair = re.match(r"^([A-Za-z_-]+)\s*:\s*(.*)$", line)
        if pair:
            key = pair.group(1).lower()
            values[key] = pair.group(2).strip().strip("[]").replace('"', "").replace("'", "")
    return values


def _stakeholders(meta: dict[str, str]) -> list[ExtractedStakeholder]:
    people: dict[str, ExtractedStakeholder] = {}
    for key, role in _ROLES:
        for name in re.split(r",|;|\band\b", _plain(meta.get(key, ""))):
            name = name.strip().strip(".")
            if name and len(name) <= 60 and not name.startswith(("{", "<", "list")):
                handle = handle_for(name)
                people.setdefault(handle, ExtractedStakeholder(handle=handle, name=name, role=role))
    return list(people.values())


def normalize_status(text: str | None) -> str:
    """Free-form statuses ("Accepted ([#1484])", "Implemented", "Declined until …") → the model's."""
    lowered = (text or "").lower()
    for word, status in _STATUS_WORDS:
        if word in lowered:
            return status
    return "active" if not lowered else "proposed"


def _sections(text: str) -> dict[str, str]:
    sections: dict[str, str] = {}
    for heading, body in _headed(text, _H2):
        sections.setdefault(re.sub(r"[^a-z ]", "", heading.lower()).strip(), body.strip())
    return sections


_META_LINE = re.compile(r"^\s*(?:\||[-*]?\s*(?:Status|Date|Deciders|Consulted|Informed|Tags|Author)\s*:)", re.IGNORECASE)
PREAMBLE_WORDS = 8
"""Fewer words than this before the first section is a byline or a status line, not context."""


def _preamble(after_title: str) -> str:
    """The prose between the title and the first ``##`` section, without metadata lines
    (status or date bullets, a metadata table). ADRs written without a "Context" heading
    (adr-tools' early records, "Considered Alternatives" MADR) state the problem there, and
    one without any section holds its whole text there."""
    first = _H2.search(after_title)
    lines = after_title[: first.start() if first else len(after_title)].splitlines()
    prose = _plain("\n".join(line for line in lines if not _META_LINE.match(line)))
    return prose if len(prose.split()) >= PREAMBLE_WORDS else ""


def _headed(text: str, heading: re.Pattern[str]) -> list[tuple[str, str]]:
    """``(heading, the text under it)`` for each match of ``heading``, up to the next one."""
    heads = list(heading.finditer(text))
    return [
        (head.group(1), text[head.end() : heads[index + 1].start() if index + 1 < len(heads) else len(text)])
        for index, head in enumerate(heads)
    ]


def _pick(sections: dict[str, str], names: Sequence[str]) -> str:
    for wanted in names:
        for name, body in sections.items():
            if name == wanted or name.startswith(wanted):
                return _plain(body)
    return ""


_H3 = re.compile(r"^###\s+(.+?)\s*$", re.MULTILINE)
_OPTION_NUMBER = re.compile(r"^(?:option\s*\d+\s*[.:)-]?|\d+\s*[.:)-])\s*", re.IGNORECASE)
_TOP_BULLET = re.compile(r"^(?:[-*]|\d+[.)])\s+(.+)$", re.MULTILINE)
_GOOD = ("good", "pro", "positive", "+", "`+`")
_BAD = ("bad", "con", "negative", "-", "`-`")


def _alternatives(sections: dict[str, str], decision: str) -> list[ExtractedAlternative]:
    """The options an ADR weighed and did not choose, each with why not when it says.

    The options are the ``###`` headings of a "Considered Options" / "Alternatives
    Considered" / "Alternative Approaches" section (the text under each is why it lost), or
    else its top-level bullets. "Pros and Cons of the Options" adds each option's bad points.
    An option the decision names as chosen is not an alternative.
    """
    name, body = next(
        ((name, body) for name, body in sections.items()
         if re.search(r"\b(?:alternatives?|options?)\b", name) and not name.startswith("pros and cons")),
        ("", ""),
    )
    chosen = decision[:300].lower()
    found: dict[str, str | None] = {}
    headed = _headed(body, _H3)
    if headed:
        for heading, text in headed:
            found[_option_name(heading)] = _plain(text)[:300] or None
    else:
        for match in _TOP_BULLET.finditer(body):
            found.setdefault(_option_name(match.group(1)), None)
    cons = _pros_and_cons(next((b for n, b in sections.items() if n.startswith("pros and cons")), ""))
    options = []
    for option, why in found.items():
        lowered = option.lower()
        if not 2 < len(option) <= 120 or re.match(r"(?:good|bad|pros?|cons?)\b", lowered):
            continue
        if "chosen" in chosen and lowered in chosen:
            continue
        against = next((c for head, c in cons.items() if head in lowered or lowered in head), ())
        options.append(ExtractedAlternative(option=option, cons=against, why_not_chosen=why or ("; ".join(against) or None)))
    return options[:8]


def _option_name(text: str) -> str:
    """``Option 1: Fuse.js.`` → ``Fuse.js``."""
    return _OPTION_NUMBER.sub("", _plain(text)).strip().rstrip(".")


def _pros_and_cons(body: str) -> dict[str, tuple[str, ...]]:
    """MADR's "Pros and Cons of the Options": each ``### option`` with its bad points."""
    found: dict[str, tuple[str, ...]] = {}
    for heading, text in _headed(body, _H3):
        _good, bad = _judged(text)
        found[_option_name(heading).lower()] = bad
    return found


def _judged(body: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Bullets marked good or bad ("Good, because …", "`+` …", "Bad, because …", "`-` …")."""
    good: list[str] = []
    bad: list[str] = []
    for match in _TOP_BULLET.finditer(body):
        item = match.group(1).strip()
        marker = re.match(r"^(`[+-~]`|[+-]\s|good|bad|pro|con)\w*[,:]?\s*(?:because\s+)?", item, re.IGNORECASE)
        if marker is None:
            continue
        word = marker.group(1).lower().strip()
        text = _plain(item[marker.end():])[:200]
        if text and word in _GOOD:
            good.append(text)
        elif text and word in _BAD:
            bad.append(text)
    return tuple(good), tuple(bad)


def _consequences(body: str) -> TradeOffs:
    """A "Consequences" section's positive and negative points: its "Positive"/"Negative"
    sub-headings, or bullets marked good or bad. Unlabelled consequences stay in the file."""
    pros: list[str] = []
    cons: list[str] = []
    for heading, text in _headed(body, _H3):
        items = [_plain(m.group(1))[:200] for m in _TOP_BULLET.finditer(text)]
        label = heading.lower()
        if label.startswith(("positive", "pro", "good", "benefit")):
            pros += items
        elif label.startswith(("negative", "con", "bad", "drawback", "risk")):
            cons += items
    good, bad = _judged(body)
    return TradeOffs(pros=tuple(pros + list(good))[:10], cons=tuple(cons + list(bad))[:10])


def _plain(text: str) -> str:
    text = _LINK.sub(r"\1", text)
    text = re.sub(r"[`*_>#|]", " ", text)
    return " ".join(text.split())


def _first_line(text: str) -> str:
    return next((line.strip() for line in text.splitlines() if line.strip() and not line.startswith(">")), "")


def _first_sentence(text: str) -> str:
    sentence = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]
    return sentence[:200]


def _first_date(text: str) -> datetime | None:
    match = _DATE.search(text)
    if match is None:
        return None
    try:
        return datetime(int(match.group(1)), int(match.group(2)), int(match.group(3)), tzinfo=UTC)
    except ValueError:
        return None
