"""Which option an ADR chose, what its "option N" is, and the other options as alternatives
with why each lost."""

from __future__ import annotations

import re
from collections.abc import Sequence

from nlp.readers.adr_markdown import clip, list_items, plain, sentences
from nlp.readers.adr_names import CHOSEN_LINE, NEGATED, REFERENCE, STOP, VERB, best_match, norm, said_in, short_name
from nlp.readers.adr_options import Option
from nlp.schema import ExtractedAlternative

_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
_CHOICE = re.compile(
    r"\b(?:chose|choose|chosen|go(?:ing)?(?: ahead)? with|decided|decide|select(?:ed)?|opt(?:ed)? for|prefer(?:red)?|"
    r"adopt(?:ed)?|recommend(?:ed)?|proceed with|settled on)\b",
    re.IGNORECASE,
)
_WILL = re.compile(r"\b(?:we|i|the team)\s+(?:will|shall|'ll|are going to|have decided to|decided to|agreed to)\b",
                   re.IGNORECASE)
_TAKES = re.compile(r"\b(?:take|took|taking|go for|went for|went with|pick(?:ed)?)\s+(?:the\s+)?$", re.IGNORECASE)
"""A plainer verb right before the option it chooses: "we should take option 2"."""
_CHOSEN_AFTER = re.compile(
    r"\s*(?:\([^)]*\)\s*)?(?:is|was|has been|will be|gets)?\s*(?:chosen|selected|adopted|preferred|accepted|the winner)\b"
    r"|\s*(?:\([^)]*\)\s*)?wins\b",
    re.IGNORECASE,
)
_REJECTION = re.compile(
    r"\b(?:reject(?:ed|ing)?|not (?:be )?(?:chosen|selected|pursued|adopted|viable|suitable|feasible|acceptable)|"
    r"decided against|ruled out|discard(?:ed)?|abandon(?:ed)?|declined|exclude[ds]?|out of scope|dismissed|"
    r"chose not|won't|will not|would not|wouldn't|doesn't|does not|cannot|can't|too\s+\w+|drawback|downside)\b",
    re.IGNORECASE,
)
_CONTRAST = re.compile(r"\b(?:not|no|instead|over|rather than|unlike|but|however|excluded|only)\b", re.IGNORECASE)
_JOINED = re.compile(r"\s*(?:,|\bor\b|\band\b|&|/)\s*(?:options?\s*)?#?\s*(\d{1,2}|(?-i:[A-F]))(?![\w.])", re.IGNORECASE)
_CHOSEN_LIST = re.compile(r"^\W*(?:chosen|selected|preferred)\s+(?:options|alternatives|approaches|solutions)\W*?[:：][ \t]*\n"
                          r"((?:[ \t]*(?:[-*+]|\d+[.)])\s.*\n?(?:[ \t]+\S.*\n?)*)+)", re.IGNORECASE | re.MULTILINE)
"""A "Chosen options:" line with nothing after it, and the list under it: every option it lists."""
_NAMED_AFTER = re.compile(r"[\W_]*$|\s*(?::|\s[-–—]\s|[–—]|\()")
"""What may follow an "option N" that opens a decision and so chooses it: nothing, or what it is."""
_OWN_OPTIONS = re.compile(r"^[\W_]*(?:option|alternative)\s*#?\s*\w{1,2}[\W_]*(?:[:—–-]|$)", re.IGNORECASE | re.MULTILINE)
"""A decision section that lays out options of its own ("**Option B — No pump change**:"): its
"option N" points to those, not to the ADR's options."""
MAX_ALTERNATIVES = 20


def chosen_options(options: Sequence[Option], text: str, decision: str, title: str, section: str = "", *,
                   outside: bool = False) -> set[int]:
    """Which options the ADR chose: those marked "(chosen)", named by a "Chosen option: …"
    line (several when it names a mix), pointed to by "option N" in the decision's first
    sentence when it chooses it ("we go with option 2", "option 2 was chosen"), or named
    whole by a title "Use X"; failing all these, the option a decision of a few words names
    ("In House"), or the one option that the decision's first sentence, or a sentence of the
    decision section that says it chooses ("we go ahead with the X option"), names word for
    word and does not turn down. With ``outside`` (options found outside an options section,
    which may be a design's parts rather than choices), that sentence must also say it decides
    ("we will use …", "Use X", a verb of choosing), not merely describe ("Spans are stored as
    Nested columns")."""
    chosen = {i for i, o in enumerate(options) if o.marked_chosen}
    for line in CHOSEN_LINE.finditer(text):
        stated = re.split(r"\bbecause\b", plain(line.group(1)), maxsplit=1)[0]
        pointed = {referenced(m, options) for m in REFERENCE.finditer(stated)} - {None}
        quoted = re.findall(r"[\"“]([^\"”]{2,})[\"”]", stated)
        named: set[int] = set()
        for value in quoted or [re.split(r",\s|\.\s|\.$|\s[–—-]\s|\s\(", stated, maxsplit=1)[0]]:
            named |= _matches(value, options) or {i for i in pointed if i is not None}
        chosen |= named or _listed_after(text[line.end():], options)
    for line in _CHOSEN_LIST.finditer(text):  # "Chosen options:" and the list of them under it
        chosen |= {i for item in list_items(line.group(1)) if (i := best_match(plain(item.head).rstrip("."),
                                                                           [o.names for o in options], strict=False)) is not None}
    chosen |= _pointed(decision, options)
    if not chosen and not _OWN_OPTIONS.search(section):  # "We decided to go for the second option" further on
        chosen |= {i for said in section_sentences(section) for i in _pointed(said, options, labelled_only=True)}
    stripped = VERB.sub("", plain(title))
    chosen |= {i for i, o in enumerate(options) for n in o.names if stripped != plain(title) and norm(n) == norm(stripped)}
    if not chosen and len(decision.split()) <= 6:  # a decision that just names it: "In House"
        chosen |= _matches(decision.rstrip("."), options)
    if not chosen:
        choosing = [*([decision] if not outside or _decides(decision) else []),
                    *(s for s in section_sentences(section) if _CHOICE.search(s))]
        said = {i for i, o in enumerate(options) for n in o.names for s in choosing if len(norm(n)) > 2 and said_in(n, s)}
        chosen |= said if len(said) == 1 else set()
    return chosen


