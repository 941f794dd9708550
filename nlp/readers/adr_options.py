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
    r"|(?:possible|potential)\s+(?:approaches|solutions|designs)"
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
                         r"background|comparison|overview|notes?|references?|consequences|evaluation|future|next steps?|"
                         r"pros|cons|pros and cons|advantages|disadvantages)(?:\s+\w+)?")
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
_FUTURE = re.compile(
    r"\bfuture work\b|\b(?:we|i|you|it|this)\b[^.;]{0,20}\b(?:should|will|could|might|may|plan|intend|want|would like)\b"
    r"[^.;]{0,80}\b(?:in the future|later on|eventually|going forward|at some point|down the road)\b",
    re.IGNORECASE,
)
"""Work planned for later ("We should, in the future, wrap … in a task"): no option weighed now."""
_OPTION_LABEL = re.compile(r"^(?:option|alternative)\s*#?\s*(?:\d{1,2}|[A-Z])\b", re.IGNORECASE)
_WHY_CHOSEN = re.compile(r"^\W*(?:why\s+(?:chosen|selected|this)|chosen\s+because|selected\s+because)\W*:", re.IGNORECASE | re.MULTILINE)
"""An option whose details give "Why chosen:" is the chosen one (the others say "Why not:")."""
_ASKS_FOR = re.compile(r"^(?:where|how|what|which|who|when)\b.*\?$", re.IGNORECASE)
_ITEM_START = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\S")
_LEAD_IN = re.compile(r"\b(?:the following|as follows|below|these (?:options|alternatives|approaches))\b", re.IGNORECASE)
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
    prose = re.sub(r"^#.*$", "", without_code(text), flags=re.MULTILINE)  # an "Option 2" heading chooses nothing
    names_choice = bool(CHOSEN_LINE.search(text)) or bool(REFERENCE.search(prose))
    taken: list[Heading] = []
    grouped: list[Option] = []  # options headed "Option 1: …" outside any options section, when there is none
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
        elif (labelled := labelled_headings(heading, every)) and (
                names_choice or any(_MARKED.search(h.title) for h in labelled)):
            taken.append(heading)
            grouped += option_headings(text, heading, labelled)
            continue
        else:
            continue
        taken.append(heading)
        options = _merge(options, found)
    return options or grouped


def option_headings(text: str, heading: Heading, labelled: list[Heading]) -> list[Option]:
    """The options the ``labelled`` sub-headings of ``heading`` name ("### Option 1" alone
    is named so), each with what the rest of the section says of it."""
    named = [(h, option_of_heading(text, h)) for h in labelled]
    named = [(h, o if o.name else replace(o, name=plain(_MARKED.sub(" ", h.title)).strip())) for h, o in named]
    named = [(h, o) for h, o in named if o.name]
    return _with_verdicts([o for _, o in named], text, heading, [h for h, _ in named])


def option_of_heading(text: str, heading: Heading) -> Option:
    """The option a heading names ("### 2. Implement from scratch", "### Option 1: X"), with
    the pros and cons under it; no name for a heading that frames the options ("### Decision")."""
    if _PLACEHOLDER.match(plain(heading.title)) or _NOT_OPTION.fullmatch(heading_words(heading.title)):
        return Option(name="")
    return _option(heading.title, text[heading.body_start:heading.end], False, whole=True)


def candidate_from_item(item: Item, *, lost: bool = False) -> Option:
    """The option a list item names ("Interactor gem: a simple pattern …" → "Interactor gem")."""
    return _option(item.head, item.body, lost)


def options_label(line: str) -> bool | None:
    """A line that is an options heading in words only ("**Alternatives Considered:**",
    "Options considered:"): ``True`` when it heads the options that lost (alternatives,
    rejected), ``False`` for options of any kind, ``None`` for any other line."""
    words = heading_words(line.strip().rstrip(":").strip().rstrip(":"))
    if not _OPTIONS.fullmatch(words) or words in {"options", "option", "alternative"}:
        return None
    return bool(_LOSERS.search(words))


def labelled_headings(heading: Heading, every: list[Heading]) -> list[Heading]:
    """The sub-headings of ``heading`` labelled as options ("### Option 1: Parallel Arrays",
    "#### Option B: Optimize for Search ✅ (chosen)"), when two or more are: in an ADR with
    no options section that says which it chose (one marked so, "Chosen option: …", "we go
    with option 2"), they weigh options whatever their section is called ("Storing Typed
    Attributes")."""
    inside = [h for h in every if heading.start < h.start < heading.end]
    level = min((h.level for h in inside), default=0)
    labelled = [h for h in inside if h.level == level and _OPTION_LABEL.match(plain(h.title))]
    return labelled if len(labelled) >= 2 else []


def _with_verdicts(options: list[Option], text: str, heading: Heading, labelled: list[Heading]) -> list[Option]:
    """Each option with what the rest of its section says of it by name (a comparison after
    the options: "`Map` was rejected because …"), tables and code left out."""
    rest = text[heading.body_start:heading.end]
    for option_heading in reversed(labelled):
        start, end = option_heading.start - heading.body_start, option_heading.end - heading.body_start
        rest = rest[:start] + rest[end:]
    prose = "\n".join(line for line in without_code(rest).splitlines() if not line.lstrip().startswith(("|", "#")))
    said = sentences(plain(prose))
    found = []
    for option in options:
        about = [s for s in said if len(norm(option.name)) > 2 and f" {norm(option.name)} " in f" {norm(s)} "]
        found.append(replace(option, text=clip(" ".join(p for p in (*about, option.text) if p), 600)) if about else option)
    return found


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
    return [o for o in _listed_under(text, heading, every, lost=lost) if not _FUTURE.search(o.name)]


