"""The review queue in a real browser: a reviewer of the design group edits a draft's
sentence and confirms it, rejects another, and the queue keeps to each reader's groups and
scope. (Runs after the other page tests: confirming adds a design decision.)"""

from __future__ import annotations

import json
import re

import httpx
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from typer.testing import CliRunner

from api.cli.main import app
from tests.api.graphql_client import GraphQL
from tests.support.served import LiveServer
from tests.web.conftest import WAIT_SECONDS, Page
from tests.web.test_page import CONTRAST


def _answer(page: Page, draft_id: str) -> str:
    WebDriverWait(page.browser, WAIT_SECONDS).until(
        lambda b: page.find(f'article.draft[data-id="{draft_id}"] .review-answer').text.strip())
    return str(page.find(f'article.draft[data-id="{draft_id}"] .review-answer').text)


def test_the_number_review_prints_opens_that_message_on_the_page_and_in_graphql(
        page: Page, drafts: dict[str, str], live: LiveServer) -> None:
    # A person reads "> 2 erin: …" in `review` and types ?m=2 into the page's address, or
    # looks for number 2 in GraphQL: the same message everywhere (seq stays the stored 0-based one).
    listed = CliRunner().invoke(app, ["review", "open-chat"])
    assert listed.exit_code == 0, listed.output
    [anchor] = [line for line in listed.stdout.splitlines() if line.startswith("  > ")]
    found = re.fullmatch(r"  >\s+(\d+) erin: (.+)", anchor)
    assert found, anchor
    number, said = found.groups()

    page.open(f"#/session/open-chat?m={number}")
    target = page.find("ol.transcript li.target")
    assert target.get_attribute("id") == f"m{number}"
    assert target.find_element(By.CSS_SELECTOR, ".seq").text == number and said in target.text

    with httpx.Client(base_url=live.url, timeout=60) as client:
        messages = GraphQL(client).run('{ session(id: "open-chat") { messages { number content } } }')["session"]["messages"]
    assert [m["content"] for m in messages if str(m["number"]) == number] == [said]
    [shown] = json.loads(CliRunner().invoke(app, ["review", "open-chat", "--json"]).stdout)
    assert [(m["number"], m["seq"]) for m in shown["unit"] if m["anchor"]] == [(int(number), int(number) - 1)]


def test_a_reviewer_edits_and_confirms_one_draft_and_rejects_another(page: Page, drafts: dict[str, str]) -> None:
    page.open("#/review", token="design")
    assert {card.get_attribute("data-id") for card in page.all("article.draft")} == set(drafts.values())
    assert "3 drafts await review." in page.find(".queue-count").text
    cards = page.find(f'article.draft[data-id="{drafts["cards"]}"]')
    anchor = cards.find_element(By.CSS_SELECTOR, "ol.unit li.anchor")
    assert "square corners" in anchor.text and "states it" in anchor.text
    assert [li.text.split("\n")[1] for li in cards.find_elements(By.CSS_SELECTOR, "ol.unit li")] == ["ken", "liz", "judy"]
    assert page.browser.execute_script(CONTRAST) == []
    page.screenshot("review")

    sentence = cards.find_element(By.CSS_SELECTOR, "textarea.sentence")
    sentence.clear()
    sentence.send_keys("Cards get square corners.")
    cards.find_element(By.CSS_SELECTOR, "button.confirm").click()
    assert _answer(page, drafts["cards"]).startswith("Confirmed as a decision: Cards get square corners.")
    assert "2 drafts await review." in page.find(".queue-count").text

    aside = page.find(f'article.draft[data-id="{drafts["aside"]}"]')
    aside.find_element(By.CSS_SELECTOR, "input.reason").send_keys("small talk")
    aside.find_element(By.CSS_SELECTOR, "button.reject").click()
    assert _answer(page, drafts["aside"]).startswith("Rejected")

    link = page.find(f'article.draft[data-id="{drafts["cards"]}"] .review-answer a')
    page.navigate(link.click)
    assert page.find("h1").text == "Cards get square corners."
    assert "active" in page.text()
    page.open("#/review", token="design")
    assert [card.get_attribute("data-id") for card in page.all("article.draft")] == [drafts["open"]]


def test_a_reader_sees_only_their_groups_drafts_and_cannot_review(page: Page, drafts: dict[str, str]) -> None:
    page.open("#/review", token="eng")
    assert [card.get_attribute("data-id") for card in page.all("article.draft")] == [drafts["open"]]
    page.find(f'article.draft[data-id="{drafts["open"]}"] button.confirm').click()
    assert "needs a token with the write scope" in _answer(page, drafts["open"])
    page.open("#/review", token="eng")
    assert [card.get_attribute("data-id") for card in page.all("article.draft")] == [drafts["open"]], "still a draft"
    page.open("#/review/cards", token="eng")
    assert page.all("article.draft") == [] and "Nothing left to review." in page.text()


def test_a_conversation_links_to_its_drafts(page: Page, drafts: dict[str, str]) -> None:
    page.open("#/session/open-chat", token="eng")
    link = page.find("main p.muted a")
    assert link.text == "1 draft to review"
    page.navigate(link.click)
    assert [card.get_attribute("data-id") for card in page.all("article.draft")] == [drafts["open"]]
    assert "All conversations' drafts" in page.text()


def test_a_drafts_own_link_says_it_waits_for_review(page: Page, drafts: dict[str, str]) -> None:
    # A draft's id (from the queue or the API) opened as a decision: not "No such decision",
    # but what it is and where to review it; to its groups only.
    page.open(f"#/decision/{drafts['open']}", token="eng")
    assert page.find("h1").text == "A draft waiting for review"
    assert "tacos" in page.find("main blockquote").text
    link = page.find("main p a")
    assert link.get_attribute("href").endswith("#/review/open-chat")
    page.navigate(link.click)
    assert [card.get_attribute("data-id") for card in page.all("article.draft")] == [drafts["open"]]
    page.open(f"#/decision/{drafts['aside']}", token="eng")
    assert page.find("h1").text == "No such decision"
