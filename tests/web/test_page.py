"""The onboarding page in a real browser: a new engineer answers "why did we choose
PostgreSQL, and what happened to it?" from the page alone, with only their groups'
decisions, by mouse and by keyboard."""

from __future__ import annotations

from pydantic import SecretStr
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from api.app import create_app
from api.settings import Neo4jSettings, Settings
from tests.graph_fixtures import Neo4jServer
from tests.support.served import LiveServer, Served
from tests.web.conftest import Page


def test_search_answers_why_we_chose_postgresql(page: Page) -> None:
    page.open()
    box = page.find("input[type=search]")
    assert page.browser.switch_to.active_element == box, "the search box has the focus on arrival"
    page.screenshot("home")
    page.navigate(lambda: box.send_keys("why did we choose PostgreSQL?", Keys.ENTER))
    hits = page.all("ol.hits li")
    assert hits, page.text()
    assert "PostgreSQL" in hits[0].text and "matched by its words and its meaning" in hits[0].text
    assert "No filters read from the question." in page.text()
    page.screenshot("search")


def test_decision_page_shows_why_what_lost_and_its_chain(page: Page) -> None:
    page.open("#/search?q=PostgreSQL orders service")
    link = page.find("ol.hits li a")
    assert "use PostgreSQL" in link.text
    page.navigate(link.click)
    text = page.text()
    assert page.find("h1").text.startswith("We decided to use PostgreSQL")
    for expected in ("transactions", "MongoDB", "alice (@alice)", "services/orders/schema.sql", "revisited", "message 4 in the conversation"):
        assert expected in text, expected
    # The link says the number the conversation shows, and its address carries that number.
    quoted = page.browser.find_element(By.PARTIAL_LINK_TEXT, "message 4 in the conversation")
    assert str(quoted.get_attribute("href")).endswith("#/session/platform-sync?m=4")
    # The chain: the March decision and the September one that revisited it, drawn and listed.
    circles = page.all(".chain svg circle")
    assert len(circles) == 2
    assert "revisits" in page.find(".chain svg .link-label").text
    assert "(PostgreSQL)" in page.find("ul.links").text, "the reason names what they share"
    page.screenshot("decision")
    current = page.all(".chain svg a")[-1]
    page.navigate(current.click)
    assert "Redis" in page.find("h1").text


def test_chain_as_of_a_day_before_the_revisit(page: Page) -> None:
    page.open("#/search?q=PostgreSQL orders service")
    page.navigate(page.find("ol.hits li a").click)
    day = page.find("input[type=date]")
    page.browser.execute_script("arguments[0].value = '2024-04-01'", day)
    page.navigate(lambda: page.find(".chain").find_element(By.XPATH, "preceding::button[1]").click())
    assert "asOf=2024-04-01" in page.browser.current_url
    assert len(page.all(".chain svg circle")) == 1
    assert "Nothing replaced or revisited it yet." in page.text()


def test_what_touched_a_path(page: Page) -> None:
    page.open("#/paths")
    tree = page.find("nav.tree")
    assert "services/" in tree.text and "src/" in tree.text
    assert "pricing.py" not in tree.text, "another group's files stay hidden"
    page.navigate(lambda: tree.find_element(By.LINK_TEXT, "services/").click())
    assert "What touched services/" in page.text()
    decisions = page.all("section ul.list li")
    assert len(decisions) == 1 and "PostgreSQL" in decisions[0].text and "revisited" in decisions[0].text
    page.screenshot("paths")
    # A closed directory's paths are laid out when it is opened.
    tree = page.find("nav.tree")
    assert "schema.sql" not in tree.text
    orders = tree.find_element(By.XPATH, ".//summary[a[text()='orders/']]")
    page.browser.execute_script("arguments[0].parentElement.open = true", orders)
    WebDriverWait(page.browser, 10).until(lambda b: "schema.sql" in page.find("nav.tree").text)


def test_timeline_filters_by_status_and_person(page: Page) -> None:
    page.open("#/timeline")
    assert len(page.all("ul.timeline li")) == 3
    page.screenshot("timeline")
    page.open("#/timeline?status=revisited&person=@alice")
    items = page.all("ul.timeline li")
    assert len(items) == 1 and "PostgreSQL" in items[0].text
    page.open("#/timeline?from=2024-09-01")
    assert ["Redis" in item.text for item in page.all("ul.timeline li")] == [True]


def test_search_takes_its_filters_from_the_form(page: Page) -> None:
    page.open("#/search")
    page.find("details.search-filters summary").click()
    page.find("input[name=person]").send_keys("Alice")
    page.find("input[name=history]").click()
    page.navigate(lambda: page.find("input[type=search]").send_keys("PostgreSQL", Keys.ENTER))
    assert "person=Alice" in page.browser.current_url and "history=1" in page.browser.current_url
    assert page.find("details.search-filters").get_attribute("open") is not None
    hits = page.all("ol.hits li")
    assert hits and "PostgreSQL" in hits[0].text
    page.open("#/search?q=PostgreSQL&person=@nobody-here")
    assert page.all("ol.hits li") == [] and "Nothing matched" in page.text()


