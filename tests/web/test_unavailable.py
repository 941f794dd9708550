"""Neo4j going away under a running server: GraphQL answers 503 with Retry-After and an error
that says the database is unavailable (code DATABASE_UNAVAILABLE), the page shows that
sentence, and the same request answers again once Neo4j is back. Uses its own Neo4j, so the
suite's is untouched."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from pydantic import SecretStr
from selenium import webdriver
from typer.testing import CliRunner

from api.app import create_app
from api.graphql.errors import DATABASE_UNAVAILABLE
from api.settings import Neo4jSettings, Settings
from graph.local import LocalNeo4jConfig
from graph.local.server import new_password, start_server, stop_server
from tests.support.served import Served
from tests.support.throwaway import throwaway_config
from tests.web.conftest import Page

QUERY = {"query": "{ decisions(first: 1) { totalCount } }"}


@pytest.fixture
def own_neo4j() -> Iterator[tuple[LocalNeo4jConfig, str]]:
    from api.cli.main import app

    home = Path(tempfile.mkdtemp(prefix="dj-unavailable-"))
    config, password = throwaway_config(home), new_password()
    try:
        start_server(config, password)
        env = {"NEO4J_URI": config.bolt_uri, "NEO4J_USER": "neo4j", "NEO4J_PASSWORD": password}
        assert CliRunner().invoke(app, ["schema", "apply"], env=env).exit_code == 0
        yield config, password
    finally:
        stop_server(config)
        shutil.rmtree(home, ignore_errors=True)


def test_neo4j_gone_is_a_503_that_says_so_on_the_api_and_the_page(
    own_neo4j: tuple[LocalNeo4jConfig, str], chrome: webdriver.Chrome,
) -> None:
    config, password = own_neo4j
    settings = Settings(neo4j=Neo4jSettings(uri=config.bolt_uri, user="neo4j", password=SecretStr(password)))
    with Served(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=120) as client:
        assert client.post("/graphql", json=QUERY).status_code == 200

        stop_server(config)  # the database goes away under the running server
        answer = client.post("/graphql", json=QUERY)
        assert answer.status_code == 503 and answer.headers["retry-after"] == "5", answer.text
        [error] = answer.json()["errors"]
        assert error["message"] == DATABASE_UNAVAILABLE and error["extensions"] == {"code": "DATABASE_UNAVAILABLE"}
        page = Page(chrome, server, None)
        page.open("#/timeline", token=None)
        assert DATABASE_UNAVAILABLE in page.find(".error").text

        start_server(config, password)  # back: the same request answers
        assert client.post("/graphql", json=QUERY).status_code == 200
