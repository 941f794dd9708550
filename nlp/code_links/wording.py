"""Source files whose words a decision's words share, weighed as a search engine weighs them.

A design decision ("Federation IDP", "Create one REST API module", "Only fetch the data a page
renders") names no library, tool or folder, and no commit names it; the code that carries it
out is written in its words (``identity_provider.rs``, ``RestApiModule``, ``fetch_page_data``).
Each source file is a document of its identifiers and path, split into words
(``FederatedIdentityProvider`` → federated, identity, provider) and weighed by TF-IDF over the
repository's source files; a decision's title (twice), summary and Decision section are the
query. The few files closest to it, and close enough, are linked: a word many files share
(the product's name, ``request``) weighs little, one that marks a module weighs much.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath

from nlp.code_links.components import HUMPS, SOURCE_SUFFIXES
from nlp.code_links.model import CodeLink, DecisionText

SIMILAR_FILES = 10
"""Files linked per decision at most: the closest ones."""
MIN_SIMILARITY = 0.15
"""Cosine below which a file shares too little with a decision to be linked. Chosen over the 48
labelled development repositories (docs/check-diff.md): 0.1, 0.15, 0.2 and 0.25 were run with
5 to 30 files; the threshold moved precision and recall, the count of files hardly at all."""
SIMILAR = 0.5
"""Strength at ``MIN_SIMILARITY``, rising with the similarity up to ``SIMILAR_MAX``: the
weakest link kept, as shared words may mean a neighbouring concern."""
SIMILAR_MAX = 0.7
TEXT_CHARACTERS = 5_000
"""A file is read up to here: its imports, types and first functions name what it is about.
Over the 48 development repositories 2,000, 5,000, 10,000 and 20,000 gave pooled F1 0.642 to
0.645: the least that reads as well is taken, as reading costs time."""
PATH_WEIGHT = 3
"""A word of a file's path counts as often as this many of its text: it names the module."""
MIN_IDF = 1.5
"""A query word in more than about 60% of the files (``request``, the product's name) is left
out of the query: it cannot tell one file from another."""
EVIDENCE_WORDS = 3

_IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9]*")
STOPWORDS = frozenset("""
the and for with that this from are was were will have has not but can use used using our their its into when
then than there which what where who how all any each one two may must should would could also only more most
such other some very just about over under between after before here these those been being them they you your
get set new let var val const function return import export class public private static void string int bool
true false null none self def end test tests spec describe expect number object array type interface value
values data file files
""".split())
"""Words of every language's syntax and of every decision's prose: they mark no module."""


def words(text: str) -> list[str]:
    """The words of ``text``'s identifiers, lower-case: ``FederatedIdentityProvider`` →
    federated, identity, provider; ``fetch_page_data`` → fetch, page, data (``data`` is a
    stopword). Words under three letters and numbers are left out."""
    out: list[str] = []
    for identifier in _IDENTIFIER.findall(text):
        for part in HUMPS.findall(identifier):
            word = part.lower()
            if len(word) >= 3 and word not in STOPWORDS and not word.isdigit():
                out.append(word)
    return out


@dataclass(frozen=True)
class WordIndex:
    """The source files as weighted word vectors: each word's IDF and, per word, the files
    that have it with its weight in each file's unit-length vector."""

    idf: Mapping[str, float]
    postings: Mapping[str, Sequence[tuple[str, float]]]


def source_files(files: Iterable[str], documents: Sequence[str]) -> list[str]:
    """The files an index is made of, sorted: source code, outside the decision documents' folders."""
    folders = tuple(documents)
    return sorted(f for f in files if PurePosixPath(f).suffix in SOURCE_SUFFIXES and not f.startswith(folders))


def word_index(texts: Mapping[str, str]) -> WordIndex:
    """The index of ``texts`` (path → text): a word counts by its log frequency in the file
    (path words ``PATH_WEIGHT`` times), times its IDF over the files."""
    counts: dict[str, Counter[str]] = {}
    for path, text in texts.items():
        tf = Counter(words(text[:TEXT_CHARACTERS]))
        for word, n in Counter(words(path.replace("/", " "))).items():
            tf[word] += PATH_WEIGHT * n
        if tf:
            counts[path] = tf
    frequency = Counter(word for tf in counts.values() for word in tf)
    size = len(counts)
    idf = {word: math.log((size + 1) / (n + 1)) + 1 for word, n in frequency.items()}
    postings: dict[str, list[tuple[str, float]]] = defaultdict(list)
    for path, tf in counts.items():
        weights = {word: (1 + math.log(n)) * idf[word] for word, n in tf.items()}
        norm = math.sqrt(sum(w * w for w in weights.values()))
        for word, weight in weights.items():
            postings[word].append((path, weight / norm))
    return WordIndex(idf, dict(postings))


def similar_links(decisions: Sequence[DecisionText], index: WordIndex) -> list[CodeLink]:
    """For each decision, the ``SIMILAR_FILES`` source files closest to its words, when at
    least ``MIN_SIMILARITY`` close; the evidence names the words they share most."""
    links: list[CodeLink] = []
    for decision in decisions:
        query = Counter(words(f"{decision.title} {decision.title} {decision.summary} {decision.rationale}"))
        weights = {
            word: (1 + math.log(n)) * index.idf[word]
            for word, n in query.items() if index.idf.get(word, 0.0) > MIN_IDF
        }
        norm = math.sqrt(sum(w * w for w in weights.values()))
        if not norm:
            continue
        scores: dict[str, float] = defaultdict(float)
        shares: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        for word, weight in weights.items():
            for path, file_weight in index.postings.get(word, ()):
                part = weight / norm * file_weight
                scores[path] += part
                shares[path][word] += part
        for path, score in sorted(scores.items(), key=lambda item: -item[1])[:SIMILAR_FILES]:
            if score < MIN_SIMILARITY:
                break
            strength = round(min(SIMILAR_MAX, SIMILAR + (score - MIN_SIMILARITY)), 3)
            shared = ", ".join(sorted(shares[path], key=lambda word: -shares[path][word])[:EVIDENCE_WORDS])
            links.append(CodeLink(decision.id, path, "wording", strength,
                                  f"{path} is written in its words ({shared}; similarity {score:.2f})"))
    return links
