"""How faithfully ADRs import: what the reader ``import-adr`` uses stores, checked against
what each file says, with no database.

Each check reads the file's own text with simple rules of its own (not the reader's), so
that a reader change cannot make a check pass by changing what the check looks at:

- ``unreadable``: the reader refuses the file (and ``import-adr`` the whole collection);

- ``option_only``: the summary names "option 2", "Alternative B", "the second option"…
  without saying what it is (the option's words are not in the summary, or, when the file
  lists no such option, nothing explains the reference: "(…)", ":", "—");
- ``no_alternatives``: the file has an options section ("Considered Options",
  "Alternatives", "Alternative Approaches", "Options considered", …) naming at least one
  option besides the chosen one, and no alternative is stored;
- ``missing_options``: an option listed as an item or sub-heading of that section (not the
  chosen one) matches no stored alternative;
- ``chosen_is_alternative``: a stored alternative is the chosen option (the "Chosen
  option: X" line, an item marked chosen, the option a summary's "option N" points to, or
  the title's "Use X");
- ``debris``: the title or summary starts with list numbering ("1.", "( 1)", "n.", "a)"),
  an ADR number ("ADR-7:") or stray punctuation;
- ``placeholder_decider``: a decider or the decision maker is "?", "TBD", "-", "[name]"…
- ``plan_alternative``: a stored alternative is work planned for later ("We should, in the
  future, wrap … in a task"), not an option weighed;
- ``status`` and ``undated`` (``adr_fidelity_status``): the stored status says what the
  status words do not (superseded when only a part is; proposed with no word of a proposal,
  or when the last of several steps is none), or the file states a date and none is stored.

A reStructuredText ADR is checked as the markdown it converts to (``adr_rst``: titles as
headings), as the reader reads it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from nlp.errors import InputFormatError
from nlp.evaluation.adr_fidelity_status import status_findings
from nlp.readers.adr_collection import adr_files, read_adr_collection
from nlp.readers.adr_rst import markdown_of_rst
from nlp.readers.common import decode_text
from nlp.schema import ExtractedDecision

CHECKS = ("unreadable", "option_only", "no_alternatives", "missing_options", "chosen_is_alternative", "debris",
          "placeholder_decider", "plan_alternative", "status", "undated")

_HEADING = re.compile(r"^(#{2,4})\s+(.+?)\s*#*\s*$", re.MULTILINE)
_OPTIONS_HEADING = re.compile(
    r"(?:(?:considered|other|rejected|possible|discarded|evaluated)\s+)?(?:options|alternatives)"
    r"(?:\s+(?:considered|evaluated|explored|discussed|rejected))?"
    r"|alternative\s+(?:approaches|solutions|designs|proposals|options|implementations)"
    r"|(?:approaches|solutions|designs)\s+considered|considered\s+(?:approaches|solutions|designs)"
    r"|(?:possible|potential)\s+(?:approaches|solutions|designs)"
    r"|pros\s+and\s+cons\s+of\s+the\s+(?:options|alternatives)"
)
_ITEM = re.compile(r"^ *(?:[-*+]|\d{1,2}[.)])\s+(.+)$", re.MULTILINE)
_EMPTY = re.compile(r"^(?:none|n/?a|not applicable|no (?:other )?(?:options|alternatives)\b)", re.IGNORECASE)
_CHOSEN_LINE = re.compile(
    r"chosen\s+(?:option|alternative|approach|solution)\s*[*_]*\s*[:：]\s*[*_]*\s*(.+(?:\n[ \t]*(?![-*+#>|]|\d+[.)])\S.*)*)",
    re.IGNORECASE,
)
_CHOSEN_LIST = re.compile(
    r"chosen\s+(?:options|alternatives|approaches|solutions)\s*[*_]*\s*[:：][ \t]*\n((?:[ \t]*[-*+]\s.*\n?)+)", re.IGNORECASE)
"""A "Chosen options:" line and the list of them under it."""
_MARKED_CHOSEN = re.compile(r"[(\[]\s*(?:chosen|selected|accepted|decided)\s*[)\]]|✅|✔", re.IGNORECASE)
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "first": 1, "second": 2, "third": 3,
            "fourth": 4, "fifth": 5, "sixth": 6}
_REFERENCE = re.compile(
    r"\b(?:option|alternative|approach|solution|proposal)\s*(?:#|(?:number|no\.)(?=\s*\d))?\s*\(?(\d{1,2}|(?-i:[A-F])\b|one|two|three|four|five|six)\b\)?"
    r"|\bthe\s+(first|second|third|fourth|fifth|sixth|last|former|latter)\s+(?:option|alternative|approach|solution|proposal)\b",
    re.IGNORECASE,
)
_EXPLAINED = re.compile(
    r"^\s*(?:(?:is|was|has been|gets)\s+)?(?:chosen|selected|adopted|accepted)?\s*"  # "Option 2 chosen - Use CRN …"
    r"(?:\((?!\s*(?:chosen|selected|preferred|recommended|see\b[^)]*|below|above)\s*\))|:|—|–|-\s"
    r"|,\s*(?:i\.e\.|namely|which is|that is))",
    re.IGNORECASE,
)
"""What follows an "option N" that says, in the summary's own words, what it is ("Option 1 (manage
certificates in the operator)"); "(chosen)" or "(see below)" says nothing of it."""
_CHOICE = re.compile(
    r"\b(?:chose|choose|chosen|go(?:ing)? with|decided|decide|select(?:ed)?|pick(?:ed)?|opt(?:ed)? for|prefer(?:red)?|"
    r"adopt(?:ed)?|recommend(?:ed)?|proceed with)\b[^.;]*$",
    re.IGNORECASE,
)
_DEBRIS = re.compile(
    r"^(?:\(?\s*(?:\d{1,3}|[A-Za-z]|[ivxIVX]{1,4})\s*[.)]\s|\d{1,4}\s*[-–:]\s|ADR[-\s#]*\d+"
    r"|[-*•+>|#:;,)\]}~=_/\\!?]|\.(?!\w))"
)
_LEAD_IN = re.compile(
    r"^[ \t]*[*_]*[^\n]*?(?:\bthere (?:are|were) (?:\w+ ){0,2}(?:options|alternatives|approaches|candidates)"
    r"|\b(?:options|alternatives|approaches|shapes|candidates) (?:we |that we )?(?:were |have been )?considered"
    r"|\bthe following (?:options|alternatives|approaches|candidates))\b[^\n]*?:[*_]*[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
"""A line announcing the options that follow it, outside any options section."""
_FRAMING = re.compile(r"(?:the )?(?:decision|outcome|conclusion|summary|discussion|recommendation|context|background|"
                      r"overview|pros|cons|pros and cons|advantages|disadvantages)")
"""Sub-headings under options that conclude, frame or judge them ("### Decision", "### Overview",
"### Cons"), not options."""
_QUESTION = re.compile(r"^(?:how|what|which|where|who|when)\b.*\?$", re.IGNORECASE)
"""A list item asking a question ("How will developers specify the API?") labels the options nested under it."""
_PLACEHOLDER = re.compile(
    r"^(?:\?+|tbd|tbc|todo|-+|—|–|n/?a|none|unknown|nobody|name|names|\.{2,}|…|x+|\[.*\]|\{.*\}|<.*>)$", re.IGNORECASE
)
_LEADING_VERB = re.compile(
    r"^(?:use|using|adopt|choose|chose|go with|switch to|keep|implement|introduce|add|migrate to|move to|"
    r"replace \S+ with|we will use|we use)\s+",
    re.IGNORECASE,
)
_CUE = re.compile(r"\b(?:we|i)\s+(?:\w+\s+){0,3}(?:go(?:ing)?(?: ahead)? with|chose|choose|decided (?:on|to use)|opted for|"
                  r"selected|prefer|will use|adopt(?:ed)?|settled on)\b", re.IGNORECASE)
_PLAN = re.compile(r"\bfuture work\b|\b(?:should|will|could|might|plan to|intend to)\b.{0,80}"
                   r"\b(?:in the future|later on|eventually|going forward|at some point)\b", re.IGNORECASE)
_TITLE_MARK = "\x00title:"
"""Marks the chosen option read from a title ("Use X"), compared whole, never by containment."""
_STOP = frozenset("a an the to of and or for in on with we will use by is be it as at this that our from via".split())


@dataclass(frozen=True)
class Finding:
    """One check an ADR fails, with what showed it."""

    check: str
    path: str
    detail: str


@dataclass
class CollectionFidelity:
    """The checks over one collection."""

    name: str
    adrs: int = 0
    with_options: int = 0
    alternatives: int = 0
    findings: list[Finding] = field(default_factory=list)

    def count(self, check: str) -> int:
        """How many ADRs fail ``check`` (an ADR counts once per check)."""
        return len({f.path for f in self.findings if f.check == check})


@dataclass(frozen=True)
class OptionsSection:
    """An ADR's options section: the options it lists (items or sub-headings), or its prose."""

    heading: str
    items: tuple[str, ...]
    prose: bool
    led_in: bool = False
    """Announced by a line outside any options section ("There were 3 options considered:"):
    options only when the file says which it chose, else a discussion of approaches."""


def measure_collection(folder: Path) -> CollectionFidelity:
    """Read ``folder`` as ``import-adr`` does and run every check on each ADR. A file the
    reader refuses (``import-adr`` would then store nothing of the collection) counts as
    ``unreadable``, and the others are still checked."""
    files = adr_files([folder])
    result = CollectionFidelity(folder.name)
    for path in files:
        shown = str(path.relative_to(folder.parent))
        try:
            _conversation, found, _links = read_adr_collection([path], folder.name)
        except InputFormatError as error:
            result.findings.append(Finding("unreadable", shown, str(error).removeprefix(f"{path}: ")))
            continue
        text = decode_text(path.read_bytes(), str(path))
        text = markdown_of_rst(text) if path.suffix == ".rst" else text
        result.adrs += len(found)
        for decision in found:
            result.alternatives += len(decision.alternatives)
            result.findings += check_adr(text, decision, shown, single=len(found) == 1)
        if len(found) == 1 and options_section(text) is not None:
            result.with_options += 1
    return result


def check_adr(text: str, decision: ExtractedDecision, path: str, *, single: bool = True) -> list[Finding]:
    """Every check ``decision`` (read from ``text``, the file at ``path``) fails; ``single``
    when the file holds this one decision (a seed-004 document holds several, and its
    options are not checked)."""
    findings: list[Finding] = []
    section = options_section(text) if single else None
    items = section.items if section else ()
    chosen = chosen_options(text, decision.summary, items, decision.subject or "")
    if section is not None and section.led_in and not any(_is_chosen(item, chosen, items) for item in items):
        section, items = None, ()
    summary = decision.summary
    for match in _REFERENCE.finditer(summary):
        named = _referenced(match, items)
        if summary[:match.start()].rstrip().endswith("(") or (named is not None and _says(summary, named)):
            continue  # "… the openapi CLI (Option 3)", or the option's own words are there
        if _EXPLAINED.match(summary[match.end():]):
            continue  # the summary says what it is in words of its own
        findings.append(Finding("option_only", path, summary[:160]))
        break
    stored = [a.option for a in decision.alternatives]
    if section is not None:
        others = [item for item in items if not _is_chosen(item, chosen, items) and not _says(summary, item, 0.6)]
        if (others or (section.prose and not items)) and not stored:
            findings.append(Finding("no_alternatives", path, f"'{section.heading}' lists {len(items) or 'prose'}"))
        missing = [item for item in others if stored and not any(_overlaps(item, s) for s in stored)]
        if missing:
            findings.append(Finding("missing_options", path, "; ".join(m[:60] for m in missing)))
    for option in stored:
        if _is_chosen(option, chosen, items) or _MARKED_CHOSEN.search(option):
            findings.append(Finding("chosen_is_alternative", path, option[:80]))
    number = re.match(r"^(?:adr[-_]?)?0*(\d+)[-_ ]", Path(path).name, re.IGNORECASE)
    for label, value in (("title", decision.subject or ""), ("summary", summary)):
        if _DEBRIS.match(value.strip()) or (number and re.match(rf"^0*{number.group(1)}\s", value.strip())):
            findings.append(Finding("debris", path, f"{label}: {value[:80]}"))
    for option in stored:
        if _PLAN.search(option):
            findings.append(Finding("plan_alternative", path, option[:80]))
    findings += [Finding(check, path, detail) for check, detail in status_findings(text, decision)]
    deciders = [s.name or s.handle for s in decision.stakeholders if s.role == "decider"]
    for name in [*deciders, decision.decision_maker or ""]:
        if name and _PLACEHOLDER.match(name.strip().lstrip("@")):
            findings.append(Finding("placeholder_decider", path, name))
    return findings


def options_section(text: str) -> OptionsSection | None:
    """The first section headed like an options section, with the options it lists: its
    sub-headings, else its top-level list items; ``prose`` when it says something else."""
    heads = list(_HEADING.finditer(text))
    for index, head in enumerate(heads):
        name = _heading_words(head.group(2))
        if not _OPTIONS_HEADING.fullmatch(name):
            continue
        level = len(head.group(1))
        end = next((h.start() for h in heads[index + 1:] if len(h.group(1)) <= level), len(text))
        body = re.sub(r"<!--.*?-->|^ *```.*?^ *```", "", text[head.end():end], flags=re.DOTALL | re.MULTILINE)
        body = re.split(r"^\W*(?:resources|references|links|see also|further reading)\b.{0,40}$", body,
                        maxsplit=1, flags=re.IGNORECASE | re.MULTILINE)[0]  # links listed under the options
        subs = [_sub_name(text, heads, h) for h in heads[index + 1:] if h.start() < end and len(h.group(1)) == level + 1
                and not _FRAMING.fullmatch(_heading_words(h.group(2)))]
        items = subs or _paragraph_options(body) or _top_items(body) or _table_names(body)
        prose = _plain(body)
        meaningful = len(prose.split()) >= 8 and not _EMPTY.match(prose)
        labelled = any(re.match(r"^(?:option|alternative)\s*\w{1,2}\b", i, re.IGNORECASE) for i in items)
        if name in {"options", "option"} and not (subs or labelled or _CHOSEN_LINE.search(text) or _REFERENCE.search(text)):
            continue  # a bare "Options" list of settings ("seq", "keep", "filter") is no choice
        if items or meaningful:
            return OptionsSection(name, tuple(i for i in items if i), prose=meaningful)
    return _labelled_group(text, heads) or _led_in(text)


def _sub_name(text: str, heads: list[re.Match[str]], head: re.Match[str]) -> str:
    """A sub-heading's option: its words, or, when it is only a label ("### Option 4"), the
    label and the first sentence under it."""
    name = _plain(head.group(2))
    if not re.fullmatch(r"(?:option|alternative|approach|solution)\s*#?\s*\w{1,2}", name, re.IGNORECASE):
        return name
    end = next((h.start() for h in heads if h.start() > head.start()), len(text))
    said = re.split(r"(?<=[.!?])\s+", _plain(text[head.end():end]), maxsplit=1)[0]
    return f"{name}: {said}" if said else name


def _led_in(text: str) -> OptionsSection | None:
    """With no options section, a line ending in a colon that announces options ("There were
    3 options considered:", "**Alternatives Considered:**") and the headings or list items
    right after it."""
    masked = re.sub(r"^ *```.*?^ *```", "", text, flags=re.DOTALL | re.MULTILINE)
    for lead in _LEAD_IN.finditer(masked):
        rest = masked[lead.end():].lstrip("\n")
        heads = list(_HEADING.finditer(rest))
        if heads and heads[0].start() == 0:
            level = len(heads[0].group(1))
            items: list[str] = []
            for head in heads:
                if len(head.group(1)) < level:
                    break
                if len(head.group(1)) == level:
                    items.append(re.sub(r"^(?:\d{1,2}[.)]|option\s*\w{1,2}\s*[:.\-–—])\s*", "", _plain(head.group(2)),
                                        flags=re.IGNORECASE))
        else:
            block = re.split(r"\n\s*\n(?=\S)(?! *(?:[-*+]|\d{1,2}[.)])\s)", rest, maxsplit=1)[0]
            items = [_lead_name(i) for i in _top_items(block)] if _ITEM.match(block.split("\n", 1)[0]) else []
        if len(items) >= 2:
            return OptionsSection(_plain(lead.group(0)).rstrip(":"), tuple(items), prose=False, led_in=True)
    return None


def _labelled_group(text: str, heads: list[re.Match[str]]) -> OptionsSection | None:
    """With no options section, two or more sibling headings labelled "Option 1", "Option B"
    under one heading (a "## Storing Typed Attributes" weighing three layouts)."""
    for index, head in enumerate(heads):
        level = len(head.group(1))
        end = next((h.start() for h in heads[index + 1:] if len(h.group(1)) <= level), len(text))
        inside = [h for h in heads[index + 1:] if h.start() < end and len(h.group(1)) == level + 1]
        labelled = [_plain(h.group(2)) for h in inside if re.match(r"^(?:option|alternative)\s*#?\s*(?:\d{1,2}|[A-Z])\b",
                                                                   _plain(h.group(2)), re.IGNORECASE)]
        if len(labelled) >= 2:
            return OptionsSection(_heading_words(head.group(2)), tuple(labelled), prose=False)
    return None


def _lead_name(item: str) -> str:
    """A listed option's name: what comes before its first ":", ". " or dash ("gRPC. Typed
    request/response …" → "gRPC"), when that is a few words."""
    head = re.split(r":\s|\.\s|\s[-–—]\s", item, maxsplit=1)[0].strip().rstrip(".")
    return head if head != item and 1 <= len(head.split()) <= 6 else item


def _paragraph_options(body: str) -> list[str]:
    """Options stated as paragraphs, each followed by a list that argues it ("Why not delete
    the license?" and why not): every list comes right after a paragraph that introduces
    nothing (no colon, not "the following", not a question the items answer), and two
    paragraphs do so, or one that asks "Why not …?". The paragraphs' first sentences."""
    blocks: list[str] = []
    for block in re.split(r"\n\s*\n", body):
        lines = block.splitlines()
        first = next((i for i, line in enumerate(lines) if _ITEM.match(line)), None)
        blocks += [b for b in ("\n".join(lines[:first]), "\n".join(lines[first:])) if b.strip()] if first else [block]
    blocks = [b for b in blocks if b.strip()]
    found: list[str] = []
    for index, block in enumerate(blocks):
        is_list = bool(_ITEM.match(block.split("\n", 1)[0]))
        before = blocks[index - 1] if index else ""
        if not is_list or (before and _ITEM.match(before.split("\n", 1)[0])):
            continue
        said = _plain(before)
        if not said or said.endswith(":") or re.search(r"\b(?:the following|as follows|below)\b", said, re.IGNORECASE) \
                or re.match(r"^(?:where|how|what|which|who|when)\b.*\?$", said, re.IGNORECASE):
            return []
        said = re.sub(r"^(?:\d{1,2}[.)]|[A-Za-z][.)])\s+", "", said)  # "**1. Feature flags**"
        found.append(re.split(r"(?<=[.!?])\s+", said, maxsplit=1)[0])
    return found if len(found) >= 2 or (found and found[0].lower().startswith("why not")) else []


def _table_names(body: str) -> list[str]:
    """The first cells of a table's rows (header and rule left out): options listed in a table."""
    rows = [line.strip() for line in body.splitlines() if line.strip().startswith("|")]
    if len(rows) < 3 or not re.fullmatch(r"\|?[\s:|-]+\|?", rows[1]):
        return []
    return [cell for row in rows[2:] if (cell := _plain(row.strip("|").split("|")[0]))]


def _top_items(body: str) -> list[str]:
    """The list items at the section's outermost indentation (nested ones are their details),
    except that a short group label ("When exporting:") stands for the items right under it."""
    found = [(len(m.group(0)) - len(m.group(0).lstrip()), _plain(m.group(1))) for m in _ITEM.finditer(body)]
    outer = min((indent for indent, _ in found), default=0)
    items: list[str] = []
    group_depth: int | None = None  # the indentation of the items under the current group label
    for index, (indent, item) in enumerate(found):
        if indent == outer:
            nested = index + 1 < len(found) and found[index + 1][0] > outer
            is_label = (item.endswith(":") and len(item.split()) <= 4 and "." not in item) or (
                nested and bool(_QUESTION.match(item)))
            group_depth = -1 if is_label else None
            if not is_label:
                items.append(item)
        elif group_depth is not None:
            group_depth = indent if group_depth == -1 else group_depth
            if indent == group_depth:
                items.append(item)
    return [item for item in items if not _PLACEHOLDER.match(item)]


def chosen_options(text: str, summary: str, items: tuple[str, ...], title: str) -> list[str]:
    """Every way the file names its chosen option: "Chosen option: X", an option marked
    (chosen), the option the summary's "option N" points to, the title's "Use X"."""
    chosen: list[str] = []
    for match in _CHOSEN_LINE.finditer(text):
        value = re.split(r"\bbecause\b", _plain(match.group(1)), maxsplit=1)[0]
        quoted = re.findall(r"[\"“]([^\"”]+)[\"”]", value)
        chosen += quoted or [re.split(r",|\.\s|\.$", value, maxsplit=1)[0]]
    for match in _CHOSEN_LIST.finditer(text):
        chosen += [_plain(item.group(1)).rstrip(".") for item in _ITEM.finditer(match.group(1))]
    chosen += [_MARKED_CHOSEN.sub("", item).strip() for item in items if _MARKED_CHOSEN.search(item)]
    for match in _REFERENCE.finditer(summary):
        named = _referenced(match, items)
        if named and _CHOICE.search(summary[max(0, match.start() - 60):match.start()]):
            chosen.append(named)
    blocks = re.split(r"\n\s*\n|\n(?=\s*(?:[-*+]|\d{1,2}[.)])\s)|\n(?=#)", text)  # no sentence runs across them
    for sentence in (s for block in blocks for s in re.split(r"(?<=[.!?])\s+", _plain(block))):
        cue = _CUE.search(sentence)
        if cue:
            chosen += [item for item in items if len(_name(item)) > 2
                       and f" {_name(item)} " in f" {_name(sentence[cue.end():])} "]
    stripped = _LEADING_VERB.sub("", title.strip())
    if stripped != title.strip():
        chosen.append(_TITLE_MARK + stripped)
    return [c for c in chosen if _words(c.removeprefix(_TITLE_MARK))]


def _referenced(match: re.Match[str], items: tuple[str, ...]) -> str | None:
    """The listed option an "option 2" / "Option B" / "the second option" points to."""
    key = (match.group(1) or match.group(2) or "").lower()
    if key in {"last", "latter"}:
        index = len(items) - 1
    elif key == "former":
        index = 0
    elif key.isdigit():
        numbered = [i for i, item in enumerate(items) if re.match(rf"^option\s*{key}\b", item, re.IGNORECASE)]
        index = numbered[0] if numbered else int(key) - 1
    elif len(key) == 1:
        index = ord(key) - ord("a")
    else:
        index = _NUMBERS.get(key, 0) - 1
    return items[index] if 0 <= index < len(items) else None


def _says(summary: str, option: str, share: float = 0.5) -> bool:
    """The summary states the option: most of the words (``share`` of them) of the option, or
    of one part of it ("Log aggregation service - Sumo Logic"), are in it."""
    option = re.sub(r"^option\s*\w+\s*[:.)-]?", "", option, flags=re.IGNORECASE)
    parts = [option, *re.split(r"\s*(?::|\s[-–—]\s)\s*", option, maxsplit=1)]
    said = _words(summary)
    return any(len(_words(p) & said) >= max(1, int(len(_words(p)) * share)) for p in parts if _words(p))


def _is_chosen(option: str, chosen: list[str], items: tuple[str, ...]) -> bool:
    """``option`` is one the file chose: a chosen text names it, word for word or whole
    (and no listed option matches that text more exactly)."""
    for text in chosen:
        exact = [item for item in items if _name(item) == _name(text.removeprefix(_TITLE_MARK))]
        if _same(option, text) and (not exact or _name(option) == _name(text.removeprefix(_TITLE_MARK))):
            return True
        wanted = _name(text)  # "mtime polling" for "Compare … per call (mtime polling)"
        holding = [item for item in items if len(wanted.split()) >= 2 and f" {wanted} " in f" {_name_whole(item)} "]
        if not text.startswith(_TITLE_MARK) and len(holding) == 1 and _name_whole(holding[0]) == _name_whole(option):
            return True
        if not text.startswith(_TITLE_MARK) and _reworded(text, items) == _name_whole(option):
            return True
    return False


def _reworded(chosen: str, items: tuple[str, ...]) -> str | None:
    """The listed option a chosen text rewords ("Alter the exiting object" for "Alter the
    existing object and return it"): it holds three in five or more of the chosen text's
    words, clearly more than any other option does."""
    words = _words(_name(chosen))
    if not words:
        return None
    scores = sorted(((len(words & _words(item)) / len(words), _name_whole(item)) for item in items), reverse=True)
    if scores and scores[0][0] >= 0.6 and (len(scores) == 1 or scores[0][0] - scores[1][0] >= 0.15):
        return scores[0][1]
    return None


def _name_whole(text: str) -> str:
    return " ".join(re.findall(r"[\w.+#-]+", _plain(text).lower()))


def _same(option: str, chosen: str) -> bool:
    """The same option: equal names, or the option's name (two words or more) said word for
    word inside the chosen text ("Multi-packages, monorepo" in "Multi-packages, monorepo,
    with Yarn and Lerna"). A title is compared whole (see ``chosen_options``)."""
    a, b = _name(option), _name(chosen)
    if not a or not b:
        return False
    if chosen.startswith(_TITLE_MARK):
        return a == _name(chosen[len(_TITLE_MARK):])
    return a == b or (len(a.split()) >= 2 and f" {a} " in f" {b} ")


def _overlaps(listed: str, stored: str) -> bool:
    a, b = _words(_name(listed)), _words(_name(stored))
    return bool(a) and len(a & b) >= max(1, min(len(a), len(b)) // 2)


def _name(text: str) -> str:
    """An option's name for comparison: without "Option 2:", markup, a leading "Use", case."""
    text = _MARKED_CHOSEN.sub("", _plain(text))
    text = re.sub(r"^(?:option|alternative)\s*\w{0,2}\s*[:.)\-–—]\s*", "", text, flags=re.IGNORECASE)
    text = _LEADING_VERB.sub("", text.strip())
    head = re.split(r"\s*(?::|\s[-–—]\s)\s*", text, maxsplit=1)[0]
    text = head if len(head.split()) <= 6 else text
    return " ".join(re.findall(r"[\w.+#-]+", text.lower())).strip(" .-")


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9][\w+#-]*", text.lower()) if w not in _STOP}


def _heading_words(heading: str) -> str:
    words = re.sub(r"<!--.*?-->", "", heading)
    words = re.sub(r"^(?:appendix\s+)?(?:\d+(?:\.\d+)*|[A-Za-z])[.)]\s+", "", _plain(words), flags=re.IGNORECASE)
    return re.sub(r"[^a-z ]", "", words.lower()).strip()


def _plain(text: str) -> str:
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return " ".join(re.sub(r"[*_`]", "", text).split())
