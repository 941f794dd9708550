"""A conversation ingested with drafts remembers it (issue 45): a later ingest that does not
choose — a nightly run over the folder, a grown session file — stores what it finds as
drafts again and says so, instead of making the unreviewed drafts decisions; ``--no-drafts``
(``drafts=False``) stores the sure detections as decisions and is remembered too. Against the
real Neo4j, through the CLI and the Python API."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from api.cli.main import app
from api.journal import DecisionJournal
from api.usecases.requests import Caller
from api.usecases.review import confirm_draft, list_drafts
from graph.session_drafts import remembered_drafts_only
from tests.support.drafts import UNDATED_MEETING

SESSIONS = Path(__file__).parents[2] / "unit" / "nlp" / "sessions"
CLAUDE = SESSIONS / "7f3c2a10-5b1e-4c2d-9a7e-0c1d2e3f4a5b.jsonl"
KEPT = "drafts only, as this conversation was ingested before (--no-drafts to store its sure detections as decisions)"


def _cli(*args: str) -> Any:
    return asyncio.to_thread(CliRunner().invoke, app, list(args))


async def _statuses(journal: DecisionJournal, ids: list[str]) -> set[str]:
    return {record.status for record in await journal.services.reader.decisions(sorted(ids), drafts=True)}


async def test_a_plain_ingest_of_a_file_or_its_folder_keeps_the_drafts_until_no_drafts(
    journal: DecisionJournal, tmp_path: Path,
) -> None:
    folder = tmp_path / "meetings"
    folder.mkdir()
    meeting = folder / "chef-meeting.txt"
    meeting.write_text(UNDATED_MEETING, encoding="utf-8")
    drafted = await _cli("ingest", str(meeting), "--format", "transcript", "--drafts")
    assert drafted.exit_code == 0, drafted.output
    ids = [record.id for record in (await list_drafts(journal.services, session="chef-meeting")).drafts]
    assert len(ids) >= 4
    confirmed = ids[0]
    await confirm_draft(journal.services, confirmed, Caller("tester"))
    waiting = ids[1:]

    for again in (await _cli("ingest", str(meeting), "--format", "transcript"),
                  await _cli("ingest", str(folder), "--format", "transcript")):
        assert again.exit_code == 0, again.output
        assert "0 decisions found (0 new)" in again.stderr and KEPT in again.stderr, again.stderr
        assert await _statuses(journal, waiting) == {"candidate"}
        assert (await journal.get_decision(confirmed))["status"] == "active", "a confirmed draft stays a decision"
    review = await _cli("review", "chef-meeting")
    assert review.exit_code == 0 and all(draft in review.stdout for draft in waiting), review.output

    chosen = await _cli("ingest", str(meeting), "--format", "transcript", "--no-drafts")
    assert chosen.exit_code == 0, chosen.output
    assert KEPT not in chosen.stderr and f"({len(waiting)} new)" in chosen.stderr, chosen.stderr
    assert await _statuses(journal, ids) == {"active"}
    later = await _cli("ingest", str(folder), "--format", "transcript")
    assert KEPT not in later.stderr and "(0 new)" in later.stderr, later.stderr
    assert (await list_drafts(journal.services, session="chef-meeting")).total == 0


async def test_a_grown_session_file_ingested_plainly_stores_its_new_detections_as_drafts(
    journal: DecisionJournal, tmp_path: Path,
) -> None:
    lines = CLAUDE.read_bytes().splitlines(keepends=True)
    session = tmp_path / CLAUDE.name
    session.write_bytes(b"".join(lines[:4]))  # before the user decides (test_incremental_ingest)
    first = await _cli("ingest", str(session), "--drafts")
    assert first.exit_code == 0, first.output

    session.write_bytes(b"".join(lines))
    grown = await _cli("ingest", str(session))
    assert grown.exit_code == 0, grown.output
    assert "grown: read only" in grown.stderr and "1 draft to review" in grown.stderr and KEPT in grown.stderr, grown.stderr
    [draft] = (await list_drafts(journal.services, session=CLAUDE.stem)).drafts
    assert "Redis" in draft.summary
    review = await _cli("review", CLAUDE.stem)
    assert draft.id in review.stdout, review.output

    # --no-drafts on a file with nothing new is remembered all the same, for its next growth.
    assert await remembered_drafts_only(journal.services.executor, CLAUDE.stem) is True
    unchanged = await _cli("ingest", str(session), "--no-drafts")
    assert "unchanged since the last ingest" in unchanged.stderr, unchanged.stderr
    assert await remembered_drafts_only(journal.services.executor, CLAUDE.stem) is False


async def test_the_python_api_keeps_drafts_unless_told_drafts_false(journal: DecisionJournal, tmp_path: Path) -> None:
    chat = tmp_path / "db-api.txt"
    chat.write_text(UNDATED_MEETING, encoding="utf-8")
    drafted = await journal.ingest_session(chat, "transcript", "db-api", drafts=True)
    assert drafted.drafts >= 4 and drafted.drafts_only and not drafted.drafts_remembered

    plain = await journal.ingest_session(chat, "transcript", "db-api")
    assert (plain.drafts_only, plain.drafts_remembered) == (True, True)
    assert (plain.decisions_found, plain.new_decisions, plain.draft_ids) == (0, 0, drafted.draft_ids)
    assert {d["id"] for d in await journal.drafts("db-api")} == set(drafted.draft_ids)

    chosen = await journal.ingest_session(chat, "transcript", "db-api", drafts=False)
    assert (chosen.drafts_only, chosen.new_decisions) == (False, len(drafted.draft_ids))
    again = await journal.ingest_session(chat, "transcript", "db-api")
    assert (again.drafts_only, again.drafts_remembered, again.new_decisions) == (False, False, 0)
    assert await journal.drafts("db-api") == []


async def test_watch_keeps_a_session_ingested_with_drafts_drafts_as_it_grows(
    journal: DecisionJournal, tmp_path: Path,
) -> None:
    projects = tmp_path / "projects" / "-home-dev-shop"
    projects.mkdir(parents=True)
    session = projects / "watch-drafts.jsonl"
    lines = [line.replace(CLAUDE.stem.encode(), b"watch-drafts") for line in CLAUDE.read_bytes().splitlines(keepends=True)]
    session.write_bytes(b"".join(lines[:4]))
    first = await _cli("ingest", str(session), "--drafts")
    assert first.exit_code == 0, first.output

    session.write_bytes(b"".join(lines))
    watched = await _cli("watch", str(tmp_path / "projects"), "--once")
    assert watched.exit_code == 0, watched.output
    assert "watch-drafts: grown" in watched.stderr and "0 decisions found (0 new), 1 draft to review" in watched.stderr
    assert KEPT in watched.stderr, watched.stderr
    [draft] = (await list_drafts(journal.services, session="watch-drafts")).drafts
    assert "Redis" in draft.summary
