"""The options an ADR weighed, read from its options sections.

An options section is headed "Considered Options", "Options Considered", "Alternatives",
"Alternatives Considered", "Considered Alternatives", "Alternative Approaches" (or
Solutions, Designs, Proposals), "Other Options", "Rejected Alternatives"… at any heading
level. A bare "Options" heading counts only when its options are labelled ("Option 1: …")
or the ADR states a choice ("Chosen option: …", "we go with option 2"): otherwise it is
more likely a list of settings. MADR's "Pros and Cons of the Options" adds each option's
good and bad points, and any option it names that the list did not.

An option is a sub-heading of the section, else one of its outermost list items, else, in
a section of prose, the alternative its first sentence states.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from nlp.readers.adr_markdown import (
    Heading,
    Item,
    clip,
    headings,
    is_judged,
    judged,
    list_items,
    own_text,
    plain,
    sentences,
    without_code,
)
from nlp.readers.adr_names import CHOSEN_LINE, LABEL, REFERENCE, best_match, norm

_OPTIONS = re.compile(
    r"(?:(?:considered|other|rejected|possible|discarded|evaluated)\s+)?(?:options?|alternatives?)"
    r"(?:\s+(?:considered|evaluated|explored|discussed|rejected))?"
    r"|alternative\s+(?:approaches|solutions|designs|proposals|implementations|options)"
    r"|(?:approaches|solutions|designs)\s+considered|considered\s+(?:approaches|solutions|designs)"
)
_PROS_CONS = re.compile(r"pros\s+and\s+cons(?:\s+of\s+the\s+(?:options|alternatives|approaches))?")
_LOSERS = re.compile(r"\b(?:alternatives?|alternative|rejected|discarded|other)\b")
_BARE_PREFIX = re.compile(r"^(?:option|alternative)\s*[:\-–—]\s*", re.IGNORECASE)
_MARKED = re.compile(r"\s*(?:[(\[]\s*(?:chosen|selected|accepted|decided|preferred)\s*[)\]]|✅|✔️?)\s*", re.IGNORECASE)
_EMPHASIS = re.compile(r"^(\*\*|__|\*|_)(.+?)\1\s*[:.\-–—]?\s*(.*)$|^(`)([^`]+)`\s*(?:[:\-–—]\s*(.*))?$", re.DOTALL)
_BOLD_LINE = re.compile(r"^[ \t]*(?:\*\*|__)([^*_\n]+?)(?:\*\*|__)[ \t]*:?[ \t]*$", re.MULTILINE)
_BOLD_LEAD = re.compile(r"(?:\A|(?<=\n\n))[ \t]*(?:\*\*|__)((?:(?!\*\*|__).){3,}?)(?:\*\*|__)", re.DOTALL)
_REFERENCES = re.compile(r"^[ \t]*(?:\*\*|__)?(?:resources|references|links|see also|further reading|sources)\b.{0,40}$",
                         re.IGNORECASE | re.MULTILINE)
"""A "Resources:" line under the options: what follows are links, not options."""
_NOT_OPTION = re.compile(r"(?:the\s+)?(?:decision|outcome|conclusion|summary|discussion|recommendation|context|"
                         r"background|comparison|overview|notes?|references?|consequences|evaluation)(?:\s+\w+)?")
"""Sub-headings of an options section that conclude or frame it rather than name an option."""
_ANNOUNCES = re.compile(
    r"\bthere (?:are|were|is) (?:\w+ ){0,3}(?:candidates|options|approaches|alternatives|possibilities|ways)\b|:$",
    re.IGNORECASE,
)
_STARTS_ONE = re.compile(
    r"^(?:the\s+)?(?:first|second|third|fourth|other|another)\s+(?:\w+\s+)?(?:candidate|option|approach|alternative|proposal)s?\b",
    re.IGNORECASE,
)
_NAMES_ONE = re.compile(r"\b(?:alternatives?|proposals?|candidates?|contender|considered|instead of|approach)\b", re.IGNORECASE)
_LABEL_WORD = re.compile(r"\s*(?:notes?|nb|n\.b\.|update[ds]?|examples?|summary|context|background)\s*:?\s*$", re.IGNORECASE)
"""A bold "**Note:**" line labels a remark, not an option."""
_PLACEHOLDER = re.compile(r"^\s*(?:\{.*\}|\[.*\]|<.*>|…|\.\.\.)\s*$")


@dataclass(frozen=True)
class Option:
    """One option an ADR names, with what it says about it."""

    name: str
    text: str = ""
    label: str | None = None
    pros: tuple[str, ...] = ()
    cons: tuple[str, ...] = ()
    marked_chosen: bool = False
    lost: bool = False
    """Listed under a heading of alternatives (not "Considered Options"): its text says why it lost."""
    aliases: tuple[str, ...] = ()
    """Other names the ADR gives it (its heading under "Pros and Cons of the Options")."""

    @property
    def names(self) -> tuple[str, ...]:
        """Its name and aliases."""
        return (self.name, *self.aliases)


def read_options(text: str) -> list[Option]:
    """Every option the ADR's options sections name, merged with its pros and cons."""
    every = headings(text)
    options: list[Option] = []
    states_choice = bool(CHOSEN_LINE.search(text)) or bool(REFERENCE.search(text))
    taken: list[Heading] = []
    for heading in every:
        name = heading_words(heading.title)
        if any(t.start <= heading.start < t.end for t in taken):
            continue
        if _PROS_CONS.fullmatch(name):
            found = _options_under(text, heading, every, lost=False)
        elif _OPTIONS.fullmatch(name):
            found = _options_under(text, heading, every, lost=bool(_LOSERS.search(name)))
            bare = name in {"options", "option"}
            headed = any(heading.start < h.start < heading.end for h in every)
            if bare and not states_choice and not headed and not any(o.label for o in found):
                continue
        else:
            continue
        taken.append(heading)
        options = _merge(options, found)
    return options


