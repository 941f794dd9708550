"""How an ADR names its options, and when two names are one option: labels ("Option 2:"),
references ("option 2", "the second option"), "Chosen option:" lines, and names compared
without case, a leading "Use", hyphens or plurals."""

from __future__ import annotations

import re
from collections.abc import Sequence

from nlp.readers.adr_markdown import plain

LABEL = re.compile(
    r"^(?:(?:option|alternative|approach|solution|proposal)\s*#?\s*(\d{1,2}|[A-Z](?![\w.]))|(\d{1,2}|(?-i:[A-H]))[.)](?=\s)"
    r"|\((\d{1,2}|[a-hA-H])\)(?=\s))"
    r"\s*[:.)\-–—]?\s*",
    re.IGNORECASE,
)
REFERENCE = re.compile(
    r"\b(?:option|alternative|approach|solution|proposal)\s*(?:#|(?:number|no\.)(?=\s*\d))?\s*"  # "solution number 3"
    r"(?:\((?=(?:\d{1,2}|[A-Fa-f])\)))?"  # "option (1)"
    r"(\d{1,2}|(?-i:[A-F])(?![\w.])|(?<=\()[a-f](?=\)))(?:(?<=\(\w)\)|(?<=\(\d\d)\))?(?!\w)"
    r"|\bthe\s+(first|second|third|fourth|fifth|sixth|last|former|latter)\s+(?:option|alternative|approach|solution|proposal)\b",
    re.IGNORECASE,
)
CHOSEN_LINE = re.compile(
    r"^\W*(?:chosen|selected|preferred)\s+(?:option|alternative|approach|solution)s?\W*?[:：]\s*"
    r"(.+(?:\n[ \t]*(?![-*+#>|]|\d+[.)])\S.*)*)",  # and the lines it wraps onto
    re.IGNORECASE | re.MULTILINE,
)
NEGATED = re.compile(r"\b(?:not|never|reject\w*|against|instead of|rather than|over|than|unlike)\W+(?:\w+\W+){0,3}$",
                     re.IGNORECASE)
VERB = re.compile(r"^(?:use|using|adopt|choose|go with|switch to|keep|implement|introduce|add|migrate to|move to)\s+",
                  re.IGNORECASE)
STOP = frozenset("a an the to of and or for in on with we will use using by is be it as at this that our from via "
                 "all any its into".split())


def said_in(name: str, sentence: str) -> bool:
    """``sentence`` says ``name`` word for word, and not after "not", "instead of", "rather than"…"""
    at = f" {norm(sentence)} ".find(f" {norm(name)} ")
    return at >= 0 and not NEGATED.search(norm(sentence)[:at])


def best_match(value: str, names: Sequence[Sequence[str]], *, strict: bool) -> int | None:
    """The option (given by its names) ``value`` stands for: equal, or (unless ``strict``)
    the only one it is a part of, or the one holding most of its words (three in five or
    more) by a clear margin: an outcome that rewords its option ("Add a new divider" for
    "Add a divider with label …")."""
    wanted = norm(value)
    for i, own in enumerate(names):
        if any(norm(n) == wanted or norm(short_name(n)) == norm(short_name(value)) for n in own):
            return i
    if strict or not wanted:
        return None
    holding = [i for i, own in enumerate(names) if any(f" {wanted} " in f" {norm(n)} " for n in own)]
    if len(holding) == 1:
        return holding[0]
    wanted_words = words(value)
    scores = sorted(((max(len(wanted_words & words(n)) / max(len(wanted_words), 1) for n in own), i)
                     for i, own in enumerate(names)), reverse=True)
    if scores and scores[0][0] >= 0.6 and (len(scores) == 1 or scores[0][0] - scores[1][0] >= 0.15):
        return scores[0][1]
    return None


def short_name(name: str) -> str:
    """A name up to its first ":", dash or parenthesis: "MADR 4.0.0 – The Markdown …" → "MADR 4.0.0"."""
    return re.split(r"\s*(?::|\s[–—-]\s|\()\s*", name, maxsplit=1)[0]


def norm(text: str) -> str:
    """Words to compare names by: no label or leading "Use", lower case, "double-submit" as
    "double submit", plurals as singulars ("ORMs" and "ORM")."""
    text = VERB.sub("", LABEL.sub("", plain(text).strip("\"'“”")))
    words = re.findall(r"[\w.+#]+", text.lower().replace("_", " "))
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words).strip(" .")


def words(text: str) -> set[str]:
    """Content words, compounds kept whole ("go-swagger", "suite-like"), plurals as singulars."""
    words = re.findall(r"[a-z0-9][\w+#-]*", plain(text).lower())
    return {w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words if w not in STOP}
