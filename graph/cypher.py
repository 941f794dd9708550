"""Load the Cypher files under ``cypher/``: named queries and schema statements.

Every file starts with ``//`` header lines: what it does, a ``// params:`` line naming
each ``$parameter`` it uses (or ``none``), and an example. The loader checks that the
declared and the used parameters agree, so a file runs in Neo4j Browser after the
``:param`` lines its header shows.

A condition several queries share is written once, as a fragment in ``cypher/fragments``
(same header, no example: it is not a statement), and included where it applies as
``{{name}}``; ``{{name: map}}`` reads each of its ``$parameters`` from the map variable
``map`` instead (``$groups`` becomes ``map.groups``). The loader expands includes before it
checks parameters, and ``decision-journal cypher NAME`` prints a query expanded, ready for
Neo4j Browser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import LiteralString

from graph.errors import CypherFileError, QueryNotFound

_PARAM = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
_STRING = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_INCLUDE = re.compile(r"\{\{\s*([a-z][a-z0-9_]*)\s*(?::\s*([A-Za-z_][A-Za-z0-9_]*)\s*)?\}\}")
_MAX_DEPTH = 4


@dataclass(frozen=True)
class Query:
    """One Cypher statement with the parameters it takes.

    Attributes:
        name: The file stem, such as ``schema_indexes``.
        text: The statement, without header comments or trailing semicolon.
        params: The ``$parameters`` it uses, sorted.
        source: The file it came from, for error messages.
    """

    name: str
    text: LiteralString
    params: tuple[str, ...]
    source: str


def load_query(name: str) -> Query:
    """Return the query in ``cypher/queries/<name>.cypher``.

    Raises:
        QueryNotFound: No such file.
        CypherFileError: The file breaks the header convention or holds two statements.
    """
    if not _NAME.match(name):
        raise QueryNotFound(name)
    return _query(name)


def browser_text(name: str) -> str:
    """The query ``name`` as Neo4j Browser runs it: the ``:param`` lines of its header's
    example, then the statement with its fragments expanded. A name of ``cypher/browser``
    (``01-decision-chain``, with or without ``.cypher``) is that file as it is: those are
    written for the Browser, their ``:param`` lines included.

    Raises:
        QueryNotFound: No such query.
    """
    browser = name.removesuffix(".cypher")
    if browser in browser_names():
        return resources.files("cypher").joinpath("browser", f"{browser}.cypher").read_text()
    query = load_query(name)
    raw = resources.files("cypher").joinpath("queries", f"{name}.cypher").read_text()
    header = [line.lstrip()[2:].strip() for line in raw.splitlines() if line.lstrip().startswith("//")]
    params = [line[line.index(":param"):] for line in header if ":param" in line]
    return "\n".join([*params, f"{query.text};"]) + "\n"


def query_names() -> list[str]:
    """Names of every query in ``cypher/queries``."""
    return sorted(_queries())


def browser_names() -> list[str]:
    """Names of the ready-made Browser queries in ``cypher/browser`` (``01-decision-chain``, …)."""
    folder = resources.files("cypher").joinpath("browser")
    return sorted(entry.name.removesuffix(".cypher") for entry in _cypher_files(folder))


def schema_statements() -> list[Query]:
    """Every statement of ``cypher/schema/*.cypher``, in file order then statement order."""
    statements: list[Query] = []
    folder = resources.files("cypher").joinpath("schema")
    for entry in sorted(_cypher_files(folder), key=lambda item: item.name):
        source = f"cypher/schema/{entry.name}"
        declared, body = _split_header(entry.read_text(), source)
        for index, text in enumerate(_split_statements(body), start=1):
            used = _used_params(text)
            if not used <= declared:
                raise CypherFileError(source, f"statement {index} uses undeclared {sorted(used - declared)}")
            statements.append(Query(f"{entry.name}#{index}", _literal(text), tuple(sorted(used)), source))
    return statements


@cache
def _query(name: str) -> Query:
    """One query file, read and checked when first asked for: a command that sends three
    queries parses three files, not all seventy (``_queries`` reads them all, for listings)."""
    entry = resources.files("cypher").joinpath("queries", f"{name}.cypher")
    if not entry.is_file():
        raise QueryNotFound(name)
    return parse_query_file(entry.read_text(), f"cypher/queries/{name}.cypher")


@cache
def _queries() -> dict[str, Query]:
    found: dict[str, Query] = {}
    folder = resources.files("cypher").joinpath("queries")
    for entry in _cypher_files(folder):
        source = f"cypher/queries/{entry.name}"
        name = entry.name.removesuffix(".cypher")
        if not _NAME.match(name):
            raise CypherFileError(source, "file names are lower_snake_case")
        found[name] = parse_query_file(entry.read_text(), source)
    return found


def parse_query_file(text: str, source: str) -> Query:
    """Parse the text of one query file; the query is named after the file stem.

    Raises:
        CypherFileError: No header, two statements, or declared and used params differ.
    """
    name = source.rsplit("/", 1)[-1].removesuffix(".cypher")
    declared, body = _split_header(text, source)
    statements = _split_statements(_expand(body, source))
    if len(statements) != 1:
        raise CypherFileError(source, f"holds {len(statements)} statements; a query file holds one")
    used = _used_params(statements[0])
    if used != declared:
        raise CypherFileError(source, f"// params: declares {sorted(declared)} but the query uses {sorted(used)}")
    return Query(name, _literal(statements[0]), tuple(sorted(used)), source)


@cache
def _fragments() -> dict[str, tuple[frozenset[str], str]]:
    """Each fragment of ``cypher/fragments``: its declared parameters and its body."""
    found: dict[str, tuple[frozenset[str], str]] = {}
    folder = resources.files("cypher").joinpath("fragments")
    for entry in _cypher_files(folder):
        source = f"cypher/fragments/{entry.name}"
        declared, body = _split_header(entry.read_text(), source)
        body = body.strip()
        # A fragment lands inside a line of its includer: a line comment would swallow
        # the rest of that line, and a semicolon would end the statement.
        if "//" in _STRING.sub("''", body) or ";" in body:
            raise CypherFileError(source, "a fragment's body holds no // comment and no semicolon")
        found[entry.name.removesuffix(".cypher")] = (frozenset(declared), body)
    return found


def fragment_names() -> list[str]:
    """Names of every fragment in ``cypher/fragments``."""
    return sorted(_fragments())


def _expand(body: str, source: str, depth: int = 0) -> str:
    """``body`` with every ``{{fragment}}`` replaced by the fragment's text (itself expanded).

    Raises:
        CypherFileError: An unknown fragment, includes nested too deep (a cycle), or a
            fragment that uses other parameters than it declares.
    """

    def include(match: re.Match[str]) -> str:
        name, via = match.group(1), match.group(2)
        fragments = _fragments()
        if name not in fragments:
            raise CypherFileError(source, f"includes unknown fragment {name!r} (cypher/fragments)")
        if depth >= _MAX_DEPTH:
            raise CypherFileError(source, f"fragments nest deeper than {_MAX_DEPTH} at {name!r}")
        declared, text = fragments[name]
        text = _expand(text, f"cypher/fragments/{name}.cypher", depth + 1)
        if _used_params(text) != declared:
            raise CypherFileError(f"cypher/fragments/{name}.cypher", f"// params: declares {sorted(declared)} but the fragment uses {sorted(_used_params(text))}")
        return text if via is None else _params_from(text, via)

    return _INCLUDE.sub(include, body)


def _params_from(text: str, variable: str) -> str:
    """``text`` with each ``$name`` outside string literals read as ``variable.name``."""
    pieces: list[str] = []
    last = 0
    for literal in _STRING.finditer(text):
        pieces += [_PARAM.sub(rf"{variable}.\1", text[last : literal.start()]), literal.group(0)]
        last = literal.end()
    pieces.append(_PARAM.sub(rf"{variable}.\1", text[last:]))
    return "".join(pieces)


def _cypher_files(folder: Traversable) -> list[Traversable]:
    return [entry for entry in folder.iterdir() if entry.name.endswith(".cypher")]


def _split_header(text: str, source: str) -> tuple[set[str], str]:
    lines = text.splitlines()
    header: list[str] = []
    while lines and lines[0].lstrip().startswith("//"):
        header.append(lines.pop(0).lstrip()[2:].strip())
    params_lines = [line for line in header if line.lower().startswith("params:")]
    if len(header) < 2 or len(params_lines) != 1:
        raise CypherFileError(source, "needs a header: a description and one `// params:` line")
    declared_text = params_lines[0].split(":", 1)[1].strip()
    declared = set() if declared_text.lower() == "none" else set(_PARAM.findall(declared_text))
    if declared_text.lower() != "none" and not declared:
        raise CypherFileError(source, "`// params:` lists $names or says none")
    return declared, "\n".join(lines)


def _split_statements(body: str) -> list[str]:
    # Statements end with a semicolon at the end of a line; our files keep string
    # literals free of that sequence, so no Cypher tokenizer is needed.
    parts = re.split(r";[ \t]*(?:\n|$)", body)
    return [part.strip() for part in parts if part.strip()]


def _used_params(text: str) -> set[str]:
    return set(_PARAM.findall(_STRING.sub("''", text)))


def _literal(text: str) -> LiteralString:
    # The text comes from files shipped inside the package, never from user input; that is
    # what LiteralString promises the driver (mypy checks LiteralString as plain str).
    return text