def _merge(options: list[Option], found: list[Option]) -> list[Option]:
    """``found`` (a later section's options) merged into ``options`` by name; when the two
    list as many options, those whose names differ are taken in the same order (MADR's
    "Pros and Cons of the Options" follows "Considered Options", in other words); otherwise
    a name that says another's in more or other words is that option."""
    merged = list(options)
    names = [o.names for o in options]
    matched = {j: best_match(option.name, names, strict=True) for j, option in enumerate(found)}
    if len(found) != len(options):  # not the same list twice: match names more loosely
        matched = {j: i if i is not None else best_match(found[j].name, names, strict=False) for j, i in matched.items()}
    same_count = len(found) == len(options)
    taken = {i for i in matched.values() if i is not None}
    for j, option in enumerate(found):
        index = matched[j]
        if index is None and same_count and j not in taken:
            index = j
        if index is None:
            merged.append(option)
        else:
            merged[index] = _merged(merged[index], option)
    return merged


def heading_words(title: str) -> str:
    """A heading as lower-case words: no numbering ("2.", "Appendix A."), markup or comments."""
    words = re.sub(r"^(?:appendix\s+)?(?:\d+(?:\.\d+)*|[A-Za-z])[.)]\s+", "", plain(title), flags=re.IGNORECASE)
    words = re.sub(r"\(\s*optional\s*\)", "", words, flags=re.IGNORECASE)
    return re.sub(r"[^a-z ]", "", words.lower()).strip()


def _options_under(text: str, heading: Heading, every: list[Heading], *, lost: bool) -> list[Option]:
    inside = [h for h in every if heading.start < h.start < heading.end]
    if inside:
        level = min(h.level for h in inside)
        return [_option(h.title, text[h.body_start:h.end], lost, whole=True) for h in inside if h.level == level
                and not _PLACEHOLDER.match(plain(h.title)) and not _NOT_OPTION.fullmatch(heading_words(h.title))]
    body = _REFERENCES.split(own_text(text, heading, every), maxsplit=1)[0]
    items = [i for i in _grouped(list_items(body)) if plain(i.head) and not _PLACEHOLDER.match(plain(i.head))]
    if items:
        return [_option(item.head, item.body, lost) for item in items]
    rows = _table_rows(body)
    if rows:  # | Name | Link | Notes |: an option per row, named by its first cell
        return [Option(name=row[0], text=clip("; ".join(c for c in row[1:] if not c.startswith("http")), 600), lost=lost)
                for row in rows]
    bold = [m for m in (list(_BOLD_LINE.finditer(body)) or list(_BOLD_LEAD.finditer(body))) if not _LABEL_WORD.match(m.group(1))]
    if bold:  # "**1. Use a configuration object**" lines, or paragraphs led so, standing for sub-headings
        return [_option(m.group(1), body[m.end():bold[i + 1].start() if i + 1 < len(bold) else len(body)], lost, whole=True)
                for i, m in enumerate(bold)]
    return _prose_option(body, lost)


def _table_rows(body: str) -> list[list[str]]:
    """The rows of the first table in ``body`` (header and rule left out), as plain cells."""
    lines = [line.strip() for line in without_code(body).splitlines() if line.strip().startswith("|")]
    if len(lines) < 3 or not re.fullmatch(r"\|?[\s:|-]+\|?", lines[1]):
        return []
    rows = [[plain(cell) for cell in line.strip("|").split("|")] for line in lines[2:]]
    return [row for row in rows if row and row[0] and not _PLACEHOLDER.match(row[0])]


def _grouped(items: list[Item]) -> list[Item]:
    """Items with a group's short label ("When exporting:") replaced by the options nested under it."""
    flat: list[Item] = []
    for item in items:
        label = plain(item.head)
        nested = list_items(item.body) if label.endswith(":") and len(label.split()) <= 4 and "." not in label else []
        flat += nested or [item]
    return flat


