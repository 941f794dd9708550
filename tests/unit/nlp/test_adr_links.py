"""Links stated in ADRs, the hard cases: one-sided links, body text, partial, amend rows,
"rejected in favour of" (not a link), front matter, emoji and free-form statuses."""

from __future__ import annotations

from nlp.readers.adr import front_matter, normalize_status, read_adr
from nlp.readers.adr_links import adr_number, extract_links

MADR4 = """---
status: "accepted ✅"
date: 2024-02-01
deciders:
  - Alice Smith
  - Bob
consulted: [Carol]
informed: Dave, Erin
---
# Use PostgreSQL for orders

## Context and Problem Statement

Orders need transactions across payments; see services/orders/schema.sql.

## Considered Options

* PostgreSQL
* MongoDB

## Decision Outcome

Chosen option: "PostgreSQL", because it gives ACID transactions.

This decision in part supersedes [ADR-0002](0002-use-mongodb.md) and amends ADR 3.
"""


def _links(text: str) -> list[tuple[str, str, bool]]:
    return [(link.relation, link.target, link.partial) for link in extract_links(text)]


def test_status_lines_metadata_rows_and_body_text() -> None:
    assert _links("- Status: superseded by [0005-use-x](0005-use-x.md)") == [("superseded_by", "0005-use-x", False)]
    assert _links("- Supersedes [0003-y](../adr/0003-y.md#status)") == [("supersedes", "0003-y", False)]
    assert _links("| final | 2024/07/17 | Deprecate in favor of ADR-37 |") == [("superseded_by", "#37", False)]
    assert _links("| Updates  | ADR-8 |") == [("amends", "#8", False)]
    assert _links("This ADR supersedes the decisions made in ADRs 60 and 61, but") == [
        ("supersedes", "#60", False), ("supersedes", "#61", False)]
    assert _links("# ADR 114: Partly Undo ADR 109 (Reduce Go API Surface)") == [("supersedes", "#109", True)]
    assert _links("Superseded in part by ADR-12.") == [("superseded_by", "#12", True)]
    assert _links("Amended by [ADR-0012](0012-x.md)") == [("amended_by", "0012-x", False)]
    # reStructuredText collections name the file without a markdown link.
    assert _links("Supersedes 0005-unrevoking-licenses.rst") == [("supersedes", "0005-unrevoking-licenses", False)]
    assert _links("Superseded by `ADR 7 <docs/decisions/0007-plan-type.rst>`_") == [("superseded_by", "0007-plan-type", False)]


def test_what_is_not_a_link() -> None:
    assert _links("- 2023-05-03: Mark as rejected in favour of ADR-101 (@thanethomson)") == []
    assert _links("Rejected in favour of ADR 111") == []
    assert _links("This approach supersedes the old polling loop.") == []  # no ADR named


def test_madr4_front_matter_roles_and_body_links() -> None:
    assert front_matter(MADR4)["deciders"] == "Alice Smith, Bob"
    _, decision = read_adr(MADR4, "docs/adr/0004-use-postgresql.md", 0, "team")
    assert decision.status == "active" and decision.status_text == "accepted ✅"
    assert [(s.handle, s.role) for s in decision.stakeholders] == [
        ("@alice-smith", "decider"), ("@bob", "decider"), ("@carol", "consulted"), ("@dave", "informed"), ("@erin", "informed")]
    assert decision.decision_maker is None  # two deciders: nobody alone
    assert decision.source_path == "docs/adr/0004-use-postgresql.md"
    assert [a.option for a in decision.alternatives] == ["MongoDB"]  # PostgreSQL was chosen
    assert _links(MADR4) == [("supersedes", "0002-use-mongodb", True), ("amends", "#3", False)]


def test_statuses_keep_their_original_words() -> None:
    for text, status in (("🟢 Accepted", "active"), ("Replaced by ADR-9", "superseded"), ("Partially Accepted", "active"),
                         ("Declined **Until there's more stability**", "rejected"), ("In review", "proposed")):
        assert normalize_status(text) == status
    _, plain = read_adr("# T\n\n## Status\n\nAccepted\n", "a.md", 0, "c")
    assert plain.status == "active" and plain.status_text is None  # nothing lost by normalizing


def test_adr_numbers_from_file_names() -> None:
    assert [adr_number(s) for s in ("ADR-15", "adr-110-remote-mempool", "0005-use-x", "20201016-use-the-slug", "intro")] == [
        15, 110, 5, None, None]


def test_a_status_row_that_dates_the_step_before_naming_its_successor_is_a_link() -> None:
    assert _links("Superseded: 2019-12-19 by [ADR 14](0014-political-and-government-tagging.md)") == [
        ("superseded_by", "0014-political-and-government-tagging", False)]
    assert _links("Superseded (12 March 2020) by ADR 9") == [("superseded_by", "#9", False)]
    assert _links("Superseded on March 3, 2021 by ADR-21") == [("superseded_by", "#21", False)]
    # A date alone says when, not by what.
    assert _links("Superseded: 2019-12-19") == []
