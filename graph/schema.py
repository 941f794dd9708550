"""Apply ``cypher/schema`` to a database and verify the database against it.

What to expect is read from the DDL files themselves, so the files stay the single
description of the schema: each statement is one of the few forms parsed below.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from graph.cypher import Query, load_query, schema_statements
from graph.errors import CypherFileError, GraphError
from graph.executor import QueryExecutor, Row
from graph.people_handles import HandleMigration, migrate_handles

_CONSTRAINT = re.compile(
    r"^CREATE CONSTRAINT (\w+) IF NOT EXISTS FOR \(\w+:(\w+)\) REQUIRE (?:\((.+?)\)|(\S+)) IS UNIQUE$"
)
_INDEX = re.compile(r"^CREATE (RANGE |TEXT )?INDEX (\w+) IF NOT EXISTS FOR \(\w+:(\w+)\) ON \((.+?)\)$")
_FULLTEXT = re.compile(
    r"^CREATE FULLTEXT INDEX (\w+) IF NOT EXISTS FOR \(\w+:([\w|]+)\) ON EACH \[(.+?)\](?: OPTIONS .*)?$"
)
_VECTOR = re.compile(r"^CREATE VECTOR INDEX (\w+) IF NOT EXISTS FOR \(\w+:(\w+)\) ON \w+\.(\w+) OPTIONS .*$")
_OPTION = re.compile(r"`([\w.]+)`: *(?:'([^']*)'|\$(\w+)|(\d+))")


@dataclass(frozen=True)
class SchemaObject:
    """An index or constraint the DDL declares.

    Attributes:
        kind: ``constraint`` or ``index``.
        name: Its name in the database.
        type: ``UNIQUENESS``, ``RANGE``, ``TEXT``, ``FULLTEXT`` or ``VECTOR``.
        labels: The labels it covers.
        properties: The properties it covers, in order.
        options: Index options to compare, such as ``vector.dimensions``.
    """

    kind: str
    name: str
    type: str
    labels: tuple[str, ...]
    properties: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ApplyReport:
    """What ``apply_schema`` did: statements run, objects that did not exist before, and
    people moved to the handles of the current rule."""

    statements: int
    created: tuple[str, ...]
    people: HandleMigration = HandleMigration()
    roles_removed: int = 0
    """People that were a coding-assistant session's role ("@user", "@assistant"), removed."""


@dataclass(frozen=True)
class VerifyReport:
    """What ``verify_schema`` found: ``problems`` is empty when the schema matches."""

    checked: int
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def expected_schema(dimension: int) -> list[SchemaObject]:
    """Every index and constraint declared in ``cypher/schema``, for an embedder of ``dimension``."""
    return [_parse(statement, {"dimension": dimension}) for statement in schema_statements()]


async def apply_schema(
    executor: QueryExecutor, dimension: int, await_seconds: int = 300
) -> ApplyReport:
    """Run every schema statement (all idempotent), wait until the indexes are online, and
    migrate what older versions stored: files keyed by path alone become unscoped files
    (``repository: ''``), agent decisions recorded before they were TAGGED are linked
    to their tags, tags stored in another case than lower are stored lower case, sessions
    get the time of their latest message (``last_message_at``), people that were a session's
    role (``@user``, ``@assistant``) are removed, and people stored under a
    handle of the ASCII-only rule move to the handle of their name now
    (``graph.people_handles``).

    Args:
        executor: Where to run the statements.
        dimension: Output size of the configured embedder, for the vector index.
        await_seconds: How long to wait for new indexes to finish populating.
    """
    if dimension < 1 or dimension > 4096:
        raise GraphError(f"embedding dimension must be between 1 and 4096, not {dimension}")
    before = await _existing_names(executor)
    # Before files belonged to a repository, File.path alone was unique: drop that key and
    # give those files the unscoped repository, before the (repository, path) key is made.
    await executor.write(load_query("schema_drop_file_path"))
    await executor.write(load_query("schema_unscoped_files"))
    statements = schema_statements()
    values = {"dimension": dimension}
    for statement in statements:
        await executor.write(statement, {name: values[name] for name in statement.params})
    # Waiting changes nothing, so it is a read (any cluster member); its session carries the
    # writes' bookmarks, so the member it runs on knows the indexes just created.
    await executor.read(load_query("schema_await_indexes"), {"seconds": await_seconds})
    # Data written before the model said so: agent decisions without their TAGGED links.
    await executor.write(load_query("schema_link_agent_tags"))
    # Tags stored in the case they were given, before every face matched them in any case.
    await executor.write(load_query("schema_lowercase_tags"))
    # Sessions stored before ingest kept their latest message's time, which orders the list.
    await executor.write(load_query("schema_session_last_message"))
    # A session's roles stored as people shared by every developer's sessions (@user).
    removed = await executor.write(load_query("schema_drop_session_role_people"))
    # People whose handles lost the letters of their names outside a-z (@niklas-lindstr-m).
    people = await migrate_handles(executor)
    after = await _existing_names(executor)
    return ApplyReport(len(statements), tuple(sorted(after - before)), people, removed[0]["removed"] if removed else 0)


