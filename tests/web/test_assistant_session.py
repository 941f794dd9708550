"""The flow of an assistant's user, in a real browser: a Claude Code session ingested by the
hook (``decision-journal hook ingest``, as Claude Code runs it), then "why did we choose
Redis?" answered on the web page, and the decision opened with the session it came from."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from graph.connection import open_driver
from graph.executor import Neo4jExecutor
from tests.graph_fixtures import Neo4jServer
from tests.support.cypher import support_query
from tests.support.served import LiveServer
from tests.support.user_cli import COMMAND
from tests.web.conftest import Page

SESSION = Path(__file__).parents[1] / "unit" / "nlp" / "sessions" / "7f3c2a10-5b1e-4c2d-9a7e-0c1d2e3f4a5b.jsonl"


@pytest.fixture(scope="module")
def hooked(live: LiveServer, neo4j_server: Neo4jServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The fixture session, ingested by the Stop hook's command with Claude Code's input."""
    folder = tmp_path_factory.mktemp("claude")
    transcript = folder / SESSION.name
    transcript.write_bytes(SESSION.read_bytes())
    event = {"session_id": SESSION.stem, "transcript_path": str(transcript), "cwd": str(folder),
             "permission_mode": "default", "hook_event_name": "Stop", "stop_hook_active": False}
    done = subprocess.run([str(COMMAND), "hook", "ingest", "--wait"], input=json.dumps(event).encode(),
                          env={**os.environ, "XDG_CACHE_HOME": str(folder / "cache")}, capture_output=True,
                          timeout=300, check=False)
    assert (done.returncode, done.stdout) == (0, b""), done.stderr
    assert re.search(rb"\b1 new decision\b", done.stderr), done.stderr
    yield SESSION.stem
    # The other web tests count what the shared database holds: take the session out again.
    asyncio.run(_delete(neo4j_server, SESSION.stem))


async def _delete(server: Neo4jServer, session: str) -> None:
    async with open_driver(server.uri, server.user, server.password) as driver:
        await Neo4jExecutor(driver).write(support_query("testing_session_delete"), {"session_id": session})


def test_why_did_we_choose_redis_opens_the_decision_with_its_session(page: Page, hooked: str) -> None:
    page.open("#/search?q=why did we choose Redis for the product page cache?")
    hits = [hit for hit in page.all("ol.hits li") if "go with Redis" in hit.text]
    assert hits, page.text()
    page.navigate(hits[0].find_element("css selector", "a").click)
    text = page.text()
    assert page.find("h1").text == "Let's go with Redis and drop Memcached."
    for expected in ("Memcached", "Cache for the product page", "message 5 in the conversation"):
        assert expected in text, expected
    page.screenshot("assistant-decision")

    page.navigate(page.browser.find_element("link text", "Cache for the product page").click)
    assert page.find("h1").text == "Cache for the product page"
    assert "claude-code" in page.text()
    decided = page.all("ol.transcript li.decided")
    assert [item.get_attribute("id") for item in decided] == ["m5"], "message 5, as the decision page says"
    roles = [item.find_element("css selector", ".author").text for item in page.all("ol.transcript li")]
    assert "tool" in roles and "user" in roles and "assistant" in roles, roles
    page.screenshot("assistant-session")
