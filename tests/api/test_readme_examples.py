"""The README's GraphQL examples, run as written against the journal `make run` leaves (the
platform-sync example, no tokens): each answer is the one the README shows, so the page
cannot drift from the server. Floats are compared as printed, to six places."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr
from starlette.testclient import TestClient

from api.app import create_app
from api.settings import Neo4jSettings, Settings
from tests.api.graphql_client import EXAMPLES, INGEST
from tests.graph_fixtures import Neo4jServer

README = Path(__file__).resolve().parents[2] / "README.md"
_EXAMPLE = re.compile(r"```graphql\n(?P<query>.*?)```\n```json\n(?P<answer>.*?)```", re.S)
_VARIABLES = re.compile(r"#\s*(\{.*\})")


def readme_examples() -> list[tuple[str, dict[str, Any], Any]]:
    """Each query of the README's GraphQL section, its variables (a `# {…}` comment) and answer."""
    section = README.read_text().split("\n## GraphQL\n", 1)[1].split("\n## ", 1)[0]
    examples = []
    for found in _EXAMPLE.finditer(section):
        query = found["query"]
        variables = _VARIABLES.search(query)
        examples.append((query, json.loads(variables[1]) if variables else {}, json.loads(found["answer"])))
    return examples


def _printed(value: Any) -> Any:
    if isinstance(value, float):
        return round(value, 6)
    if isinstance(value, dict):
        return {key: _printed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_printed(item) for item in value]
    return value


@pytest.fixture(scope="module")
def client(neo4j_server: Neo4jServer, wiped: None) -> Iterator[TestClient]:
    settings = Settings(neo4j=Neo4jSettings(uri=neo4j_server.uri, user=neo4j_server.user, password=SecretStr(neo4j_server.password)))
    with TestClient(create_app(settings)) as served:
        content = (EXAMPLES / "platform-sync.txt").read_text()
        ingested = served.post("/graphql", json={"query": INGEST, "variables": {"session": "platform-sync", "content": content}})
        assert ingested.json()["data"]["ingest"]["__typename"] == "IngestSuccess", ingested.text
        yield served


def test_the_readme_has_its_three_examples() -> None:
    assert len(readme_examples()) == 3


@pytest.mark.parametrize(("query", "variables", "answer"), readme_examples(), ids=["search", "impact", "chain"])
def test_a_readme_example_answers_as_the_readme_shows(client: TestClient, query: str, variables: dict[str, Any], answer: Any) -> None:
    got = client.post("/graphql", json={"query": query, "variables": variables}).json()
    assert _printed(got) == answer, json.dumps(_printed(got))
