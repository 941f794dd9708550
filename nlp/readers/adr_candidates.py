"""Options an ADR weighs outside any options section, in the Nygard-style layouts.

- sibling headings labelled "Option 1: X", "Option B – Y" (at any level, under "## Context"
  or under the title), each with its "#### Pros" / "#### Cons";
- a lead-in sentence that announces options ("There were 3 options considered:", "We
  considered the following options:") followed by headings ("### 1. Do not implement") or
  by a list;
- a list of candidates in a context section ("- Service objects: …", "- Interactor gem: …")
  led in by a paragraph that says they were evaluated or compared.

Any of these is an ADR's options only when the ADR says which it chose: a heading or list
that merely looks like options ("Option" headings nobody picks from, a list of tools met so
far) weighs nothing. A candidate list is stricter still: the decision's first sentence must
name exactly one of its candidates, word for word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from nlp.readers.adr_markdown import Heading, clip, headings, list_items, own_text, plain, sentences, without_code
from nlp.readers.adr_names import norm, said_in
from nlp.readers.adr_options import (
    Option,
    candidate_from_item,
    heading_words,
    labelled_headings,
    option_headings,
    option_of_heading,
    options_label,
)

_OPTIONS_WORD = r"(?:options|alternatives|approaches|candidates|solutions|possibilities|choices)"
_LEAD_IN = re.compile(
    rf"\bthere (?:are|were|is|was) (?:\w+ ){{0,2}}{_OPTIONS_WORD}\b"
    rf"|\b(?:we|the team|i)\s+(?:have\s+|had\s+)?(?:considered|evaluated|explored|looked at|compared|weighed|discussed|identified)\b"
    rf"[^.:]{{0,40}}\b{_OPTIONS_WORD}\b"
    rf"|\b{_OPTIONS_WORD}\s+(?:that\s+)?(?:we\s+)?(?:were\s+|have been\s+)?(?:considered|evaluated|explored|discussed|identified)\b"
    rf"|\bthe following {_OPTIONS_WORD}\b"
    r"|\bthere (?:are|were) (?:\w+ ){0,2}(?:methods|ways) (?:that )?we (?:considered|evaluated|explored|looked at|compared|weighed)\b",
    re.IGNORECASE,
)
"""A sentence announcing the options that follow: "There were 3 options considered:", "two options
were identified", "There are two main methods we explored:" (methods or ways only when weighed:
"There are two methods of specifying …" may introduce two that are both used)."""
_EVALUATED = re.compile(
    r"\b(?:evaluat\w*|consider\w*|compar\w*|looked at|look at|assess\w*|investigat\w*|explor\w*|review\w*|weigh\w*)\b",
    re.IGNORECASE,
)
"""A candidate list's lead-in says they were weighed ("we have been evaluating a number of tools")."""
_CONTEXT = re.compile(r"^(?:context|background|problem|motivation|current|research|investigation|analysis|discussion)")
"""Sections where an ADR lays out the candidates it weighed before deciding."""
_ITEM_START = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\S")
_TRAILING_ASIDE = re.compile(r"\s*\((?:[^()]|\([^()]*\))*\)$")
_CANDIDATE_WORDS = 6
"""A candidate's name is a few words ("Dry-transaction gem"): a longer item is a statement, not a candidate."""


@dataclass(frozen=True)
class Candidates:
    """Options found outside an options section, and whether they count only when the
    decision's first sentence names one of them word for word (a candidate list)."""

    options: list[Option]
    named_only: bool = False
    needs_choice: bool = True
    """False under a line that heads them as alternatives ("**Alternatives Considered:**"):
    like an options section, they are weighed even when the choice is not found among them."""


def candidate_groups(text: str) -> list[Candidates]:
    """Every group of options the ADR lays out outside an options section, in order."""
    every = headings(text)
    groups: list[Candidates] = []
    for heading in every:
        labelled = labelled_headings(heading, every)
        if labelled:
            groups.append(Candidates(option_headings(text, heading, labelled)))
        body = own_text(text, heading, every)
        paragraphs = _paragraphs(body)
        for index, paragraph in enumerate(paragraphs):
            said = sentences(plain(paragraph))
            if not said:
                continue
            following = paragraphs[index + 1] if index + 1 < len(paragraphs) else ""
            label = options_label(plain(paragraph)) if len(said) == 1 else None
            if label is not None and following and _ITEM_START.match(following):
                groups.append(Candidates(_items(following, lost=label), needs_choice=False))
            elif _LEAD_IN.search(said[-1]):
                if following and _ITEM_START.match(following):
                    groups.append(Candidates(_items(following)))
                elif not following:
                    groups.append(Candidates(_sub_headings(text, heading, every)))
            elif (paragraph.rstrip().endswith(":") and _EVALUATED.search(" ".join(said[-2:])) and following
                  and _ITEM_START.match(following) and _CONTEXT.match(heading_words(heading.title))):
                found = _items(following)
                if all(_short(o) for o in found):
                    groups.append(Candidates(found, named_only=True))
    return [g for g in groups if len(g.options) >= 2]


def named_once(options: list[Option], sentence: str) -> set[int]:
    """The one option ``sentence`` names word for word (not after "not", "instead of"…), if
    it names exactly one."""
    said = {i for i, o in enumerate(options) for n in o.names if len(norm(n)) > 2 and said_in(n, sentence)}
    return said if len(said) == 1 else set()


def _paragraphs(body: str) -> list[str]:
    """Paragraphs of ``body``, a list kept whole as one block (its items and what is indented
    under them), a list right after a line ending with a colon cut from that line."""
    blocks: list[str] = []
    for block in re.split(r"\n\s*\n(?![ \t]+\S|\s*(?:[-*+]|\d+[.)])\s)", without_code(body)):
        if not block.strip():
            continue
        first_item = next((m.start() for m in re.finditer(r"^", block, re.MULTILINE) if _ITEM_START.match(block[m.start():])), None)
        if first_item:
            blocks += [block[:first_item], block[first_item:]]
        else:
            blocks.append(block)
    return [b for b in blocks if b.strip()]


def _items(block: str, *, lost: bool = False) -> list[Option]:
    """The options a list names; each named by its whole first line when their short names
    repeat ("Nexus Led - send to X", "Nexus Led - send to Y" are two options, not one)."""
    items = [item for item in list_items(block) if plain(item.head)]
    options = [candidate_from_item(item, lost=lost) for item in items]
    if len({norm(o.name) for o in options}) < len(options):
        whole = [plain(item.head).rstrip(".") for item in items]
        shorter = [_TRAILING_ASIDE.sub("", name) for name in whole]  # "… send to DPS (DPS accepts …)" → "… send to DPS"
        names = shorter if len({norm(n) for n in shorter}) == len(shorter) else whole
        options = [replace(o, name=clip(name, 200)) for o, name in zip(options, names, strict=True)]
    return options


def _sub_headings(text: str, heading: Heading, every: list[Heading]) -> list[Option]:
    inside = [h for h in every if heading.start < h.start < heading.end]
    if not inside:
        return []
    level = min(h.level for h in inside)
    return [o for h in inside if h.level == level and (o := option_of_heading(text, h)).name]


def _short(option: Option) -> bool:
    return 1 <= len(option.name.split()) <= _CANDIDATE_WORDS
