"""Architecture Decision Records: Nygard/adr-tools, MADR 1-4 (log4brains) and metadata-table ADRs.

One file is one decision. Sections are found by their heading words, so the dialects
share one reader: "Context"/"Problem" → context; "Decision"/"Decision Outcome"/"Proposal"/
"Design" → the decision (not "Decision Drivers"); the options sections → alternatives
(``adr_options``); status, date and people from front matter, a metadata table, bullets or
a ``## Status`` section (``adr_meta``), what the status says and the date it carries
(``adr_status``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from nlp.errors import InputFormatError
from nlp.linking import file_mentions
from nlp.readers.adr_candidates import candidate_groups, named_once
from nlp.readers.adr_choice import MAX_ALTERNATIVES, alternatives, chosen_options, name_references
from nlp.readers.adr_markdown import Heading, clip, first_sentence, headings, judged, list_items, own_text, plain, without_code
from nlp.readers.adr_meta import front_matter, metadata, shown_status, stakeholders, status_statement
from nlp.readers.adr_names import norm
from nlp.readers.adr_options import Option, heading_words, read_options
from nlp.readers.adr_status import first_date, normalize_status, status_date
from nlp.readers.adr_title_alternatives import title_alternatives
from nlp.schema import ExtractedAlternative, ExtractedDecision, Message, Span, TradeOffs

__all__ = ["SECTION_CHARS", "front_matter", "normalize_status", "read_adr"]

_H1 = re.compile(r"^#\s+(.+?)\s*$", re.MULTILINE)
_H2 = re.compile(r"^##\s+\S", re.MULTILINE)
_TITLE_DEBRIS = re.compile(
    r"^(?:\[?ADR[-\s#]*\d+\]?\s*[:.)\-–—]?\s*"  # "ADR-7:", "[ADR 12]"
    r"|#?\d+\s*[.:)\-–—]\s+|\(\s*\d+\s*\)\s*"  # "7. " (adr-tools), "12 - ", "( 1) "
    r"|[nN]\.\s+|[ivxIVX]{1,4}[.)]\s+|[a-z]\)\s+"  # a template's "n. ", "iv. ", "a) "
    r"|[-*•+>|#:;,.)\]}~=_/\\!?]+\s*)"  # stray punctuation
)
_PLAIN_DATE = re.compile(r"^[*_]*(?:Date|Decided|Decision\s+date)[*_]*\s*:[*_]*\s*(.+)$", re.IGNORECASE | re.MULTILINE)
"""adr-tools writes "Date: 2023-01-10"; others "Decided: …", "Decision date: …", "**Date:** …"."""
_DECISION_NAMES = ("decision outcome", "decision", "decisions", "the decision", "our decision", "decision made",
                   "proposal", "proposed solution", "design", "solution", "detailed design")
_NOT_DECISION = re.compile(r"^decisions?\s+(?:drivers?|makers?|criteria|factors|matrix|records?|log|history|context)")
_CONTEXT_NAMES = ("context", "problem", "background", "motivation", "summary", "abstract")
SECTION_CHARS = 2000
"""Context and decision sections are kept to this length: enough to answer "why"."""
PREAMBLE_WORDS = 8
"""Fewer words than this before the first section is a byline or a status line, not context."""
_META_LINE = re.compile(r"^\s*(?:\||[-*]?\s*(?:\*\*|__)?(?:Status|Date|Decided|Decision[- ]date|Deciders|Decision[- ]makers|Consulted|Informed|"
                        r"Tags|Author)\s*(?:\*\*|__)?\s*:)", re.IGNORECASE)


_ADR_PARTS = ("status", *_DECISION_NAMES, *_CONTEXT_NAMES, "consequences", "considered options", "options",
              "alternatives", "decision drivers", "pros and cons")
_STATUS_LINE = re.compile(r"^[\s>*_|-]*(?:\*\*|__)?\s*status\s*(?:\*\*|__)?\s*:", re.IGNORECASE | re.MULTILINE)


def has_adr_parts(text: str) -> bool:
    """Whether a Markdown file has any part of an ADR: a Status line or field, or a ``##``
    section named as an ADR's (Status, Context, Decision, Consequences, Options…). A folder
    of guides ("# Setup", "## Steps") has none, and each would be imported as an active
    decision titled by its heading."""
    if _STATUS_LINE.search(text) or "status" in front_matter(text):
        return True
    names = _sections(text, headings(text))
    return any(name == part or name.startswith(part) for name in names for part in _ADR_PARTS)


def read_adr(text: str, path: str, seq: int, collection: str) -> tuple[Message, ExtractedDecision]:
    """The ADR as one message (its whole text) and one decision.

    An ADR without a ``# Title`` but with sections is titled by its front matter's
    ``title``, else by its file name ("0009_build_job_applications" → "Build job applications").

    Raises:
        InputFormatError: The file has neither a ``# Title`` nor ``##`` sections (not an ADR).
    """
    title_match = _H1.search(without_code(text))
    if title_match is None and _H2.search(without_code(text)) is None:
        raise InputFormatError(path, "an ADR starts with a `# Title` heading")
    stated = title_match.group(1) if title_match else front_matter(text).get("title") or _file_title(Path(path).stem)
    title = clean_title(plain(stated), Path(path).stem)
    title_start, title_end = (title_match.start(1), title_match.end(1)) if title_match else (0, 0)
    first_line = len(text.lstrip("\n").split("\n", 1)[0]) + len(text) - len(text.lstrip("\n"))
    every = headings(text)
    sections = _sections(text, every)
    first_section = next((h.start for h in every if h.level >= 2 and h.start >= title_end), len(text))
    preamble = text[title_end:first_section]
    meta = metadata(text, preamble)
    status_text = status_statement(meta, sections.get("status", ("", ""))[1])
    plain_date = _PLAIN_DATE.search(text)
    decided = (first_date(meta.get("decided", "") or meta.get("decision-date", "")) or first_date(meta.get("date", ""))
               or first_date(plain_date.group(1) if plain_date else "") or status_date(status_text)
               or first_date(sections.get("changelog", ("", ""))[1]))
    context = _pick(sections, _CONTEXT_NAMES)[0] or _preamble(preamble)
    decision, decision_raw = _pick(sections, _DECISION_NAMES)
    message = Message(id=f"{collection}#{Path(path).stem}", seq=seq, content=text, timestamp=decided, topic=title)
    options = read_options(text)
    sentence = first_sentence(decision_raw)
    chosen = chosen_options(options, text, sentence, title, decision_raw)
    if not options:
        options, chosen = _weighed_elsewhere(text, sentence, title, decision_raw)
    stated = name_references(sentence, options or _laid_out(text))
    summary = title if not stated else f"{title}: {stated}"
    weighed = alternatives(options, chosen, decision_raw)
    people = stakeholders(meta)
    deciders = [p for p in people if p.role == "decider"]
    status = normalize_status(status_text)
    extracted = ExtractedDecision(
        summary=summary[:300],
        subject=title[:100] or None,
        context=clip(context, SECTION_CHARS) or None,
        rationale=clip(decision, SECTION_CHARS) or None,
        alternatives=_with_title_alternatives(weighed, title, options, chosen),
        trade_offs=_consequences(text, every),
        related_code=tuple(file_mentions([decision])),
        tags=tuple(t.strip().lower() for t in re.split(r"[,;]", meta.get("tags", "")) if t.strip()),
        keywords=tuple(dict.fromkeys(re.findall(r"[A-Z][\w-]{2,}", title)))[:8],
        status=status,
        status_text=shown_status(status_text, status),
        stakeholders=tuple(people),
        decision_maker=deciders[0].handle if len(deciders) == 1 else None,
        decided_at=decided,
        messages=(seq,),
        spans=(Span(seq=seq, start=title_start, end=title_end or first_line),),  # no title: its first line
        source_path=path,
    )
    return message, extracted


def _weighed_elsewhere(text: str, sentence: str, title: str, decision: str) -> tuple[list[Option], set[int]]:
    """With no options section: the first group of options laid out elsewhere ("### Option 1:
    X" headings, "There were 3 options considered:" and what follows, a list of candidates
    in the context) of which the ADR says it chose one and left at least one other; none
    when it says no such thing, unless a line heads them as alternatives ("**Alternatives
    Considered:**")."""
    for group in candidate_groups(text):
        if group.named_only:
            chosen = named_once(group.options, sentence)
        else:
            chosen = chosen_options(group.options, text, sentence, title, decision, outside=True)
        if (chosen or not group.needs_choice) and len(chosen) < len(group.options):
            return group.options, chosen
    return [], set()


def _laid_out(text: str) -> list[Option]:
    """The first group of options laid out outside an options section, whether or not the
    ADR is found to choose among them: what its "approach 2" is ("We provide … approach 2 and 3")."""
    groups = candidate_groups(text)
    return groups[0].options if groups else []


def _with_title_alternatives(
    weighed: tuple[ExtractedAlternative, ...], title: str, options: Sequence[Option], chosen: set[int]
) -> tuple[ExtractedAlternative, ...]:
    """The options section's alternatives, and the one the title turns down ("Use npm instead
    of yarn") when that section names no such option."""
    held = {norm(a.option) for a in weighed} | {norm(n) for o in options for n in o.names}
    chosen_names = {norm(n) for i in chosen for n in options[i].names}
    turned_down = [a for a in title_alternatives(title, chosen_names) if norm(a.option) not in held]
    return (weighed + tuple(turned_down))[:MAX_ALTERNATIVES]


def _file_title(stem: str) -> str:
    """A title from a file name: its number dropped, separators as spaces, a capital first."""
    words = re.sub(r"^(?:adr[-_]?)?\d+[-_ ]*", "", stem, flags=re.IGNORECASE).replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:] if words else stem


