"""People stored under the handles of the ASCII-only rule (``Niklas Lindström`` was
``@niklas-lindstr-m``, every name in another script ``@unknown``) move to the handles of their
names when ``schema apply`` runs, on the real Neo4j; what cannot be told apart stays."""

from __future__ import annotations

import asyncio

from typer.testing import CliRunner

from api.cli.main import app as cli_app
from api.journal import DecisionJournal
from graph.people import People
from graph.people_handles import ascii_handle
from graph.schema import apply_schema
from nlp.schema import Conversation, Message, handle_for
from tests.graph_fixtures import EMBEDDING_DIMENSION
from tests.support.cypher import support_query


def _chat(session: str, *turns: tuple[str, str]) -> Conversation:
    messages = tuple(Message(id=f"{session}#{seq}", seq=seq, author=author, content=text)
                     for seq, (author, text) in enumerate(turns))
    return Conversation(session_id=session, source_format="transcript", messages=messages)


def _redis(session: str, asker: str, decider: str) -> Conversation:
    return _chat(session, (asker, "Should we store sessions in Redis or Memcached?"),
                 (decider, "We decided to use Redis instead of Memcached because we need persistence."))


async def _stored_as_before(journal: DecisionJournal, *names: str) -> None:
    """The people of ``names`` as the ASCII-only rule stored them."""
    for name in names:
        moved = await journal.services.executor.write(support_query("testing_ascii_person"),
                                                      {"handle": handle_for(name), "old": ascii_handle(name)})
        assert moved, name


async def _people(journal: DecisionJournal) -> dict[str, dict[str, object]]:
    rows = await journal.services.executor.read(support_query("testing_stakeholders"))
    return {row["handle"]: row for row in rows}


async def test_schema_apply_moves_a_person_to_the_handle_of_their_name(journal: DecisionJournal) -> None:
    report = await journal.ingest_session(_redis("cache", "Søren Ørsted", "Niklas Lindström"))
    [decision] = report.decision_ids
    await _stored_as_before(journal, "Niklas Lindström", "Søren Ørsted")
    assert set(await _people(journal)) == {"@niklas-lindstr-m", "@s-ren-rsted"}
    assert await journal.search_decisions("", {"stakeholder": "Niklas Lindström"}) == []  # as it was before the rule

    applied = await apply_schema(journal.services.executor, EMBEDDING_DIMENSION)
    assert sorted(applied.people.moved) == [("@niklas-lindstr-m", "@niklas-lindstrom"), ("@s-ren-rsted", "@soren-orsted")]
    people = await _people(journal)
    assert set(people) == {"@niklas-lindstrom", "@soren-orsted"}
    assert people["@niklas-lindstrom"]["name"] == "Niklas Lindström"
    assert (await journal.get_decision(decision))["decision_maker"] == "@niklas-lindstrom"
    for asked in ("Niklas Lindström", "@niklas-lindstrom", "niklas lindstrom", "@Niklas-Lindström"):
        assert [d["id"] for d in await journal.search_decisions("", {"stakeholder": asked})] == [decision], asked

    again = await apply_schema(journal.services.executor, EMBEDDING_DIMENSION)  # again: nothing changes
    assert (again.people.moved, again.people.merged, again.people.left) == ((), (), ())
    assert await _people(journal) == people


async def test_unknown_is_left_alone_when_its_names_cannot_be_told_apart(journal: DecisionJournal) -> None:
    first = (await journal.ingest_session(_redis("cache", "bob", "王小明"))).decision_ids
    second = (await journal.ingest_session(_chat(
        "queue", ("bob", "Should the jobs go through RabbitMQ or Kafka?"),
        ("Иван Петров", "We decided to use Kafka instead of RabbitMQ because we replay the events."),
    ))).decision_ids
    await _stored_as_before(journal, "王小明", "Иван Петров")
    before = await _people(journal)
    assert set(before) == {"@bob", "@unknown"}

    said = await asyncio.to_thread(CliRunner().invoke, cli_app, ["schema", "apply"])
    assert said.exit_code == 0 and "people: @unknown left as it is: the names of every person" in said.stdout, said.output
    # Said once: a second run has nothing new to say about it, on the CLI or in the report.
    again = await asyncio.to_thread(CliRunner().invoke, cli_app, ["schema", "apply"])
    assert again.exit_code == 0 and "people:" not in again.stdout, again.output
    applied = await apply_schema(journal.services.executor, EMBEDDING_DIMENSION)
    assert applied.people.moved == () and applied.people.left == ()
    assert await _people(journal) == before
    decided = before["@unknown"]["decided"]
    assert isinstance(decided, list) and sorted(decided) == sorted(first + second)
    # New ingests tell them apart from now on.
    assert handle_for("王小明") == "@王小明" and handle_for("Иван Петров") == "@иван-петров"


