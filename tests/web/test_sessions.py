"""Conversations on the page (#/sessions): what the journal has read, newest first, with each
one's messages, decisions and drafts counted and linked (the conversation, its decisions, its
drafts to review), only what the reader's groups may read, in pages of 25 with filters."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from datetime import UTC, datetime

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from api.journal import DecisionJournal
from graph.connection import open_driver
from graph.executor import Neo4jExecutor
from tests.api.graphql_client import settings_for
from tests.graph_fixtures import Neo4jServer
from tests.support.cypher import support_query
from tests.support.drafts import ingest_as_drafts
from tests.support.served import LiveServer
from tests.web.conftest import Page

NOTES = """# Weekly sync

## Release train

- We decided to ship on Tuesdays from now on.
- Dana will write the checklist.
"""
NOVEMBER = """\
[2024-11-12T09:00:00Z] hana: SQS costs keep climbing. Should we move the worker queue to RabbitMQ?
[2024-11-12T09:05:00Z] ivan: Decision: we keep SQS for the worker queue and batch the messages in src/queue/.
"""
STANDUPS = [f"standup-{day:02}" for day in range(1, 26)]
"""25 old stand-ups of the eng group: with platform-sync, more than the page's 25."""


@pytest.fixture(scope="module")
def read(live: LiveServer, neo4j_server: Neo4jServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Beside platform-sync (eng) and pricing (sales): weekly notes of a series and November's
    queue draft (both eng); taken out again afterwards (the other web tests count what the
    shared database holds)."""
    notes = tmp_path_factory.mktemp("notes") / "weekly-notes.md"
    notes.write_text(NOTES)

    async def ingest(journal: DecisionJournal) -> None:
        await journal.ingest_session(notes, "markdown", "weekly-notes", series="weekly",
                                     date=datetime(2024, 10, 7, tzinfo=UTC), access_groups=["eng"])
        await ingest_as_drafts(journal.services.ingest, NOVEMBER, "queues-nov", ["eng"])

    asyncio.run(_with_journal(neo4j_server, ingest))
    yield
    asyncio.run(_delete(neo4j_server, ["weekly-notes", "queues-nov"]))


@pytest.fixture(scope="module")
def standups(read: None, neo4j_server: Neo4jServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """25 stand-ups of 2023 (eng, series standup), nothing decided in them."""
    folder = tmp_path_factory.mktemp("standups")

    async def ingest(journal: DecisionJournal) -> None:
        for day, session in enumerate(STANDUPS, start=1):
            path = folder / f"{session}.txt"
            path.write_text(f"[2023-01-{day:02}T09:00:00Z] ann: Stand-up: the build is green, nothing else to say.\n")
            await journal.ingest_session(path, "transcript", session, series="standup", access_groups=["eng"])

    asyncio.run(_with_journal(neo4j_server, ingest))
    yield
    asyncio.run(_delete(neo4j_server, STANDUPS))


async def _with_journal(server: Neo4jServer, action: Callable[[DecisionJournal], Awaitable[None]]) -> None:
    async with DecisionJournal(settings_for(server)) as journal:
        await action(journal)


async def _delete(server: Neo4jServer, sessions: list[str]) -> None:
    async with open_driver(server.uri, server.user, server.password) as driver:
        for session in sessions:
            await Neo4jExecutor(driver).write(support_query("testing_session_delete"), {"session_id": session})


def _rows(page: Page) -> dict[str, list[str]]:
    """Each listed session's id (its link's address) → its cells' text."""
    rows = {}
    for row in page.all("table.sessions tbody tr"):
        link = row.find_element(By.CSS_SELECTOR, "td a").get_attribute("href") or ""
        rows[link.split("#/session/")[1]] = [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
    return rows


def test_conversations_list_what_was_read_with_its_decisions(page: Page, read: None) -> None:
    page.open("#/sessions")
    rows = _rows(page)
    ids = list(rows)
    assert ids.index("queues-nov") < ids.index("weekly-notes") < ids.index("platform-sync"), "newest first"
    assert "pricing" not in rows, "another group's conversation stays hidden"
    assert rows["platform-sync"][2] == "transcript" and rows["platform-sync"][5] == "11"
    assert int(rows["platform-sync"][6]) >= 3 and rows["platform-sync"][7] == "0"
    assert rows["queues-nov"][6:] == ["0", "1"], "a draft is counted apart"
    assert rows["weekly-notes"][0].startswith("2024-10-07") and rows["weekly-notes"][3] == "weekly"
    assert rows["weekly-notes"][1].splitlines() == ["Weekly sync", "weekly-notes"], "a title, then its id"
    drafts = page.find('table.sessions a[href="#/review/queues-nov"]')
    assert drafts.text == "1"
    page.screenshot("sessions")
    page.navigate(page.find('table.sessions a[href="#/session/platform-sync"]').click)
    assert len(page.all("ol.transcript li")) == 11
    page.open("#/sessions", token="sales")
    assert "pricing" in _rows(page) and not {"platform-sync", "queues-nov", "weekly-notes"} & set(_rows(page))


def test_conversations_page_by_25_and_filter(page: Page, standups: None) -> None:
    page.open("#/sessions")
    first = _rows(page)
    assert len(first) == 25 and "standup-25" in first and "standup-01" not in first
    assert "25 shown here" in page.text()
    page.navigate(page.find("nav.paging").find_element(By.LINK_TEXT, "Older conversations").click)
    second = _rows(page)
    assert "standup-01" in second and not set(first) & set(second), "pages never overlap"
    assert page.find("nav.paging").find_element(By.LINK_TEXT, "Newest")
    assert not page.all("nav.paging a") or "Older conversations" not in page.find("nav.paging").text
    series = page.find("form.timeline-filters input[name=series]")
    page.navigate(lambda: series.send_keys("standup", Keys.ENTER))
    assert "series=standup" in page.browser.current_url
    assert set(_rows(page)) == set(STANDUPS) and "25 conversations match" in page.text()
    assert not page.all("nav.paging"), "all 25 on one page: nothing older"
