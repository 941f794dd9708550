"""One person, many names: a nick in one file and a full name in another are one
stakeholder after a merge, everywhere, and nothing is lost by merging or undoing it."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import SecretStr
from typer.testing import CliRunner

from api.journal import DecisionJournal
from api.settings import Neo4jSettings, PeopleSettings, Settings
from graph.executor import Neo4jExecutor
from graph.messages import stakeholder
from graph.people import People, PeopleError
from tests.graph_fixtures import Neo4jServer

IRC = "asmith: We decided to use SQS for the worker queue.\nbob: +1\n"
NOTES = "Alice Smith: We decided to drop the nightly build in favour of per-commit builds.\n"


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


async def _ids(journal: DecisionJournal, handle: str) -> set[str]:
    return {d["id"] for d in await journal.search_decisions("", {"stakeholder": handle, "limit": 50})}


async def test_a_merged_nick_and_full_name_are_one_person_everywhere(
    journal: DecisionJournal, executor: Neo4jExecutor, tmp_path: Path
) -> None:
    irc = await journal.ingest_session(_write(tmp_path, "irc.txt", IRC))
    notes = await journal.ingest_session(_write(tmp_path, "notes.txt", NOTES))
    assert await _ids(journal, "@asmith") == set(irc.decision_ids)
    people = People(executor)

    assert await people.merge([("@asmith", "@alice-smith")]) == [("@asmith", "@alice-smith")]
    both = set(irc.decision_ids) | set(notes.decision_ids)
    assert await _ids(journal, "@asmith") == both == await _ids(journal, "@alice-smith")
    found = await stakeholder(executor, "@asmith")
    assert found is not None and (found.handle, found.aliases) == ("@alice-smith", ("@asmith",))
    listed = {p.handle: p for p in await people.list()}
    assert "@asmith" not in listed and listed["@alice-smith"].decisions == 2
    by_question = await journal.search_decisions("what did @asmith decide?")
    assert {d["id"] for d in by_question} == both

    # Merging again, or re-ingesting the nick's file, changes nothing.
    assert await people.merge([("@asmith", "@alice-smith")]) == []
    again = await journal.ingest_session(_write(tmp_path, "irc.txt", IRC))
    assert again.new_decisions == 0 and "@asmith" not in {p.handle for p in await people.list()}
    decision = await journal.get_decision(irc.decision_ids[0])
    assert decision["decision_maker"] == "@alice-smith"

    # Undone, the nick is a person of their own again with exactly what was stated under it.
    assert await people.unmerge("@asmith") == "@alice-smith"
    assert await _ids(journal, "@asmith") == set(irc.decision_ids)
    assert await _ids(journal, "@alice-smith") == set(notes.decision_ids)
    assert (await journal.get_decision(irc.decision_ids[0]))["decision_maker"] == "@asmith"


async def test_merges_follow_chains_and_refuse_nonsense(journal: DecisionJournal, executor: Neo4jExecutor, tmp_path: Path) -> None:
    await journal.ingest_session(_write(tmp_path, "irc.txt", IRC))
    people = People(executor)
    await people.merge([("@asmith", "@alice")])
    # Merging into an alias merges into the person it names; the alias's aliases follow.
    assert await people.merge([("@smitty", "@asmith")]) == [("@smitty", "@alice")]
    assert await people.merge([("@alice", "@alice-smith")]) == [("@alice", "@alice-smith")]
    person = await stakeholder(executor, "@smitty")
    assert person is not None and person.handle == "@alice-smith"
    assert set(person.aliases) == {"@alice", "@asmith", "@smitty"}
    for wrong in (lambda: people.merge([("@bob", "@bob")]), lambda: people.unmerge("@nobody")):
        try:
            await wrong()
        except PeopleError:
            continue
        raise AssertionError("expected PeopleError")


async def test_configured_aliases_apply_at_ingest(neo4j_server: Neo4jServer, executor: Neo4jExecutor, tmp_path: Path) -> None:
    settings = Settings(
        neo4j=Neo4jSettings(uri=neo4j_server.uri, user=neo4j_server.user, password=SecretStr(neo4j_server.password)),
        people=PeopleSettings(aliases={"asmith": "Alice Smith"}),
    )
    async with DecisionJournal(settings, session_id="chat") as journal:
        irc = await journal.ingest_session(_write(tmp_path, "irc.txt", IRC))
        notes = await journal.ingest_session(_write(tmp_path, "notes.txt", NOTES))
        assert await _ids(journal, "@alice-smith") == set(irc.decision_ids) | set(notes.decision_ids)
        assert "@asmith" not in {p.handle for p in await People(executor).list()}


def test_cli_people_merge_list_unmerge(tmp_path: Path) -> None:
    from api.cli.main import app

    runner = CliRunner()
    path = _write(tmp_path, "cli-irc.txt", IRC.replace("asmith", "zsmith"))
    assert runner.invoke(app, ["ingest", str(path)]).exit_code == 0
    merged = runner.invoke(app, ["people", "merge", "zsmith", "Zoe Smith"])
    assert merged.exit_code == 0, merged.output
    assert "@zsmith is now an alias of @zoe-smith" in merged.stderr
    listed = json.loads(runner.invoke(app, ["people", "list", "--json"]).stdout)
    zoe = next(p for p in listed if p["handle"] == "@zoe-smith")
    assert zoe["aliases"] == ["@zsmith"] and zoe["decisions"] == 1
    assert "@zoe-smith: 1 decision  also @zsmith" in runner.invoke(app, ["people", "list"]).stdout
    undone = runner.invoke(app, ["people", "unmerge", "@zsmith"])
    assert undone.exit_code == 0 and "was an alias of @zoe-smith" in undone.stderr
    refused = runner.invoke(app, ["people", "unmerge", "@zsmith"])
    assert refused.exit_code != 0 and "is not an alias of anyone" in refused.stderr
