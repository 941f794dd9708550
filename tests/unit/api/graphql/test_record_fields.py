"""GraphQL types built from graph records publish every record field, under its GraphQL name."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import pytest
import strawberry

from api.graphql.record_fields import copy_fields, fields_of
from api.graphql.types import ChainLink
from graph.records import ChainLink as ChainLinkRecord


def test_chain_link_publishes_every_record_field_with_the_graphql_names() -> None:
    definition = ChainLink.__strawberry_definition__  # type: ignore[attr-defined]
    published = [field.graphql_name or field.python_name for field in definition.fields]
    record_fields = [field.name for field in dataclasses.fields(ChainLinkRecord)]
    assert published == [{"source": "from", "target": "to"}.get(name, name) for name in record_fields]


@dataclasses.dataclass(frozen=True)
class Record:
    name: str
    weight: float | None


@strawberry.type
@fields_of(Record)
class View:
    pass


@strawberry.type
class Query:
    @strawberry.field
    def view(self) -> View:
        return View(**copy_fields(Record("a", 0.5)))


def test_a_record_field_reaches_the_graphql_type_without_being_written_twice() -> None:
    result = strawberry.Schema(query=Query).execute_sync("{ view { name weight } }")
    assert result.errors is None
    assert result.data == {"view": {"name": "a", "weight": 0.5}}


def test_chain_link_answers_from_a_record() -> None:
    at = datetime(2026, 1, 2, tzinfo=UTC)
    link = ChainLink.of(ChainLinkRecord("SUPERSEDES", "d2", "d1", at, "faster", None, None, True, 0.9))
    assert (link.source, link.target, link.at, link.confidence) == ("d2", "d1", at, 0.9)  # type: ignore[attr-defined]


def test_naming_a_field_the_record_lacks_is_an_error() -> None:
    with pytest.raises(ValueError, match="has no field sauce"):
        fields_of(ChainLinkRecord, published={"sauce": "from"})
