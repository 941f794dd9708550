"""The server keeps answering while an ingest waits on a slow LLM: the NLP pipeline and its
LLM calls run in a worker thread, not on the event loop every request shares."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from api.app import create_app
from api.settings import LLMSettings
from tests.api.graphql_client import EXAMPLES, INGEST, TOKENS, settings_for
from tests.graph_fixtures import Neo4jServer
from tests.support.served import LiveServer, Served

pytestmark = pytest.mark.integration

SEARCH = '{ search(query: "Why did we choose PostgreSQL?") { decision { summary } } }'
HOLD_LIMIT = 120.0


class HeldLLM:
    """An OpenAI-compatible endpoint that holds every chat completion until released, then
    answers 503 (the pipeline falls back to its offline verdict)."""

    def __init__(self) -> None:
        self.calls = 0
        self.release = threading.Event()
        self.app = Starlette(routes=[Route("/v1/chat/completions", self._complete, methods=["POST"])])

    async def _complete(self, request: Request) -> JSONResponse:
        self.calls += 1
        await asyncio.to_thread(self.release.wait, HOLD_LIMIT)
        return JSONResponse({"error": {"message": "overloaded", "type": "server_error"}}, status_code=503)


@pytest.fixture()
def held_llm() -> Iterator[tuple[HeldLLM, LiveServer]]:
    llm = HeldLLM()
    with Served(llm.app) as server:
        yield llm, server
        llm.release.set()


def _post(url: str, query: str, variables: dict[str, object] | None = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {TOKENS['admin'].token.get_secret_value()}"}
    return httpx.post(f"{url}/graphql", json={"query": query, "variables": variables or {}}, headers=headers, timeout=HOLD_LIMIT)


def test_a_search_is_answered_while_an_ingest_waits_on_the_llm(
    neo4j_server: Neo4jServer, wiped: None, held_llm: tuple[HeldLLM, LiveServer]
) -> None:
    llm, llm_server = held_llm
    settings = settings_for(neo4j_server, llm=LLMSettings(model="held", base_url=f"{llm_server.url}/v1", max_retries=0))
    with Served(create_app(settings)) as app, ThreadPoolExecutor(max_workers=1) as pool:
        content = (EXAMPLES / "platform-sync.txt").read_text()
        ingest = pool.submit(_post, app.url, INGEST, {"session": "held-llm", "content": content, "groups": ["eng"]})
        if not _wait_for(lambda: llm.calls > 0 or ingest.done()):
            pytest.fail("the ingest never asked the LLM")
        assert not ingest.done(), "the ingest should still be waiting on the held LLM"

        answered = _post(app.url, SEARCH)

        assert answered.status_code == 200 and "errors" not in answered.json(), answered.text
        assert not ingest.done(), "the search must be answered while the ingest is still in flight"
        llm.release.set()
        result = ingest.result(timeout=HOLD_LIMIT).json()["data"]["ingest"]
        assert result["__typename"] == "IngestSuccess" and result["newDecisions"] >= 1, result


def _wait_for(condition: Callable[[], bool], seconds: float = 60.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False
