"""Who is a person in the graph: never a coding-assistant session's role, one person per
mention of a name of several words, and never the author of a reaction as the decider."""

from __future__ import annotations

import json
from pathlib import Path

from api.journal import DecisionJournal
from graph.executor import Neo4jExecutor
from graph.people import People

SESSION = """# aider chat started at 2025-03-0{day} 10:00:00

#### Should the {what} be {a} or {b}?

{a} gives us what we need; {b} is simpler.

#### We decided to use {a} for the {what}, since we need it. @dana will review it.

Okay, I will set up {a}.
"""


def _aider(tmp_path: Path, folder: str, **words: str) -> Path:
    path = tmp_path / folder / ".aider.chat.history.md"
    path.parent.mkdir()
    path.write_text(SESSION.format(**words))
    return path


def _slack_export(tmp_path: Path) -> Path:
    export = tmp_path / "workspace"
    (export / "eng").mkdir(parents=True)
    users = [{"id": f"U{i}", "name": name.split()[0].lower(), "real_name": name, "profile": {"real_name": name}}
             for i, name in enumerate(("Alice Smith", "Bob Jones", "Carol Wu"), 1)]
    (export / "users.json").write_text(json.dumps(users))
    offer = [
        {"user": "U2", "ts": "1710500000.0001", "text": "Options for the billing queue:\n1) RabbitMQ\n2) SQS (recommended)"},
        {"user": "U3", "ts": "1710500060.0001", "text": ":+1:"},
    ]
    (export / "eng" / "2024-03-15.json").write_text(json.dumps(offer))
    mention = [{"user": "U2", "ts": "1710600000.0001", "text": "We decided to keep the invoices in Postgres. <@U1> owns the migration."}]
    (export / "eng" / "2024-03-16.json").write_text(json.dumps(mention))
    return export


async def test_roles_are_no_one_mentions_are_one_person_and_reactions_decide_nothing(
    journal: DecisionJournal, executor: Neo4jExecutor, tmp_path: Path
) -> None:
    first = await journal.ingest_session(_aider(tmp_path, "a", day="1", what="cache", a="Redis", b="Memcached"))
    second = await journal.ingest_session(_aider(tmp_path, "b", day="2", what="queue", a="SQS", b="RabbitMQ"))
    assert first.decision_ids and second.decision_ids
    people = {person.handle: person for person in await People(executor).list()}
    # Every developer's sessions speak as "user" and "assistant": neither is a person.
    assert not {"@user", "@assistant", "@system", "@tool"} & set(people)
    assert people["@dana"].decisions == 2  # someone the session names is still someone
    for decision_id in (*first.decision_ids, *second.decision_ids):
        decision = await journal.get_decision(decision_id)
        assert decision is not None and decision["decision_maker"] is None
        assert [s["handle"] for s in decision["stakeholders"]] == ["@dana"]

    channel = _slack_export(tmp_path) / "eng"
    [queue, invoices] = [
        await journal.get_decision((await journal.ingest_session(channel / f"2024-03-{day}.json")).decision_ids[0])
        for day in (15, 16)
    ]
    assert queue is not None and invoices is not None
    # Carol's ":+1:" took up Bob's offer: Bob decided, Carol agreed.
    assert queue["decision_maker"] == "@bob-jones"
    assert "@carol-wu" in {s["handle"] for s in queue["stakeholders"]}
    # "<@U1>" is "@Alice Smith" in the text: one person, not "@alice" beside her.
    assert "@alice-smith" in {s["handle"] for s in invoices["stakeholders"]}
    handles = {person.handle for person in await People(executor).list()}
    assert "@alice-smith" in handles and "@alice" not in handles
