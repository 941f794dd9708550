"""Backfilled history keeps its own time: meeting notes without timestamps are dated by
the day they state, series group them, and re-ingesting changes nothing."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from typer.testing import CliRunner

from api.journal import DecisionJournal

EARLIER = """# Platform sync - 2021-03-16

## Build pipeline

- Jenkins is slow but works.

### Decisions

- We decided to keep the build pipeline on Jenkins for now.
"""
LATER = """# Platform sync - 2021-03-23

## Build pipeline

- Nightly builds were flaky again this week.

### Decisions

- We decided to switch the build pipeline to Buildkite instead of Jenkins.
"""
UNDATED = """# Platform sync

## Decisions

- We will publish the SDK under the Apache 2.0 licence.
"""


def _notes(root: Path, prefix: str = "") -> Path:
    folder = root / "platform"
    (folder / "2021").mkdir(parents=True)
    # Named so that the later meeting sorts first: ingestion must follow the dates.
    (folder / "2021" / f"{prefix}a-sync.md").write_text(LATER)
    (folder / "2021" / f"{prefix}b-sync.md").write_text(EARLIER)
    (folder / f"{prefix}sdk.md").write_text(UNDATED)
    return folder


async def test_dated_notes_give_decisions_their_meeting_day_and_chain_in_time(
    journal: DecisionJournal, tmp_path: Path
) -> None:
    folder = _notes(tmp_path)
    earlier = await journal.ingest_session(folder / "2021" / "b-sync.md")
    later = await journal.ingest_session(folder / "2021" / "a-sync.md")
    assert (earlier.date, earlier.date_from, earlier.series) == (datetime(2021, 3, 16, tzinfo=UTC), "first heading", "platform")
    kept = await journal.get_decision(earlier.decision_ids[0])
    switched = await journal.get_decision(later.decision_ids[0])
    assert kept["decided_at"].startswith("2021-03-16") and switched["decided_at"].startswith("2021-03-23")
    assert kept["recorded_at"][:4] != "2021"  # ingestion time stays what it was

    chain = await journal.get_decision_chain(switched["id"])
    assert chain["original"]["id"] == kept["id"] and chain["current"]["id"] == switched["id"]
    assert "Build pipeline" in chain["links"][0]["reason"]
    as_then = await journal.get_decision_chain(kept["id"], as_of=datetime(2021, 3, 20, tzinfo=UTC))
    assert as_then["current"]["id"] == kept["id"] and as_then["revisions"] == []

    march = await journal.search_decisions("", {"since": datetime(2021, 3, 20, tzinfo=UTC),
                                                "until": datetime(2021, 4, 1, tzinfo=UTC), "history": True})
    assert [d["id"] for d in march] == [switched["id"]]

    again = await journal.ingest_session(folder / "2021" / "a-sync.md")
    assert (again.new_messages, again.new_decisions, again.superseded, again.revisited) == (0, 0, 0, 0)
    assert await journal.get_decision(switched["id"]) == await journal.get_decision(switched["id"])


async def test_a_date_given_later_dates_what_was_stored_without_one(journal: DecisionJournal, tmp_path: Path) -> None:
    path = _notes(tmp_path) / "sdk.md"
    first = await journal.ingest_session(path)
    assert first.date is None and first.undated
    undated = await journal.get_decision(first.decision_ids[0])
    assert undated["decided_at"] is None
    second = await journal.ingest_session(path, date=datetime(2020, 11, 2), series="sdk")
    assert second.decision_ids == first.decision_ids and second.new_decisions == 0
    dated = await journal.get_decision(first.decision_ids[0])
    assert dated["decided_at"].startswith("2020-11-02") and dated["recorded_at"] == undated["recorded_at"]
    assert [d["id"] for d in await journal.search_decisions("", {"series": "sdk"})] == first.decision_ids


async def test_decisions_of_different_series_link_only_on_a_named_issue(journal: DecisionJournal, tmp_path: Path) -> None:
    folder = _notes(tmp_path)
    await journal.ingest_session(folder / "2021" / "b-sync.md", series="platform-team")
    other = await journal.ingest_session(folder / "2021" / "a-sync.md", series="mobile-team")
    assert (other.superseded, other.revisited) == (0, 0)  # same words, another group's agenda
    # Asked within a series, search compares that series' decisions only.
    mobile = await journal.search_decisions("Why the build pipeline?", {"series": "mobile-team", "history": True})
    assert mobile and {d["id"] for d in mobile} <= set(other.decision_ids)


def test_cli_ingests_a_folder_oldest_first_and_says_what_it_dated(tmp_path: Path) -> None:
    from api.cli.main import app

    # The CLI shares the test server with no wipe in between: sessions of its own.
    folder = _notes(tmp_path, prefix="cli-")
    runner = CliRunner()
    result = runner.invoke(app, ["ingest", str(folder), "--json"])
    assert result.exit_code == 0, result.output
    said = result.stderr
    assert said.index("cli-b-sync") < said.index("cli-a-sync")  # 2021-03-16 before 2021-03-23
    assert "dated 2021-03-23 (first heading), series 'platform' (folder)" in said
    assert "1 superseded" in said
    assert said.count("no date found in") == 1 and "cli-sdk" in said and "--date YYYY-MM-DD" in said
    stored = {d["summary"]: d for d in json.loads(result.stdout)}
    assert stored["We decided to keep the build pipeline on Jenkins for now."]["status"] == "superseded"
    assert stored["We decided to keep the build pipeline on Jenkins for now."]["decided_at"].startswith("2021-03-16")

    listed = runner.invoke(app, ["search", "build pipeline", "--series", "platform", "--history", "--json"])
    assert listed.exit_code == 0, listed.output
    hits = [h["decision"] for h in json.loads(listed.stdout)["hits"]]
    assert {d["decided_at"][:10] for d in hits} == {"2021-03-16", "2021-03-23"}
    assert all(d["source"]["session"].startswith("cli-") and d["source"]["series"] == "platform" for d in hits)
