"""Plain fields completed directly answer exactly what graphql-core answers, errors included."""

from __future__ import annotations

import asyncio
import enum
import json
from typing import Any

import pytest
import strawberry
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from api.graphql import plain_fields
from api.graphql.plain_fields import PlainFieldExecutionContext


@strawberry.enum
class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@strawberry.type
class Part:
    name: str
    tags: list[str]


@strawberry.type
class Thing:
    name: str
    note: str | None
    count: int
    colour: Colour
    tags: list[str]
    maybe_tags: list[str | None] | None
    part: Part | None
    parts: list[Part]

    @strawberry.field
    def shout(self) -> str:
        return self.name.upper()

    @strawberry.field
    async def later(self) -> str:
        return self.name + " later"


def _thing(**changes: Any) -> Thing:
    values: dict[str, Any] = dict(name="a", note=None, count=1, colour=Colour.RED, tags=["x", "y"], maybe_tags=None,
                                  part=Part(name="p", tags=["t"]), parts=[Part(name="q", tags=[])])
    values.update(changes)
    return Thing(**values)


# Values a type forbids, as a resolver with a bug or a record with a gap would give them.
THINGS = [
    _thing(),
    _thing(name=None),
    _thing(tags=["x", None]),
    _thing(count="not a number"),
    _thing(colour="green"),
    _thing(maybe_tags=["x", None]),
    _thing(part=Part(name=None, tags=["t"])),  # type: ignore[arg-type]
    _thing(parts=[Part(name="q", tags=[]), Part(name=None, tags=[])]),  # type: ignore[arg-type]
    _thing(parts=(Part(name="q", tags=["u"]),)),
    _thing(part="not a part"),
]


@strawberry.type
class Query:
    @strawberry.field
    def things(self) -> list[Thing | None]:
        return list(THINGS)

    @strawberry.field
    def thing(self) -> Thing:
        return THINGS[1]


DOCUMENTS = [
    "{ things { name note count colour tags maybeTags part { name tags } parts { name tags } shout later } }",
    "{ things { a: name b: name ...F part { ...P } } } fragment F on Thing { count tags } fragment P on Part { name }",
    "query($yes: Boolean!) { things { name @include(if: $yes) note @skip(if: $yes) parts { tags name } } }",
    "{ thing { name } }",
    "{ things { __typename part { __typename name } } }",
]


def _answer(context: type, document: str) -> tuple[Any, list[Any]]:
    schema = strawberry.Schema(query=Query, execution_context_class=context)
    result = asyncio.run(schema.execute(document, variable_values={"yes": True}))
    errors = sorted((e.message, tuple(e.path or ())) for e in result.errors or ())
    # As JSON, so that the order of the keys counts too.
    return json.dumps(result.data), errors


def test_every_document_is_answered_as_graphql_core_answers_it(monkeypatch: pytest.MonkeyPatch) -> None:
    completed: list[str] = []
    direct = plain_fields._complete

    def counted(plan: Any, source: Any) -> Any:
        completed.append(type(source).__name__)
        return direct(plan, source)

    monkeypatch.setattr(plain_fields, "_complete", counted)
    for document in DOCUMENTS:
        expected = _answer(StrawberryGraphQLCoreExecutionContext, document)
        assert _answer(PlainFieldExecutionContext, document) == expected, document
    # The comparison covered answers with data and errors alike.
    answer, errors = _answer(PlainFieldExecutionContext, DOCUMENTS[0])
    data = json.loads(answer)
    assert data is not None and data["things"][0]["name"] == "a" and data["things"][0]["colour"] == "RED"
    assert data["things"][1] is None and errors, "a null name nulls its thing, with an error at its path"
    assert "Thing" in completed and "Part" in completed, "the plain path was taken, not only graphql-core's"


def test_a_schema_extension_that_resolves_sees_every_field() -> None:
    seen: list[str] = []

    class Recorder(strawberry.extensions.SchemaExtension):
        def resolve(self, _next: Any, root: Any, info: Any, *args: Any, **kwargs: Any) -> Any:
            seen.append(info.field_name)
            return _next(root, info, *args, **kwargs)

    schema = strawberry.Schema(query=Query, extensions=[Recorder], execution_context_class=PlainFieldExecutionContext)
    asyncio.run(schema.execute("{ things { name tags } }"))
    assert seen.count("name") == len(THINGS)