def section_sentences(section: str) -> list[str]:
    """The sentences of a section, none running across a paragraph, list item or heading (a
    lead-in "We'll:" does not join the items under it, nor a "### Alternatives" paragraph)."""
    return [s for block in _blocks(section) for s in sentences(block)]


def _pointed(sentence: str, options: Sequence[Option], *, labelled_only: bool = False) -> set[int]:
    """The options ``sentence`` chooses by "option N" ("we go with option 2 or 3"), none after
    "not", "against" … With ``labelled_only`` (a sentence further into the decision, which
    may weigh sub-options of its own: "Option A" of an implementation detail), an "option N"
    or "Option B" counts only when an option is labelled so; "the second option" by place."""
    chosen: set[int] = set()
    labels = {o.label for o in options}
    for match in REFERENCE.finditer(sentence):
        if labelled_only and match.group(1) and match.group(1).upper() not in labels:
            continue
        index = referenced(match, options)
        if index is not None and _chooses(sentence, match) and not NEGATED.search(sentence[: match.start()]):
            chosen.add(index)
            chosen |= {i for _, i in _joined(sentence[match.end():], match, options)}
    return chosen


def _decides(sentence: str) -> bool:
    """The sentence states a decision: a verb of choosing, "we will …", or an imperative "Use X"."""
    return bool(_CHOICE.search(sentence) or _WILL.search(sentence) or VERB.match(plain(sentence)))


def _chooses(sentence: str, reference: re.Match[str]) -> bool:
    """The sentence chooses the option it refers to: "we go with option 2", "option 2 was
    chosen", "the second option wins", "we should take option 2", a decision opening with it ("Solution 2.", "Option 2 - X"; not
    "as option 2 would break …")."""
    before = sentence[max(0, reference.start() - 60):reference.start()]
    if not re.search(r"\w", sentence[:reference.start()]) and _NAMED_AFTER.match(sentence[reference.end():]):
        return True  # a decision that opens with the reference: "Solution 2.", "Option 2 - Use CRN …"
    verb = list(_CHOICE.finditer(before))
    return (bool(verb and not re.search(r"[.;]", before[verb[-1].end():])) or bool(_TAKES.search(before))
            or bool(_CHOSEN_AFTER.match(sentence[reference.end():])))


def _joined(rest: str, first: re.Match[str], options: Sequence[Option]) -> list[tuple[int, int]]:
    """The options named after ``first`` by number or letter alone ("option 2 or 3", "options A
    and B"), each with where its mention ends in ``rest``: an undecided or combined choice."""
    joined: list[tuple[int, int]] = []
    offset, numeric = 0, (first.group(1) or "").isdigit()
    while (match := _JOINED.match(rest, offset)) and match.group(1).isdigit() == numeric:
        index = referenced(match, options)
        if index is None:
            break
        joined.append((match.end(), index))
        offset = match.end()
    return joined