def _listed_under(text: str, heading: Heading, every: list[Heading], *, lost: bool) -> list[Option]:
    inside = [h for h in every if heading.start < h.start < heading.end]
    if inside:
        level = min(h.level for h in inside)
        return [_named_by_text(_option(h.title, text[h.body_start:h.end], lost, whole=True)) for h in inside
                if h.level == level and not _PLACEHOLDER.match(plain(h.title))
                and not _NOT_OPTION.fullmatch(heading_words(h.title))]
    body = _REFERENCES.split(own_text(text, heading, every), maxsplit=1)[0]
    led = _paragraph_led(body)
    if led:
        argued = [_option(paragraph, details, lost, whole=bool(_BOLD_LINE.fullmatch(paragraph.strip())))
                  for paragraph, details in led]
        return [option for option in argued if option.name.strip()]
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


def _named_by_text(option: Option) -> Option:
    """An option whose heading is only a label ("### Option 4") named by the first sentence
    under it ("Try to handle pod eviction with a webhook"), the rest staying its text."""
    if option.name or not option.text:
        return option
    said = sentences(option.text)
    return replace(option, name=clip(said[0], 200).rstrip("."), text=" ".join(said[1:]))


def _paragraph_led(body: str) -> list[tuple[str, str]]:
    """Options stated in paragraphs, each followed by a list of what speaks for or against it
    ("Why not delete the revoked license?" and the bullets saying why not): every list of the
    section comes right after a paragraph that is no lead-in (no colon, not "the following",
    "there are two options", not a question the items answer: "Where to run it?"), and
    there are two such paragraphs or the one asks or starts an option ("Why not …?",
    "Another option …"). Each paragraph with the list after it; none
    when the section reads otherwise (a list of options, a section of prose)."""
    blocks: list[str] = []
    for block in re.split(r"\n\s*\n", without_code(body)):
        first_item = next((m for m in re.finditer(r"^", block, re.MULTILINE) if _ITEM_START.match(block[m.start():])), None)
        parts = [block[:first_item.start()], block[first_item.start():]] if first_item else [block]
        blocks += [part for part in parts if part.strip()]  # "**2. Separate binary**" with its list right under it
    pairs: list[tuple[str, str]] = []
    for index, block in enumerate(blocks):
        if not _ITEM_START.match(block):
            continue
        if index == 0 or _ITEM_START.match(blocks[index - 1]):
            if not pairs or index == 0:
                return []  # the section opens with its list: the items are the options
            pairs[-1] = (pairs[-1][0], f"{pairs[-1][1]}\n\n{block}")  # the same list, loosely spaced
            continue
        paragraph = plain(blocks[index - 1])
        if _BOLD_LINE.fullmatch(blocks[index - 1].strip()):  # "**4. Single Tool: go-licenses Only**" names it whole
            pairs.append((blocks[index - 1].strip(), block))
            continue
        if paragraph.endswith(":") or _LEAD_IN.search(paragraph) or _ANNOUNCES.search(paragraph) or _ASKS_FOR.match(paragraph):
            return []  # "Where to run the updater?": the items under it are the options
        asked = re.match(r"^why not (?:just )?(.+?)\?$", paragraph, re.IGNORECASE)  # "Why not delete it?"
        pairs.append((asked.group(1)[:1].upper() + asked.group(1)[1:] if asked else paragraph, block))
    if len(pairs) >= 2 or (pairs and (pairs[0][0].endswith("?") or _STARTS_ONE.match(pairs[0][0]))):
        return pairs
    return []


def _table_rows(body: str) -> list[list[str]]:
    """The rows of the first table in ``body`` (header and rule left out), as plain cells."""
    lines = [line.strip() for line in without_code(body).splitlines() if line.strip().startswith("|")]
    if len(lines) < 3 or not re.fullmatch(r"\|?[\s:|-]+\|?", lines[1]):
        return []
    rows = [[plain(cell) for cell in line.strip("|").split("|")] for line in lines[2:]]
    return [row for row in rows if row and row[0] and not _PLACEHOLDER.match(row[0])]


def _grouped(items: list[Item]) -> list[Item]:
    """Items with a group's short label ("When exporting:") or question ("How will developers
    specify the API?", when the ADR weighs several questions) replaced by the options nested under it."""
    flat: list[Item] = []
    for item in items:
        label = plain(item.head)
        is_label = (label.endswith(":") and len(label.split()) <= 4 and "." not in label) or bool(_ASKS_FOR.match(label))
        nested = list_items(item.body) if is_label else []
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
    plans = {i for i, sentence in enumerate(said) if _FUTURE.search(sentence)}  # future work, not an option
    starts = [i for i, sentence in enumerate(said) if _STARTS_ONE.match(sentence) and i not in plans]
    first = starts[0] if starts else min(3, len(said))
    named = next((i for i, sentence in enumerate(said[:first]) if _NAMES_ONE.search(sentence) and i not in plans), None)
    opening = next((i for i in range(len(said)) if i not in plans), None)
    starts = sorted({*starts, *([named] if named is not None else []),
                     *([opening] if not starts and opening is not None else [])})
    options = []
    for number, start in enumerate(starts):
        stop = starts[number + 1] if number + 1 < len(starts) else len(said)
        if len(said[start].split()) >= 4:
            options.append(Option(name=clip(said[start], 200), text=clip(" ".join(said[start + 1:stop]), 600), lost=lost))
    return options


def _option(head: str, body: str, lost: bool, *, whole: bool = False) -> Option:
    """``Option 2: **Fuse.js** – a fuzzy search library`` → name "Fuse.js", label "2", the rest as text."""
    marked = bool(_MARKED.search(head)) or bool(_WHY_CHOSEN.search(body))
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