def _prose_option(body: str, lost: bool) -> list[Option]:
    """A section of prose states its alternatives in sentences: each that starts one ("The
    second candidate …", "Another option …"), else the first that names one ("… the main
    alternative was …", "… was considered"), else its first; after any lead-in (a short
    paragraph ending with a colon, a sentence announcing "there are two candidates"). What
    follows each is what the ADR says about it. "None", "N/A" state none."""
    paragraphs = [plain(p) for p in re.split(r"\n\s*\n", without_code(body)) if plain(p)]
    paragraphs = [p for p in paragraphs if not (p.endswith(":") and len(p.split()) <= 25)]
    if not paragraphs or re.match(r"^(?:none|n/?a|not applicable|no (?:other )?(?:options|alternatives))\b",
                                  paragraphs[0], re.IGNORECASE):
        return []
    said = [sentence for paragraph in paragraphs for sentence in sentences(paragraph)]
    while len(said) > 1 and _ANNOUNCES.search(said[0]) and (not said[0].endswith(":") or len(said[0].split()) <= 25):
        said = said[1:]  # "… there are two core candidates."
    starts = [i for i, sentence in enumerate(said) if _STARTS_ONE.match(sentence)]
    first = starts[0] if starts else min(3, len(said))
    named = next((i for i, sentence in enumerate(said[:first]) if _NAMES_ONE.search(sentence)), None)
    starts = sorted({*starts, *([named] if named is not None else []), *([] if starts else [0])})
    options = []
    for number, start in enumerate(starts):
        stop = starts[number + 1] if number + 1 < len(starts) else len(said)
        if len(said[start].split()) >= 4:
            options.append(Option(name=clip(said[start], 200), text=clip(" ".join(said[start + 1:stop]), 600), lost=lost))
    return options


def _option(head: str, body: str, lost: bool, *, whole: bool = False) -> Option:
    """``Option 2: **Fuse.js** – a fuzzy search library`` → name "Fuse.js", label "2", the rest as text."""
    marked = bool(_MARKED.search(head))
    head = _MARKED.sub(" ", head).strip()
    label_match = LABEL.match(plain(head))
    label = (label_match.group(1) or label_match.group(2) or label_match.group(3)) if label_match else None
    if label_match:
        head = LABEL.sub("", head.strip().lstrip("*_`"), count=1)
    head = _BARE_PREFIX.sub("", head).strip()
    name, rest = (plain(head).rstrip("."), "") if whole else _name_and_rest(head)
    good, bad = judged(body)
    said = " ".join(p for p in (rest, _unjudged(body)) if p)
    return Option(name=name, text=clip(said, 600), label=label.upper() if label else None,
                  pros=good, cons=bad, marked_chosen=marked, lost=lost)


def _unjudged(body: str) -> str:
    """What the text under an option says besides its good and bad points (which go to pros
    and cons): prose, and unmarked bullets ("Rejected because:" followed by its reasons),
    each bullet ended with a semicolon unless it ends a sentence."""
    kept: list[str] = []
    item: list[str] | None = None  # the bullet being read, over its wrapped lines
    judged_item = False  # a good or bad point's wrapped lines belong to it, not here

    def close() -> None:
        text = plain(" ".join(item or []))
        if text:
            kept.append(text if re.search(r"[.!?:;]$", text) else f"{text};")

    for line in without_code(body).splitlines():
        start = re.match(r"^\s*(?:[-*+]|\d+[.)])\s+(.*)$", line)
        if start or not line.strip():
            if item is not None:
                close()
            judged_item = bool(start) and is_judged(start.group(1) if start else "")
            item = [start.group(1)] if start and not judged_item else None
        elif item is not None:
            item.append(line)
        elif not judged_item:
            kept.append(plain(line))
    if item is not None:
        close()
    return " ".join(k for k in kept if k)


def _name_and_rest(head: str) -> tuple[str, str]:
    emphasised = _EMPHASIS.match(head.strip())
    if emphasised:
        name, rest = emphasised.group(2) or emphasised.group(5), emphasised.group(3) or emphasised.group(6) or ""
        if len(plain(name).split()) <= 12:
            return plain(name).rstrip(".:"), plain(rest)
    text = plain(head)
    for separator, least in ((r"\s*:\s+", 0), (r"\s+[–—-]\s+", 9)):  # "Redis: fast", "MADR 4.0.0 – The Markdown …"
        parts = re.split(separator, text, maxsplit=1)
        if len(parts) == 2 and 1 <= len(parts[0].split()) <= 8 and len(text.split()) >= least:
            return parts[0].rstrip("."), parts[1]
    said = sentences(text)
    if len(said) > 1 or len(text) > 200:
        return clip(said[0], 200).rstrip("."), " ".join(said[1:])
    return text.rstrip("."), ""


def _merged(first: Option, second: Option) -> Option:
    # A heading that is only a label ("### Option 1") leaves an empty name; as an alias it
    # would equal every other option's empty alias, so all would read as the chosen one.
    aliases = tuple(dict.fromkeys(n for n in (*first.aliases, *second.names) if norm(n) and norm(n) != norm(first.name)))
    return replace(
        first,
        aliases=aliases,
        text=first.text or second.text,
        label=first.label or second.label,
        pros=first.pros + tuple(p for p in second.pros if p not in first.pros),
        cons=first.cons + tuple(c for c in second.cons if c not in first.cons),
        marked_chosen=first.marked_chosen or second.marked_chosen,
        lost=first.lost or second.lost,
    )