def _listed_after(rest: str, options: Sequence[Option]) -> set[int]:
    """When "Chosen option:" describes a set ("a prioritized set of engines"), the options the
    list right after it leads its items with, in bold ("1. **OCRmyPDF** (primary engine)")."""
    block = re.split(r"\n\s*\n(?!\s*(?:[-*+]|\d+[.)])\s)", rest.lstrip("\n"), maxsplit=1)[0]
    leads = [m.group(1) for m in re.finditer(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*|__)(.+?)(?:\*\*|__)", block, re.MULTILINE)]
    return {i for lead in leads if (i := best_match(lead, [o.names for o in options], strict=False)) is not None}


def name_references(sentence: str, options: Sequence[Option]) -> str:
    """``sentence`` with each "option N" it says followed by what option N is, unless the
    sentence already says it: "We go with option 1." → "We go with option 1 (a single-page form).";
    "option 2 or 3" names both; "option (1)" becomes "option 1 (…)"."""
    said = sentence
    for end, index in reversed(_references(sentence, options)):
        name = options[index].name
        if norm(name) and norm(name) in norm(sentence):
            continue
        if sentence[end:].lstrip().startswith(("(", ":", "- ", "–", "—")):  # it says what the option is
            continue
        head = re.sub(r"\((\w{1,2})\)$", r"\1", said[:end])  # "option (1)" reads "option 1 (X)", not "option (1) (X)"
        said = f"{head} ({clip(name, 120)}){said[end:]}"
    return said


def _references(sentence: str, options: Sequence[Option]) -> list[tuple[int, int]]:
    """Where each "option N" of the sentence ends and the option it points to, with the bare
    numbers joined to one ("option 2 or 3"), in order; not one already inside parentheses."""
    found: list[tuple[int, int]] = []
    for match in REFERENCE.finditer(sentence):
        index = referenced(match, options)
        if index is None or sentence[:match.start()].rstrip().endswith("("):
            continue
        found.append((match.end(), index))
        found += [(match.end() + end, other) for end, other in _joined(sentence[match.end():], match, options)]
    return found


def alternatives(options: Sequence[Option], chosen: set[int], outcome: str) -> tuple[ExtractedAlternative, ...]:
    """Every option not chosen, with its pros and cons and why it lost.

    ``why_not_chosen`` is, in order: what the option's own text says against it (a sentence
    that turns it down: "rejected because…", "would not…", "too …"); else the sentences of
    the decision outcome that name it and say something against or instead of it ("Apache
    Tika is not selected because …"); else its cons; else, under a heading of alternatives
    (where an ADR says what it did not choose), its own text; else nothing.
    """
    found: list[ExtractedAlternative] = []
    outcome_sentences = [s for block in _blocks(outcome) for s in sentences(block)
                         if not CHOSEN_LINE.match(s) and (_REJECTION.search(s) or _CONTRAST.search(s))]
    chosen_names = {norm(n) for i in chosen for n in options[i].names}
    for index, option in enumerate(options):
        if index in chosen or any(norm(n) in chosen_names for n in option.names):
            continue
        against = [s for s in sentences(option.text) if _REJECTION.search(s)]
        named = [s for s in outcome_sentences if _names(s, option, options)]
        why = (" ".join(against) or " ".join(named) or "; ".join(option.cons) or (option.text if option.lost else ""))
        found.append(ExtractedAlternative(option=option.name, pros=option.pros[:10], cons=option.cons[:10],
                                          why_not_chosen=clip(why, 300) or None))
    return tuple(found[:MAX_ALTERNATIVES])


def _blocks(markdown: str) -> list[str]:
    """Paragraphs and list items as plain text, each on its own (a list's items have no full stops)."""
    parts = re.split(r"\n\s*\n|\n(?=\s*(?:[-*+]|\d+[.)])\s)|\n(?=#)", markdown)
    return [plain(re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", p)) for p in parts if plain(p) and not p.lstrip().startswith("#")]


def _names(sentence: str, option: Option, options: Sequence[Option]) -> bool:
    """The sentence names this option: its name, or a proper name only it has (a word
    with a capital, digit or dot after the first letter, like "OCRmyPDF" or "Tess4J")."""
    if any(said_in(n, sentence) and len(norm(n)) > 3 for n in option.names):
        return True
    others = " ".join(plain(n).lower() for o in options if o is not option for n in o.names)
    proper = [w for w in re.findall(r"\b[\w.+#-]{4,}\b", option.name)
              if (re.search(r"[A-Z0-9.]", w[1:]) or (w[0].isupper() and w != option.name.split()[0]))
              and w.lower() not in STOP and w.lower() not in others]
    return any(re.search(rf"(?<![\w.]){re.escape(w)}(?![\w])", sentence) for w in proper)


def referenced(match: re.Match[str], options: Sequence[Option]) -> int | None:
    """The option an "option 2" / "Option B" / "the second option" points to: the one
    labelled so, else the one in that place."""
    key = (match.group(1) or match.group(2) or "").upper()
    labelled = [i for i, o in enumerate(options) if o.label == key]
    if labelled:
        return labelled[0]
    if key in {"LAST", "LATTER"}:
        index = len(options) - 1
    elif key == "FORMER":
        index = 0
    elif key.isdigit():
        index = int(key) - 1
    elif len(key) == 1:
        index = ord(key) - ord("A")
    else:
        index = _ORDINALS.get(key.lower(), 0) - 1
    return index if 0 <= index < len(options) else None


def _matches(value: str, options: Sequence[Option]) -> set[int]:
    """The listed options a chosen text names: the one it equals; else those whose name it
    says word for word (a mix names several); else the one it abbreviates or rewords (see
    ``best_match``)."""
    wanted = norm(value)
    if not wanted:
        return set()
    exact = {i for i, o in enumerate(options) for n in o.names if wanted in (norm(n), norm(short_name(n)))}
    if exact:
        return exact
    inside = {i for i, o in enumerate(options) for n in o.names if len(norm(n)) > 2 and f" {norm(n)} " in f" {wanted} "}
    if inside:
        return inside
    best = best_match(value, [o.names for o in options], strict=False)
    return {best} if best is not None else set()
