from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from pydantic import SecretStr

from api.journal import DecisionJournal
from api.settings import Neo4jSettings, Settings
from graph.executor import Neo4jExecutor
from tests.graph_fixtures import Neo4jServer


@pytest.fixture
async def journal(neo4j_server: Neo4jServer, executor: Neo4jExecutor) -> AsyncIterator[DecisionJournal]:
    """A journal on the wiped test database (``executor`` wipes it first)."""
    settings = Settings(neo4j=Neo4jSettings(uri=neo4j_server.uri, user=neo4j_server.user, password=SecretStr(neo4j_server.password)))
    async with DecisionJournal(settings, session_id="chat") as opened:
        yield opened