SCHEMA_MARK = "decision_embedding"
"""The index whose presence says a journal's schema was applied (the last statement's)."""


async def ensure_schema(executor: QueryExecutor, dimension: int) -> ApplyReport | None:
    """Apply the schema to a journal that has never had it (no ``SCHEMA_MARK`` index), as a
    new local journal's first command finds it; None when it has (its migrations stay with
    ``decision-journal schema apply``)."""
    if await executor.read(load_query("schema_index_named"), {"name": SCHEMA_MARK}):
        return None
    return await apply_schema(executor, dimension)


async def verify_schema(executor: QueryExecutor, dimension: int) -> VerifyReport:
    """Compare the database's indexes and constraints with ``cypher/schema``.

    Reports anything missing, of another type, over other labels or properties, not
    ONLINE, or with other options (such as a vector index of the wrong dimension).
    """
    expected = expected_schema(dimension)
    constraints = {row["name"]: row for row in await executor.read(load_query("schema_constraints"))}
    indexes = {row["name"]: row for row in await executor.read(load_query("schema_indexes"))}
    problems: list[str] = []
    for item in expected:
        found = (constraints if item.kind == "constraint" else indexes).get(item.name)
        if found is None:
            problems.append(f"{item.kind} {item.name} is missing (run `decision-journal schema apply`)")
            continue
        problems.extend(_differences(item, found))
        if item.kind == "index" and found["state"] != "ONLINE":
            problems.append(f"index {item.name} is {found['state']}, not ONLINE")
    return VerifyReport(len(expected), tuple(problems))


def _differences(item: SchemaObject, found: Row) -> list[str]:
    problems: list[str] = []
    where = f"{item.kind} {item.name}"
    if found["type"] != item.type:
        problems.append(f"{where} is {found['type']}, expected {item.type}")
    labels = tuple(found["labelsOrTypes"] or ())
    properties = tuple(found["properties"] or ())
    if sorted(labels) != sorted(item.labels) or properties != item.properties:
        problems.append(
            f"{where} covers {':'.join(labels)}({', '.join(properties)}), "
            f"expected {':'.join(item.labels)}({', '.join(item.properties)}); "
            f"drop it (DROP {item.kind.upper()} {item.name}) and run `decision-journal schema apply`"
        )
    config = (found.get("options") or {}).get("indexConfig") or {}
    for key, want in item.options.items():
        have = config.get(key)
        if isinstance(want, str) and isinstance(have, str):
            same = have.lower() == want.lower()
        else:
            same = have == want
        if not same:
            hint = f"; drop it (DROP INDEX {item.name}) and run `decision-journal schema apply`"
            problems.append(f"{where} has {key} = {have}, expected {want}{hint}")
    return problems


async def _existing_names(executor: QueryExecutor) -> set[str]:
    constraints = await executor.read(load_query("schema_constraints"))
    indexes = await executor.read(load_query("schema_indexes"))
    return {row["name"] for row in constraints} | {row["name"] for row in indexes}


def _parse(statement: Query, values: dict[str, Any]) -> SchemaObject:
    text = " ".join(statement.text.split())
    if match := _CONSTRAINT.match(text):
        name, label, many, one = match.groups()
        return SchemaObject("constraint", name, "UNIQUENESS", (label,), _props(many or one))
    if match := _INDEX.match(text):
        kind, name, label, props = match.groups()
        return SchemaObject("index", name, (kind or "RANGE ").strip(), (label,), _props(props))
    if match := _FULLTEXT.match(text):
        name, labels, props = match.groups()
        return SchemaObject(
            "index", name, "FULLTEXT", tuple(labels.split("|")), _props(props), _options(text, values)
        )
    if match := _VECTOR.match(text):
        name, label, prop = match.groups()
        return SchemaObject("index", name, "VECTOR", (label,), (prop,), _options(text, values))
    raise CypherFileError(statement.source, f"cannot verify statement {statement.name}: {text[:80]}")


def _props(text: str) -> tuple[str, ...]:
    return tuple(part.strip().split(".", 1)[-1] for part in text.split(","))


def _options(text: str, values: dict[str, Any]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for key, literal, param, number in _OPTION.findall(text):
        options[key] = values[param] if param else int(number) if number else literal
    return options
