from __future__ import annotations

import gc

from neo4j import AsyncDriver
from pydantic import SecretStr
from starlette.testclient import TestClient

from api.app import FULL_COLLECTION_EVERY, create_app
from api.settings import EmbeddingSettings, Neo4jSettings, Settings
from tests.graph_fixtures import EMBEDDING_DIMENSION, Neo4jServer


def _settings(server: Neo4jServer, dimension: int = EMBEDDING_DIMENSION) -> Settings:
    return Settings(
        neo4j=Neo4jSettings(uri=server.uri, user=server.user, password=SecretStr(server.password)),
        embedding=EmbeddingSettings(dimension=dimension),
    )


def test_healthz_and_readyz_against_the_real_neo4j(neo4j_server: Neo4jServer, driver: AsyncDriver) -> None:
    with TestClient(create_app(_settings(neo4j_server))) as client:
        assert client.get("/healthz").json() == {"status": "ok", "in_flight": 0, "waiting": 0, "rejected_busy": 0}
        ready = client.get("/readyz")
    assert ready.status_code == 200
    body = ready.json()
    assert body["status"] == "ready"
    assert body["neo4j"] == {"version": "5.26.30", "edition": "community"}
    assert body["schema"]["problems"] == []


def test_readyz_is_503_when_the_schema_does_not_match(neo4j_server: Neo4jServer, driver: AsyncDriver) -> None:
    with TestClient(create_app(_settings(neo4j_server, dimension=768))) as client:
        ready = client.get("/readyz")
    assert ready.status_code == 503
    assert ready.json()["status"] == "schema_mismatch"
    assert any("expected 768" in problem for problem in ready.json()["schema"]["problems"])


def test_serving_makes_full_collections_rare_and_leaving_restores_them(neo4j_server: Neo4jServer, driver: AsyncDriver) -> None:
    before = gc.get_threshold()
    with TestClient(create_app(_settings(neo4j_server))) as client:
        assert client.get("/healthz").status_code == 200
        serving = gc.get_threshold()
    assert serving == (before[0], before[1], FULL_COLLECTION_EVERY)
    assert gc.get_threshold() == before
