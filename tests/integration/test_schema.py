from __future__ import annotations

import math

import pytest
from neomodel.exceptions import UniqueProperty

from graph.cypher import load_query
from graph.executor import Neo4jExecutor
from graph.models import AlternativeNode, DecisionNode
from graph.schema import SCHEMA_MARK, apply_schema, ensure_schema, expected_schema, verify_schema
from tests.graph_fixtures import EMBEDDING_DIMENSION
from tests.support.cypher import support_query


def _unit(direction: int) -> list[float]:
    vector = [0.01] * EMBEDDING_DIMENSION
    vector[direction] = 1.0
    norm = math.sqrt(sum(x * x for x in vector))
    return [x / norm for x in vector]


async def test_vector_and_fulltext_indexes_are_online(executor: Neo4jExecutor) -> None:
    indexes = {row["name"]: row for row in await executor.read(load_query("schema_indexes"))}
    assert indexes["decision_embedding"]["type"] == "VECTOR"
    assert indexes["decision_embedding"]["state"] == "ONLINE"
    assert indexes["decision_embedding"]["options"]["indexConfig"]["vector.dimensions"] == EMBEDDING_DIMENSION
    assert indexes["decision_text"]["type"] == "FULLTEXT"
    assert indexes["decision_text"]["state"] == "ONLINE"


async def test_vector_and_fulltext_queries_find_the_expected_decision(executor: Neo4jExecutor) -> None:
    await DecisionNode(uid="d-pg", summary="Use PostgreSQL for the primary database", embedding=_unit(3)).save()
    await DecisionNode(uid="d-rest", summary="Use REST rather than GraphQL", embedding=_unit(7)).save()
    await AlternativeNode(uid="a-mongo", option="MongoDB").save()

    nearest = await executor.read(load_query("decision_vector"), {"embedding": _unit(3), "limit": 2})
    assert nearest[0]["id"] == "d-pg"
    assert nearest[0]["score"] > nearest[1]["score"]

    text = await executor.read(load_query("decision_fulltext"), {"text": "postgresql", "limit": 5})
    assert [row["id"] for row in text] == ["d-pg"]
    stemmed = await executor.read(load_query("decision_fulltext"), {"text": "databases", "limit": 5})
    assert [row["id"] for row in stemmed] == ["d-pg"]
    options = await executor.read(load_query("decision_fulltext"), {"text": "mongodb", "limit": 5})
    assert options[0]["labels"] == ["Alternative"]


async def test_duplicate_natural_keys_are_rejected(executor: Neo4jExecutor) -> None:
    await DecisionNode(uid="d-1", summary="first").save()
    with pytest.raises(UniqueProperty, match="d-1"):
        await DecisionNode(uid="d-1", summary="second").save()


async def test_apply_twice_changes_nothing_and_verifies(executor: Neo4jExecutor) -> None:
    before = await executor.read(load_query("schema_indexes"))
    report = await apply_schema(executor, EMBEDDING_DIMENSION)
    after = await executor.read(load_query("schema_indexes"))
    assert report.created == ()
    assert report.statements == len(expected_schema(EMBEDDING_DIMENSION))
    assert [(row["name"], row["type"], row["state"]) for row in after] == [
        (row["name"], row["type"], row["state"]) for row in before
    ]
    verified = await verify_schema(executor, EMBEDDING_DIMENSION)
    assert verified.ok, verified.problems


async def test_verify_reports_a_vector_index_of_the_wrong_dimension(executor: Neo4jExecutor) -> None:
    report = await verify_schema(executor, 768)
    assert not report.ok
    assert len(report.problems) == 1
    assert "decision_embedding has vector.dimensions = 384, expected 768" in report.problems[0]


async def test_a_journal_without_its_schema_gets_it_once_and_one_with_it_is_left_alone(executor: Neo4jExecutor) -> None:
    assert await ensure_schema(executor, EMBEDDING_DIMENSION) is None, "a journal with its schema is not touched"
    await executor.write(support_query("testing_drop_vector_index"))
    report = await ensure_schema(executor, EMBEDDING_DIMENSION)
    assert report is not None and report.created == (SCHEMA_MARK,)
    verified = await verify_schema(executor, EMBEDDING_DIMENSION)
    assert verified.ok, verified.problems