async def test_a_new_handle_held_by_the_same_name_merges_and_by_another_name_is_left(journal: DecisionJournal) -> None:
    old = (await journal.ingest_session(_redis("cache", "bob", "José"))).decision_ids
    await journal.ingest_session(_redis("cache-zoe", "bob", "Zoë"))
    await _stored_as_before(journal, "José", "Zoë")
    assert {"@jos", "@zo"} <= set(await _people(journal))
    # Stored since under the current rule: José again, and another person, Zoe.
    new = (await journal.ingest_session(_chat(
        "queue", ("Zoe", "Should the jobs go through RabbitMQ or Kafka?"),
        ("José", "We decided to use Kafka instead of RabbitMQ because we replay the events."),
    ))).decision_ids

    applied = await apply_schema(journal.services.executor, EMBEDDING_DIMENSION)
    assert applied.people.merged == (("@jos", "@jose"),)
    assert [(handle, why) for handle, why in applied.people.left] == [("@zo", "@zoe is held by 'Zoe'")]
    assert (await apply_schema(journal.services.executor, EMBEDDING_DIMENSION)).people.left == ()  # said once
    people = await _people(journal)
    assert "@jos" not in people and "@zo" in people
    decided = people["@jose"]["decided"]
    assert isinstance(decided, list) and sorted(decided) == sorted(old + new)


async def test_an_alias_moves_with_the_edges_stated_under_it(journal: DecisionJournal) -> None:
    [decision] = (await journal.ingest_session(_redis("cache", "bob", "Łukasz"))).decision_ids
    people = People(journal.services.executor)
    await people.merge([("@lukasz", "@luke")])
    await journal.services.executor.write(support_query("testing_ascii_alias"), {"handle": "@lukasz", "old": "@ukasz"})
    assert [p.aliases for p in await people.list() if p.handle == "@luke"] == [("@ukasz",)]

    applied = await apply_schema(journal.services.executor, EMBEDDING_DIMENSION)
    assert applied.people.moved == (("@ukasz", "@lukasz"),)
    assert [p.aliases for p in await people.list() if p.handle == "@luke"] == [("@lukasz",)]
    for asked in ("Łukasz", "@lukasz", "luke"):
        assert [d["id"] for d in await journal.search_decisions("", {"stakeholder": asked})] == [decision], asked
    assert await people.unmerge("@lukasz") == "@luke"  # the edges stated under it go back with it
    assert (await journal.get_decision(decision))["decision_maker"] == "@lukasz"


async def test_schema_apply_removes_the_session_roles_stored_as_people(journal: DecisionJournal) -> None:
    # As ingest stored a coding-assistant session's speakers before roles were no one.
    recorded = await journal.record_decision("Use a queue instead of polling", decision_maker="assistant",
                                             stakeholders=["user", "Alice"])
    executor = journal.services.executor
    before = {row["handle"] for row in await executor.read(support_query("testing_stakeholders"))}
    assert {"@user", "@assistant", "@alice"} <= before

    report = await apply_schema(executor, EMBEDDING_DIMENSION)
    people = {row["handle"]: row for row in await executor.read(support_query("testing_stakeholders"))}
    assert report.roles_removed == 2
    assert "@user" not in people and "@assistant" not in people
    assert people["@alice"]["involved"] == [recorded["id"]]
    assert (await apply_schema(executor, EMBEDDING_DIMENSION)).roles_removed == 0
