"""Load the Cypher files under ``cypher/``: named queries and schema statements.

Every file starts with ``//`` header lines: what it does, a ``// params:`` line naming
each ``$parameter`` it uses (or ``none``), and an example. The loader checks that the
declared and the used parameters agree, so a file always runs as-is in Neo4j Browser
after the ``:param`` lines its header shows.
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
    return _queries().get(name) or _raise_not_found(name)


def query_names() -> list[str]:
    """Names of every query in ``cypher/queries``."""
    return sorted(_queries())


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
    statements = _split_statements(body)
    if len(statements) != 1:
        raise CypherFileError(source, f"holds {len(statements)} statements; a query file holds one")
    used = _used_params(statements[0])
    if used != declared:
        raise CypherFileError(source, f"// params: declares {sorted(declared)} but the query uses {sorted(used)}")
    return Query(name, _literal(statements[0]), tuple(sorted(used)), source)


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


def _raise_not_found(name: str) -> Query:
    raise QueryNotFound(name)
