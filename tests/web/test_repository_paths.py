"""A repository's decisions on the page: "what touched this path?" per repository (a path of
acme/shop is not the same path as one named where no repository was known), the tree's counts
as distinct decisions, a decision's Files links into its repository, and a message's line
breaks kept where the page shows its text."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from selenium.webdriver.common.by import By

from api.journal import DecisionJournal
from graph.connection import open_driver
from graph.executor import Neo4jExecutor
from tests.api.graphql_client import settings_for
from tests.graph_fixtures import Neo4jServer
from tests.support.cypher import support_query
from tests.support.git import git
from tests.support.served import LiveServer
from tests.web.conftest import Page

SESSION = "events-layout"
# One decision naming three files of src/events/: the tree counts it once for the directory.
# Its first message runs over three lines, as pasted code does.
CONVERSATION = """\
[2024-10-01T10:00:00Z] judy: Where should the event code live? Today it is one module:
    def create_event(): ...
    def list_events(): ...
[2024-10-01T10:05:00Z] ken: Splitting it keeps each file small and easy to review.
[2024-10-01T10:10:00Z] judy: We decided to split the event code into src/events/models.py, src/events/views.py and src/events/admin.py.
"""
FILES = ("src/events/models.py", "src/events/views.py", "src/events/admin.py", "README.md")


@pytest.fixture(scope="module")
def shop(live: LiveServer, neo4j_server: Neo4jServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A conversation about acme/shop (group design), ingested with its checkout as
    ``ingest --repo`` does; taken out again afterwards (the other web tests count what the
    shared database holds)."""
    checkout = tmp_path_factory.mktemp("shop")
    git(checkout, "init", "-q", "-b", "main")
    git(checkout, "remote", "add", "origin", "https://github.com/acme/shop.git")
    for name in FILES:
        (checkout / name).parent.mkdir(parents=True, exist_ok=True)
        (checkout / name).write_text(f"# {name}\n")
    git(checkout, "add", ".")
    git(checkout, "commit", "-q", "-m", "start", date="2024-09-01T10:00:00+00:00")
    transcript = tmp_path_factory.mktemp("talk") / f"{SESSION}.txt"
    transcript.write_text(CONVERSATION)
    asyncio.run(_ingest(neo4j_server, transcript, checkout))
    yield SESSION
    asyncio.run(_delete(neo4j_server, SESSION))


async def _ingest(server: Neo4jServer, transcript: Path, checkout: Path) -> None:
    async with DecisionJournal(settings_for(server)) as journal:
        report = await journal.ingest_session(transcript, "transcript", SESSION, repository=checkout, access_groups=["design"])
    assert report.new_decisions >= 1, report


async def _delete(server: Neo4jServer, session: str) -> None:
    async with open_driver(server.uri, server.user, server.password) as driver:
        await Neo4jExecutor(driver).write(support_query("testing_session_delete"), {"session_id": session})


def test_the_tree_groups_paths_by_repository_and_counts_decisions_once(page: Page, shop: str) -> None:
    page.open("#/paths", token="design")
    tree = page.find("nav.tree")
    names = [s.text for s in tree.find_elements(By.CSS_SELECTOR, "details.repository > summary .repo-name")]
    assert names == ["acme/shop"], names
    assert tree.find_element(By.CSS_SELECTOR, "details.repository > summary .count").text == "1"
    events = tree.find_element(By.XPATH, ".//summary[a[text()='events/']]")
    # Three files of src/events/ name the one decision: one decision, not three.
    assert events.find_element(By.CSS_SELECTOR, ".count").text == "1"
    page.navigate(events.find_element(By.TAG_NAME, "a").click)
    query = parse_qs(urlsplit(page.browser.current_url).fragment.split("?", 1)[1])
    assert query == {"repo": ["acme/shop"], "dir": ["src/events/"]}
    assert "In acme/shop." in page.text()
    decisions = page.all("section ul.list li")
    assert len(decisions) == 1 and "split the event code" in decisions[0].text
    page.screenshot("paths-repository")


def test_a_path_of_no_repository_is_another_path(page: Page, shop: str) -> None:
    # An old link names no repository: src/events/ of acme/shop is not that path, and the
    # page says where it is.
    page.open("#/paths?dir=src/events/", token="design")
    assert "No decision affects this path." in page.text()
    page.navigate(page.find("p.elsewhere a").click)
    assert "repo=acme%2Fshop" in page.browser.current_url
    assert len(page.all("section ul.list li")) == 1


def test_a_decisions_files_open_their_repository(page: Page, shop: str) -> None:
    page.open("#/search?q=split the event code", token="design")
    page.navigate(page.find("ol.hits li a").click)
    link = page.browser.find_element(By.LINK_TEXT, "src/events/models.py")
    assert "repo=github.com%2Facme%2Fshop" in str(link.get_attribute("href"))
    page.navigate(link.click)
    assert "What touched src/events/models.py" in page.text()
    decisions = page.all("section ul.list li")
    assert len(decisions) == 1 and "split the event code" in decisions[0].text
    assert page.find("nav.tree a.selected").text == "models.py"


def test_a_message_keeps_its_line_breaks(page: Page, shop: str) -> None:
    page.open(f"#/session/{SESSION}", token="design")
    first = page.find("#m1 .content")
    assert first.text == ("Where should the event code live? Today it is one module:\n"
                          "def create_event(): ...\ndef list_events(): ...")
    page.screenshot("session-line-breaks")


def test_a_conversation_with_one_decision_counts_it_in_the_singular(page: Page, shop: str) -> None:
    page.open(f"#/session/{SESSION}", token="design")
    assert "· 1 decision, highlighted below" in page.find("main p.muted").text