def clean_title(title: str, stem: str = "") -> str:
    """A title without its numbering or list debris: "ADR-7: X", "7. X", "( 1) X", "n. X" → "X";
    and "6 X" in ``0006-x.md``, where the number is the file's own."""
    cleaned = title.strip()
    number = re.match(r"^(?:adr[-_]?)?0*(\d+)[-_ ]", stem, re.IGNORECASE)
    if number:
        cleaned = re.sub(rf"^0*{number.group(1)}\s+(?=\S)", "", cleaned)
    while (stripped := _TITLE_DEBRIS.sub("", cleaned, count=1).strip()) != cleaned and stripped:
        cleaned = stripped
    return cleaned


def _sections(text: str, every: list[Heading]) -> dict[str, tuple[str, str]]:
    """Each ``##`` section by its heading words: its plain text and its Markdown."""
    sections: dict[str, tuple[str, str]] = {}
    for heading in every:
        if heading.level == 2:
            body = text[heading.body_start:heading.end].strip()
            sections.setdefault(re.sub(r"[^a-z ]", "", heading.title.lower()).strip(), (plain(body), body))
    return sections


def _pick(sections: dict[str, tuple[str, str]], names: tuple[str, ...]) -> tuple[str, str]:
    """The first section named like one of ``names`` (exactly, or starting so), in their order."""
    for wanted in names:
        for name, body in sections.items():
            if (name == wanted or name.startswith(wanted)) and not _NOT_DECISION.match(name):
                return body
    return "", ""


