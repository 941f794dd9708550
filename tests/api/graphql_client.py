"""A GraphQL client over HTTP for the API tests: the app on the real Neo4j, with tokens."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from pydantic import SecretStr

from api.settings import AuthSettings, Neo4jSettings, Settings, TokenSettings
from tests.graph_fixtures import Neo4jServer

TOKENS = {
    "admin": TokenSettings(name="admin", token=SecretStr("admin-token-0123456789"), scopes=["admin"]),
    "writer": TokenSettings(name="writer", token=SecretStr("writer-token-0123456789"), scopes=["write"], groups=["eng"]),
    "eng": TokenSettings(name="eng", token=SecretStr("eng-reader-token-0123456789"), scopes=["read"], groups=["eng"]),
    "sales": TokenSettings(name="sales", token=SecretStr("sales-reader-token-0123456789"), scopes=["read"], groups=["sales"]),
    "design": TokenSettings(name="design", token=SecretStr("design-writer-token-0123456789"), scopes=["write"], groups=["design"]),
    "expired": TokenSettings(name="expired", token=SecretStr("expired-admin-token-0123456789"), scopes=["admin"],
                             expires_at=datetime(2024, 1, 1, tzinfo=UTC)),
}


def settings_for(server: Neo4jServer, **sections: Any) -> Settings:
    return Settings(
        neo4j=Neo4jSettings(uri=server.uri, user=server.user, password=SecretStr(server.password)),
        auth=AuthSettings(tokens=list(TOKENS.values())),
        **sections,
    )


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PRICING = """\
[2024-05-02T10:00:00Z] erin: Should we offer annual billing discounts or keep monthly plans only?
[2024-05-02T10:04:00Z] frank: Annual discounts improve retention, monthly only is simpler.
[2024-05-02T10:06:00Z] erin: We decided to offer a 15% annual discount because it improves retention; the logic lives in src/billing/pricing.py.
"""
INGEST = """mutation($session: String!, $content: String!, $groups: [String!]) {
  ingest(session: $session, content: $content, format: "transcript", accessGroups: $groups) {
    __typename ... on IngestSuccess { newDecisions } ... on ValidationError { message } } }"""


class GraphQL:
    """Posts operations to /graphql as one of ``TOKENS`` (or with no token), through the
    app in process (starlette's TestClient) or a served one (an httpx client)."""

    def __init__(self, client: httpx.Client) -> None:
        self.client = client

    def post(self, query: str, variables: dict[str, Any] | None = None, as_: str | None = "admin") -> Any:
        headers = {"Authorization": f"Bearer {TOKENS[as_].token.get_secret_value()}"} if as_ else {}
        return self.client.post("/graphql", json={"query": query, "variables": variables or {}}, headers=headers)

    def run(self, query: str, variables: dict[str, Any] | None = None, as_: str = "admin") -> dict[str, Any]:
        """The ``data`` of a request that must succeed without errors."""
        response = self.post(query, variables, as_)
        assert response.status_code == 200, response.text
        body = response.json()
        assert "errors" not in body, body["errors"]
        data: dict[str, Any] = body["data"]
        return data

    def errors(self, query: str, variables: dict[str, Any] | None = None, as_: str = "admin") -> list[str]:
        """The error messages of a request that must fail validation or execution."""
        body = self.post(query, variables, as_).json()
        assert body.get("errors"), body
        return [e["message"] for e in body["errors"]]


def ingest_examples(api: GraphQL) -> None:
    """The platform-sync example (group eng) and a pricing conversation (group sales),
    ingested through the ingest mutation as a client would."""
    for session, content, groups in (
        ("platform-sync", (EXAMPLES / "platform-sync.txt").read_text(), ["eng"]),
        ("pricing", PRICING, ["sales"]),
    ):
        result = api.run(INGEST, {"session": session, "content": content, "groups": groups})["ingest"]
        assert result["__typename"] == "IngestSuccess", result
        assert result["newDecisions"] >= 1