def test_session_highlights_the_messages_that_decided(page: Page) -> None:
    page.open("#/session/platform-sync?m=4")  # message 4, as the page numbers it (1-based)
    messages = page.all("ol.transcript li")
    decided = page.all("ol.transcript li.decided")
    assert len(messages) == 11
    assert 3 <= len(decided) < len(messages)
    assert "Decision:" in decided[0].text
    target = page.find("ol.transcript li.target")
    assert target.get_attribute("id") == "m4" and target.find_element(By.CSS_SELECTOR, ".seq").text == "4"
    assert "We decided to use PostgreSQL for the orders service" in target.text
    page.screenshot("session")


def test_a_reader_sees_only_their_groups(page: Page) -> None:
    page.open("#/search?q=why did we choose PostgreSQL?", token="sales")
    assert "PostgreSQL" not in " ".join(hit.text for hit in page.all("ol.hits li"))
    page.open("#/timeline", token="sales")
    items = page.all("ul.timeline li")
    assert len(items) == 1 and "annual discount" in items[0].text


def test_without_a_token_the_page_says_what_is_missing(page: Page) -> None:
    page.open("#/", token=None)
    assert "needs a token" in page.find(".error").text
    assert page.find("#auth-off").get_attribute("hidden") is not None, "tokens are configured: no auth-off warning"


def test_an_expired_or_unknown_token_gets_the_servers_reason(page: Page) -> None:
    page.open("#/", token="expired")
    message = page.find(".error").text
    assert "refused this page's token: this token expired at 2024-01-01T00:00:00+00:00" in message, message
    assert "needs a token" not in message
    page.browser.execute_script("localStorage.setItem('decision-journal.token', 'wrong-token-0123456789')")
    page.browser.refresh()
    page.wait_ready()
    message = page.find(".error").text
    assert "refused this page's token: unknown or revoked token" in message and "Token button" in message, message


def test_without_tokens_configured_the_page_warns_and_answers(
    chrome: webdriver.Chrome, neo4j_server: Neo4jServer, live: LiveServer,
) -> None:
    settings = Settings(neo4j=Neo4jSettings(uri=neo4j_server.uri, user=neo4j_server.user, password=SecretStr(neo4j_server.password)))
    with Served(create_app(settings)) as open_server:
        page = Page(chrome, open_server, None)
        page.open("#/timeline", token=None)
        warning = page.find("#auth-off")
        assert warning.is_displayed() and "Auth is off" in warning.text
        # Open to everyone: both groups' decisions.
        assert len(page.all("ul.timeline li")) == 4


def test_keyboard_reaches_every_view_with_a_visible_focus(page: Page) -> None:
    page.open("#/timeline")
    ActionChains(page.browser).send_keys(Keys.TAB).perform()
    first = page.browser.switch_to.active_element
    assert first.text == "Skip to content"
    visited = []
    for _ in range(7):
        page.browser.switch_to.active_element.send_keys(Keys.TAB)
        element = page.browser.switch_to.active_element
        visited.append(element.text)
        style = page.browser.execute_script("const s = getComputedStyle(arguments[0]); return [s.outlineStyle, s.outlineWidth]", element)
        assert style[0] == "solid" and style[1] != "0px", (element.text, style)
    assert {"Search", "Timeline", "What touched this path?", "Conversations", "GraphiQL"} <= set(visited)
    # Enter on a focused link follows it.
    link = page.find("ul.timeline li a")
    page.browser.execute_script("arguments[0].focus()", link)
    page.navigate(lambda: page.browser.switch_to.active_element.send_keys(Keys.ENTER))
    assert "/#/decision/" in page.browser.current_url


CONTRAST = """
function channel(c) { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); }
function luminance(rgb) { const [r, g, b] = rgb.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number); return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b); }
function background(node) {
  for (; node; node = node.parentElement) {
    const colour = getComputedStyle(node).backgroundColor;
    if (colour && !colour.startsWith("rgba(0, 0, 0, 0)") && colour !== "transparent") return colour;
  }
  return "rgb(255, 255, 255)";
}
const worst = [];
for (const node of document.querySelectorAll("main *, header *, #auth-off")) {
  if (!node.childNodes.length || ![...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim())) continue;
  if (!node.getClientRects().length) continue;
  const a = luminance(getComputedStyle(node).color), b = luminance(background(node));
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  if (ratio < 4.5) worst.push([node.tagName, node.className, node.textContent.trim().slice(0, 40), ratio.toFixed(2)]);
}
return worst;
"""


def test_text_keeps_a_readable_contrast_on_every_view(page: Page) -> None:
    for view in ("#/", "#/search?q=PostgreSQL", "#/timeline", "#/paths?dir=services/", "#/session/platform-sync", "#/sessions"):
        page.open(view)
        assert page.browser.execute_script(CONTRAST) == [], view
