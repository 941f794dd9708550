"""The every-field page of decisions on the real Neo4j: the same answer, byte for byte, with
plain fields completed directly as through graphql-core alone."""

from __future__ import annotations

import json

from neo4j import AsyncDriver

from api.auth import LOCAL_DEVELOPER
from api.graphql.context import build_context
from api.graphql.schema import build_schema
from api.usecases.services import build_services
from graph.executor import Neo4jExecutor
from tests.api.graphql_client import GraphQL, settings_for
from tests.graph_fixtures import Neo4jServer

EVERY_FIELD_PAGE = """{ decisions(first: 50, where: {includeHistory: true}) { totalCount
  pageInfo { hasNextPage endCursor } edges { cursor node {
  id summary subject context rationale status statusText decidedAt recordedAt supersededAt confidence origin pattern
  category reversibility impact quality tags keywords source { kind session messages path }
  tradeOffs { pros cons risks assumptions } alternatives { option pros cons whyNotChosen }
  stakeholders { handle name role aliases } decisionMaker { handle name role aliases } files { path repository }
  codeLinks { file { path repository } via inferred confidence evidence } features { key }
  session { id title source startedAt series } statedIn { id seq author role content timestamp anchor }
  chainPosition { earlier isCurrent } supersedes { id summary } supersededBy { id summary } revisits { id summary }
  revisitedBy { id summary } commits { sha author date message subject how files } } } } }"""


async def test_the_every_field_page_is_answered_as_graphql_core_answers_it(
    graphql: GraphQL, neo4j_server: Neo4jServer, driver: AsyncDriver
) -> None:
    settings = settings_for(neo4j_server)
    services = build_services(settings, Neo4jExecutor(driver))
    answers = []
    for plain in (True, False):
        schema = build_schema(settings.graphql, plain_fields=plain)
        result = await schema.execute(EVERY_FIELD_PAGE, context_value=build_context(LOCAL_DEVELOPER, settings, services))
        assert result.errors is None, result.errors
        answers.append(json.dumps(result.data))
    assert answers[0] == answers[1]
    nodes = [edge["node"] for edge in json.loads(answers[0])["decisions"]["edges"]]
    assert len(nodes) >= 4 and any(n["alternatives"] for n in nodes) and any(n["revisitedBy"] for n in nodes)
    assert all(n["statedIn"] and n["session"]["id"] for n in nodes), "the nested objects were completed"
