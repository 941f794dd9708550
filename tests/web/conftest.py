"""The app served for real (uvicorn on a free port) on the test Neo4j, and Debian's
chromium driven through its chromedriver: the web page as a reader's browser shows it."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from api.app import create_app
from api.journal import DecisionJournal
from graph.executor import Neo4jExecutor
from tests.api.graphql_client import TOKENS, GraphQL, ingest_examples, settings_for
from tests.graph_fixtures import Neo4jServer
from tests.support.cypher import support_query
from tests.support.drafts import CARDS, CHATTER, ingest_as_drafts
from tests.support.served import LiveServer, Served

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WAIT_SECONDS = 20


@pytest.fixture(scope="package")
async def wiped_for_web(driver: Any) -> None:
    """An empty database (schema kept) for the web tests."""
    await Neo4jExecutor(driver).write(support_query("testing_wipe"))


@pytest.fixture(scope="package")
def live(neo4j_server: Neo4jServer, wiped_for_web: None) -> Iterator[LiveServer]:
    """The app with tokens, holding the platform-sync example (group eng) and a pricing
    conversation (group sales), ingested through GraphQL as a client would."""
    with Served(create_app(settings_for(neo4j_server))) as server:
        with httpx.Client(base_url=server.url, timeout=120) as client:
            ingest_examples(GraphQL(client))
        yield server


@pytest.fixture(scope="package")
async def drafts(live: LiveServer, neo4j_server: Neo4jServer) -> AsyncIterator[dict[str, str]]:
    """Drafts to review: two of the design group (cards, and an aside at its retro) and an
    aside in an open conversation every reader sees. Stored as detection stores those it is
    not sure of; only the review tests use them (confirming one adds a design decision)."""
    async with DecisionJournal(settings_for(neo4j_server)) as journal:
        ingest = journal.services.ingest
        cards = await ingest_as_drafts(ingest, CARDS, "cards", ["design"])
        aside = await ingest_as_drafts(ingest, CHATTER, "design-retro", ["design"])
        open_aside = await ingest_as_drafts(ingest, CHATTER.replace("pizza", "tacos"), "open-chat")
    yield {"cards": cards.draft_ids[0], "aside": aside.draft_ids[0], "open": open_aside.draft_ids[0]}


@pytest.fixture(scope="package")
def chrome() -> Iterator[webdriver.Chrome]:
    """Headless Debian chromium (installed by `make test` when missing)."""
    if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists() or shutil.which("chromium")):
        pytest.fail("Debian's chromium and chromium-driver are needed: `make test` installs them (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000"):
        options.add_argument(argument)
    browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    browser.set_page_load_timeout(WAIT_SECONDS)
    try:
        yield browser
    finally:
        browser.quit()


class Page:
    """The web page in the browser, as one reader (a token of ``TOKENS``, or none)."""

    def __init__(self, browser: webdriver.Chrome, server: LiveServer, shots: Path | None) -> None:
        self.browser = browser
        self.server = server
        self._shots = shots

    def open(self, hash_: str = "#/", token: str | None = "eng") -> None:
        self.browser.get(f"{self.server.url}/")
        value = TOKENS[token].token.get_secret_value() if token else None
        self.browser.execute_script(
            "if (arguments[0]) localStorage.setItem('decision-journal.token', arguments[0]);"
            " else localStorage.removeItem('decision-journal.token');", value)
        self.browser.get(f"{self.server.url}/{hash_}")
        # A change of the hash alone keeps the document (and its last view's ready mark):
        # load it afresh, as a reader opening the link does.
        self.browser.refresh()
        self.wait_ready()

    def wait_ready(self) -> None:
        """Until the view has rendered its answer (the page marks body[data-ready])."""
        WebDriverWait(self.browser, WAIT_SECONDS).until(lambda b: b.execute_script("return document.body.dataset.ready"))

    def navigate(self, action: Any) -> None:
        """Run ``action`` (a click, a key) and wait for the view it leads to."""
        self.browser.execute_script("delete document.body.dataset.ready")
        action()
        self.wait_ready()

    def find(self, css: str) -> WebElement:
        return WebDriverWait(self.browser, WAIT_SECONDS).until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, css)))

    def all(self, css: str) -> list[WebElement]:
        return list(self.browser.find_elements(By.CSS_SELECTOR, css))

    def text(self) -> str:
        return str(self.find("main").text)

    def screenshot(self, name: str) -> None:
        if self._shots is not None:
            self._shots.mkdir(parents=True, exist_ok=True)
            # The whole page, not only the first screen: a decision's chain is below it.
            height = int(self.browser.execute_script("return document.documentElement.scrollHeight"))
            self.browser.set_window_size(1280, min(max(height + 160, 800), 2400))
            self.browser.save_screenshot(str(self._shots / f"{name}.png"))
            self.browser.set_window_size(1280, 1000)


@pytest.fixture
def page(chrome: webdriver.Chrome, live: LiveServer, request: pytest.FixtureRequest) -> Page:
    shots = request.config.getoption("--screenshots")
    return Page(chrome, live, Path(shots) if shots else None)
