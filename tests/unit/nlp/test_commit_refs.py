"""What commit messages name (nlp.commit_refs) and which rejected options a change names
again (nlp.reintroduction)."""

from __future__ import annotations

from graph.commits import AdrRow
from nlp.commit_refs import DecisionMentions
from nlp.reintroduction import named_options, option_terms

mentioned_decisions = DecisionMentions([
    AdrRow("adr-a", "docs/adr/0007-use-postgresql-for-orders.md", "Use PostgreSQL for orders"),
    AdrRow("adr-b", "docs/adr/adr-012-logging.md", "Logging"),
    AdrRow("adr-c", "platform/adr/0012-queues.md", "Queues through NATS JetStream"),
])


def test_decision_ids_adr_numbers_and_whole_titles() -> None:
    assert mentioned_decisions("Orders schema per dec-400b65af5851 and ADR-7") == ["dec-400b65af5851", "adr-a"]
    assert mentioned_decisions("Implements adr 0007") == ["adr-a"]
    assert mentioned_decisions("Follow 'use postgresql for orders' here") == ["adr-a"]


def test_ambiguous_numbers_and_short_titles_name_nothing() -> None:
    assert mentioned_decisions("See ADR-12") == []  # two collections have a 12
    assert mentioned_decisions("Logging tweaks") == []  # too short a title to be sure
    assert mentioned_decisions("bump deps") == []


def test_one_adr_file_held_twice_is_named_by_its_number_and_a_document_of_several_is_not() -> None:
    # A journal that imported one ADR under two collections (before import-adr kept a file in
    # the collection that first held it) holds two copies: "ADR-4" names both, as the title
    # does, rather than neither (issue 44: re-importing lost every commit-message link).
    copies = DecisionMentions([
        AdrRow("adr-x", "docs/adr/0004-editing-microcopy.md", "Editing Microcopy"),
        AdrRow("adr-y", "docs/adr/0004-editing-microcopy.md", "Editing Microcopy"),
        AdrRow("adr-z", "docs/adr/0005-avoid-flicker.md", "Avoid flicker"),
    ])
    assert copies("Make footer links consistent with ADR-4") == ["adr-x", "adr-y"]
    sections = DecisionMentions([
        AdrRow("doc-1", "docs/0004-platform.md", "Use Kafka for events"),
        AdrRow("doc-2", "docs/0004-platform.md", "Use Postgres for orders"),
    ])
    assert sections("Per ADR-4") == []  # a seed-004 document's decisions: the number says not which


def test_options_are_named_by_their_technologies_or_their_few_words() -> None:
    assert option_terms("Migrate to DynamoDB for better scale") == ("DynamoDB",)
    assert option_terms("gRPC") == ("gRPC",)
    assert option_terms("Keep PostgreSQL without a cache", chosen="We keep PostgreSQL and add Redis") == ()
    assert option_terms("the team would write its own scheduler from scratch") == ()


def test_added_lines_naming_an_option_again() -> None:
    lines = ["client = pymongo.MongoClient()", "url = 'mongodb://reports'", "use the rest of it"]
    assert [(n.option, n.line) for n in named_options(lines, ["MongoDB", "REST"])] == [("MongoDB", "url = 'mongodb://reports'")]
    assert named_options(["mongo_free = True"], ["MongoDB"]) == []
