"""The files that define a type a decision writes, where files are not named after their
types: Python's ``models.py`` holds ``CustomerAgreement`` and ``SubscriptionPlan``, Go's
``store.go`` holds ``type SpanReader struct``, Ruby's ``trainee_id.rb`` holds ``class
TraineeId``. ``components.typed_files`` finds a type by its file's name (one type a file,
as C#, Java and TypeScript keep them); this finds it by its declaration."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Sequence

from nlp.code_links.components import type_names
from nlp.code_links.model import CodeLink, DecisionText
from nlp.code_links.tree import RepoTree, is_code

MAX_FILES = 2
"""A type declared in more files than this is declared per platform or per test: its
name marks none of them."""
MAX_OWNERS = 2
"""A type more decisions name is the product's central one, named in passing (as
``infer.MAX_TYPE_OWNERS``)..."""
MIN_MENTIONS = 3
"""...unless a decision writes it this often (as ``infer.MIN_TYPE_MENTIONS``)."""

DECLARATION = re.compile(
    r"^\s*(?:(?:pub(?:\([\w:]+\))?|export|public|internal|private|protected|abstract|sealed|final|static|partial|"
    r"default|data|open)\s+)*(?:class|struct|interface|type|trait|enum|module|record|protocol|object|impl)\s+"
    r"([A-Z][A-Za-z0-9_]*)\b"
)
"""A line that declares a type (``class CustomerAgreement(TimeStampedModel):``, ``type
SpanReader struct``, ``pub struct ChainHandle``, ``module Trainees``)."""

Declared = Callable[[Sequence[str]], dict[str, list[str]]]


def definition_links(
    decisions: Sequence[DecisionText], declared: Declared, tree: RepoTree, documents: Sequence[str],
) -> list[CodeLink]:
    """The files that declare a type a decision's title or summary writes (0.65) or its
    longer text writes (0.5), when the type is not found by a file of its name, at most
    ``MAX_FILES`` files declare it, and the decision is one of at most ``MAX_OWNERS`` to
    name it or writes it at least ``MIN_MENTIONS`` times."""
    named = [(type_names(f"{d.title}\n{d.summary}"), type_names(d.body)) for d in decisions]
    owners: dict[str, int] = defaultdict(int)
    for headline, body in named:
        for name in headline | body:
            owners[name] += 1
    wanted = sorted({name for headline, body in named for name in headline | body if not tree.with_stem(name)})
    where = declared(wanted) if wanted else {}
    links: list[CodeLink] = []
    for decision, (headline, body) in zip(decisions, named, strict=True):
        for strength, names in ((0.65, headline), (0.5, body - headline)):
            for name in sorted(names):
                files = [f for f in where.get(name, ()) if is_code(f, documents)]
                if not 0 < len(files) <= MAX_FILES:
                    continue
                if owners[name] > MAX_OWNERS and _mentions(name, decision.body) < MIN_MENTIONS:
                    continue
                for path in files:
                    links.append(CodeLink(decision.id, path, "definition", strength, f"{path} declares {name}, which it names"))
    return links


def _mentions(name: str, text: str) -> int:
    return len(re.findall(rf"\b{re.escape(name)}\b", text))