def _preamble(preamble: str) -> str:
    """The prose between the title and the first section, without metadata lines (status or
    date bullets, a metadata table). ADRs written without a "Context" heading (adr-tools'
    early records, "Considered Alternatives" MADR) state the problem there, and one without
    any section holds its whole text there."""
    lines = preamble.splitlines()
    prose = plain("\n".join(line for line in lines if not _META_LINE.match(line)))
    return prose if len(prose.split()) >= PREAMBLE_WORDS else ""


def _consequences(text: str, every: list[Heading]) -> TradeOffs:
    """The chosen option's positive and negative points: "Positive"/"Negative" sub-headings
    of a "Consequences" section, MADR 2's "Positive/Negative Consequences" headings, and
    bullets marked good or bad ("Good, because …") in any of them. Unlabelled consequences
    stay in the file."""
    pros: list[str] = []
    cons: list[str] = []
    for heading in every:
        words = heading_words(heading.title)
        if "consequence" not in words and not any(
            outer.start < heading.start < outer.end and "consequence" in heading_words(outer.title) for outer in every
        ):
            continue
        body = own_text(text, heading, every)
        items = [plain(item.head)[:200] for item in list_items(body)]
        if re.match(r"(?:positive|pros?|good|benefits?)\b", words):
            pros += items
        elif re.match(r"(?:negative|cons|con|bad|drawbacks?|risks?)\b", words):
            cons += items
        else:
            good, bad = judged(body)
            pros += good
            cons += bad
    return TradeOffs(pros=tuple(dict.fromkeys(pros))[:10], cons=tuple(dict.fromkeys(cons))[:10])

