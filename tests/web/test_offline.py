"""The page and GraphiQL load everything from the app itself: no CDN, so both work with
the network unplugged."""

from __future__ import annotations

import re

import httpx
from selenium.webdriver.support.ui import WebDriverWait

from tests.support.served import LiveServer
from tests.web.conftest import WAIT_SECONDS, Page

ASSET = re.compile(r"""(?:src|href)\s*=\s*["']([^"']+)["']""")


def _assets(html: str) -> list[str]:
    return ASSET.findall(html)


def test_served_html_names_no_outside_asset(live: LiveServer) -> None:
    with httpx.Client(base_url=live.url) as client:
        page = client.get("/", headers={"Accept": "text/html"})
        ide = client.get("/graphql", headers={"Accept": "text/html"})
        assert page.status_code == 200 and ide.status_code == 200
        for html in (page.text, ide.text):
            assert "http://" not in html and "https://" not in html
            assets = _assets(html)
            assert assets and all(a.startswith(("/", "#", "data:")) for a in assets), assets
            # Every asset it names is served, by this app.
            for asset in (a for a in assets if a.startswith("/static/")):
                assert client.get(asset).status_code == 200, asset


RESOURCES = "return performance.getEntriesByType('resource').map((entry) => entry.name)"


def test_graphiql_runs_a_query_from_local_assets_with_the_page_token(page: Page) -> None:
    page.open("#/", token="eng")
    page.browser.get(f"{page.server.url}/graphql")
    page.find(".graphiql-execute-button").click()
    WebDriverWait(page.browser, WAIT_SECONDS).until(lambda b: "PostgreSQL" in page.find(".result-window").text)
    assert "searchResult" in page.find(".result-window").text
    page.screenshot("graphiql")
    loaded = page.browser.execute_script(RESOURCES)
    assert any(url.endswith("/static/vendor/graphiql.min.js") for url in loaded)
    assert all(url.startswith(page.server.url) for url in loaded), loaded


def test_the_page_loads_nothing_from_elsewhere(page: Page) -> None:
    page.open("#/paths?dir=services/")
    loaded = page.browser.execute_script(RESOURCES)
    assert any(url.endswith("/static/app.js") for url in loaded)
    assert all(url.startswith(page.server.url) for url in loaded), loaded
