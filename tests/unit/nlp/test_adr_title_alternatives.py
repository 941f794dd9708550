"""An ADR's title that turns an option down ("Use npm instead of yarn") stores it as an
alternative; "over" meaning "by way of" does not."""

from __future__ import annotations

import pytest

from nlp.readers.adr import read_adr
from nlp.readers.adr_title_alternatives import title_alternatives


@pytest.mark.parametrize(("title", "lost"), [
    ("Use npm instead of yarn", "yarn"),
    ("Use GraphQL Instead of REST for Data Requests to Strapi", "REST"),
    ("Prefer dugite over raw git commands in tests", "raw git commands"),
    ('Use "Decision Table" Instead of "Decision Tree"', "Decision Tree"),
    ("Use `public final` instead of getters to offer access to immutable variables", "getters"),
    ("Keep Redis rather than Memcached, for now", "Memcached"),
    ("Use Kafka instead of a queue that every service polls", "a queue"),
])
def test_the_option_a_title_turns_down(title: str, lost: str) -> None:
    [alternative] = title_alternatives(title, set())
    assert (alternative.option, alternative.why_not_chosen) == (lost, title)


@pytest.mark.parametrize("title", [
    "Local state inspection over gRPC",  # "over" as "by way of"
    "The MVP will pass complex datatypes over the FFI using simple, explicit serialization",
    "Admin users vs Users",
    "Use PostgreSQL",
    "Merge them instead of the seven small services we deploy one by one today",  # a clause, not a name
])
def test_a_title_that_turns_nothing_down(title: str) -> None:
    assert title_alternatives(title, set()) == ()


NO_OPTIONS = """# 4. Use npm instead of yarn

Date: 2020-03-02

## Status

Accepted

## Decision

We use npm workspaces for the monorepo.
"""

WITH_OPTIONS = """# Use npm instead of yarn

## Considered Options

* npm
* yarn

## Decision Outcome

Chosen option: "npm", because it ships with Node.
"""


def test_an_adr_without_options_keeps_what_its_title_turned_down() -> None:
    _, decision = read_adr(NO_OPTIONS, "doc/adr/0004-use-npm.md", 0, "adr")
    assert [(a.option, a.why_not_chosen) for a in decision.alternatives] == [("yarn", "Use npm instead of yarn")]


def test_the_options_section_already_holding_it_is_not_doubled() -> None:
    _, decision = read_adr(WITH_OPTIONS, "doc/adr/0004-use-npm.md", 0, "adr")
    assert [a.option for a in decision.alternatives] == ["yarn"]
