"""Drafts (status candidate) stay out of every default read, come back only when asked for,
and a review confirms one into a linked decision or rejects it into a label; both survive
re-ingesting the same input. Against the real Neo4j, through the product's own use cases."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from api.journal import DecisionJournal
from api.usecases.backup import export_jsonl
from api.usecases.events import EXTRACTED, INDEXED
from api.usecases.impact import impact_json
from api.usecases.path_check import decisions_for_paths
from api.usecases.requests import Caller
from api.usecases.review import confirm_draft, list_drafts, reject_draft, review_labels
from api.usecases.search import search_decisions
from graph.errors import DecisionNotFound, DraftNotFound
from graph.filters import DecisionFilter
from graph.listing import AggregateBy, DecisionOrder
from tests.support.cypher import support_query
from tests.support.drafts import CHATTER, MARCH, SEPTEMBER, UNDATED_MEETING, ingest_as_decisions, ingest_as_drafts

ME = Caller("tester")


async def _march_and_september_draft(journal: DecisionJournal) -> tuple[str, str]:
    march = await ingest_as_decisions(journal.services.ingest, MARCH, "db-march", ["eng"])
    september = await ingest_as_drafts(journal.services.ingest, SEPTEMBER, "db-september", ["eng"])
    assert (september.drafts, september.decisions_found, september.new_decisions, september.revisited) == (1, 0, 0, 0)
    return march.decision_ids[0], september.draft_ids[0]


async def _ids_searched(j: DecisionJournal, drafts: bool) -> set[str]:
    found = await search_decisions(j.services, "keep PostgreSQL add Redis caching", DecisionFilter(include_drafts=drafts))
    return {hit.record.id for hit in found.hits}


async def _ids_listed(j: DecisionJournal, drafts: bool) -> set[str]:
    page = await j.services.listing.page(DecisionFilter(include_history=True, include_drafts=drafts), DecisionOrder.NEWEST)
    return set(page.ids)


async def _ids_in_session(j: DecisionJournal, drafts: bool) -> set[str]:
    page = await j.services.listing.page(DecisionFilter(session="db-september", include_drafts=drafts))
    return set(page.ids)


async def _ids_counted(j: DecisionJournal, drafts: bool) -> set[str]:
    buckets = await j.services.listing.aggregate(DecisionFilter(include_history=True, include_drafts=drafts), AggregateBy.STATUS)
    return {"candidate"} if any(b.key == "candidate" for b in buckets) else set()


async def _ids_read_by_id(j: DecisionJournal, drafts: bool) -> set[str]:
    ids = [row["id"] for row in await j.services.executor.read(support_query("testing_decision_ids"))]
    return {r.id for r in await j.services.reader.decisions(ids, drafts=drafts)}


async def _ids_exported(j: DecisionJournal, drafts: bool) -> set[str]:
    out = io.StringIO()
    await export_jsonl(j.services.executor, out, drafts)
    return {json.loads(line)["id"] for line in out.getvalue().splitlines()}


async def _ids_in_journal_search(j: DecisionJournal, drafts: bool) -> set[str]:
    return {d["id"] for d in await j.search_decisions("Redis caching", {"drafts": drafts, "history": True})}


READS: dict[str, Callable[[DecisionJournal, bool], Awaitable[set[str]]]] = {
    "search": _ids_searched,
    "timeline and listings": _ids_listed,
    "a session's decisions": _ids_in_session,
    "aggregate counts": _ids_counted,
    "reads by id": _ids_read_by_id,
    "jsonl export": _ids_exported,
    "the Python API's search": _ids_in_journal_search,
}


async def test_a_draft_is_out_of_every_default_read_and_in_when_asked(journal: DecisionJournal) -> None:
    march, draft = await _march_and_september_draft(journal)
    for read, ids in READS.items():
        without, asked = await ids(journal, False), await ids(journal, True)
        assert draft not in without and "candidate" not in without, f"{read} shows a draft by default"
        assert draft in asked or "candidate" in asked, f"{read} leaves the draft out when asked for drafts"
        if read in {"timeline and listings", "reads by id", "jsonl export"}:
            assert march in without and march in asked, f"{read} lost the decision"


async def test_a_draft_relates_to_nothing_and_governs_nothing(journal: DecisionJournal) -> None:
    march, draft = await _march_and_september_draft(journal)
    assert (await journal.get_decision(march))["status"] == "active", "a draft neither revisits nor supersedes"
    assert (await journal.get_decision_chain(march))["revisions"] == []
    with pytest.raises(DecisionNotFound):
        await journal.get_decision_chain(draft)
    with pytest.raises(DecisionNotFound):
        await journal.get_decision(draft)
    assert (await journal.get_decision(draft, drafts=True))["status"] == "candidate", "opened by id when asked"
    executor = journal.services.executor
    assert (await impact_json(executor, "services/cache/", include_history=True))["total"] == 0
    assert not (await decisions_for_paths(executor, ["services/cache/redis.conf"])).any_governed
    with pytest.raises(DecisionNotFound):
        await journal.link_superseding_decision(march, draft, "by hand")
    assert (await journal.get_decision(march))["status"] == "active"


async def test_confirm_makes_a_linked_decision_as_ingest_would(journal: DecisionJournal) -> None:
    march, draft = await _march_and_september_draft(journal)
    seen: list[tuple[str, dict[str, Any]]] = []
    for event in (EXTRACTED, INDEXED):
        journal.on(event, lambda name, data: seen.append((name, data)))
    [queued] = (await list_drafts(journal.services, "db-september")).drafts
    assert queued.id == draft and queued.status == "candidate"
    assert [m.anchor for m in queued.stated_in].count(True) == 1

    confirmed = await confirm_draft(journal.services, draft, ME, "We keep PostgreSQL and add Redis for caching.")
    record = confirmed.record
    assert (record.status, record.summary) == ("active", "We keep PostgreSQL and add Redis for caching.")
    assert confirmed.revisited == 1 and record.revisits == (march,), "the earlier decision on its subject, at confirm time"
    assert (await journal.get_decision(march))["status"] == "revisited"
    assert record.files == ("services/cache/",) and record.decision_maker == "@alice"
    assert [name for name, _ in seen] == [EXTRACTED, INDEXED] and seen[0][1]["decision_id"] == draft
    # Linked as a decision now: search (its vector and text), impact, the chain, the queue.
    assert draft in await _ids_searched(journal, False)
    assert (await impact_json(journal.services.executor, "services/cache/"))["total"] == 1
    assert [r["id"] for r in (await journal.get_decision_chain(march))["revisions"]] == [draft]
    assert (await list_drafts(journal.services)).total == 0
    [label] = await review_labels(journal.services.executor)
    assert (label.verdict, label.is_decision, label.decision_id, label.reviewer) == ("confirmed", True, draft, "tester")
    assert label.sentence == "We keep PostgreSQL and add Redis for caching." and label.proposed != label.sentence
    assert label.message_texts[label.anchor or 0].startswith("Decision: we keep PostgreSQL")
    assert (label.session_id, label.source_format, label.source_kind) == ("db-september", "transcript", "chat")

    # The same input again: it stays confirmed, with the edited sentence, and is not a draft again.
    again = await ingest_as_drafts(journal.services.ingest, SEPTEMBER, "db-september", ["eng"])
    assert again.new_decisions == 0
    kept = await journal.get_decision(draft)
    assert (kept["status"], kept["summary"], kept["files"]) == ("active", "We keep PostgreSQL and add Redis for caching.",
                                                                ["services/cache/"])
    assert (await list_drafts(journal.services)).total == 0


async def test_reject_removes_the_draft_keeps_a_label_and_survives_reingest(journal: DecisionJournal) -> None:
    report = await ingest_as_drafts(journal.services.ingest, CHATTER, "retro", ["eng"])
    [draft] = report.draft_ids
    messages_before = len(await journal.get_messages_of("retro"))
    verdict = await reject_draft(journal.services, draft, ME, "not a team decision")
    assert verdict.reason == "not a team decision"
    ids = [row["id"] for row in await journal.services.executor.read(support_query("testing_decision_ids"))]
    assert draft not in ids, "the Decision node is gone"
    assert len(await journal.get_messages_of("retro")) == messages_before, "its messages stay"
    [label] = await review_labels(journal.services.executor)
    assert (label.verdict, label.is_decision, label.reason, label.summary) == ("rejected", False, "not a team decision", None)
    assert "pizza" in label.sentence and any("pizza" in text for text in label.message_texts)

    again = await ingest_as_drafts(journal.services.ingest, CHATTER, "retro", ["eng"])
    assert again.decision_ids == [draft] and again.drafts == 0, "found again under its id, and nothing to review"
    assert (await list_drafts(journal.services)).total == 0, "a rejected draft does not come back"
    with pytest.raises(DraftNotFound):
        await reject_draft(journal.services, draft, ME)
    with pytest.raises(DraftNotFound):
        await confirm_draft(journal.services, draft, ME)


async def test_the_queue_and_the_verdicts_keep_to_the_reviewers_groups(journal: DecisionJournal) -> None:
    _, draft = await _march_and_september_draft(journal)
    outsider = Caller("sales-person", ("sales",))
    assert (await list_drafts(journal.services, groups=("sales",))).total == 0
    assert (await list_drafts(journal.services, "db-september", groups=("sales",))).drafts == []
    with pytest.raises(DraftNotFound):
        await confirm_draft(journal.services, draft, outsider)
    with pytest.raises(DraftNotFound):
        await reject_draft(journal.services, draft, outsider)
    assert (await list_drafts(journal.services, groups=("eng",))).total == 1, "nothing changed"
    confirmed = await confirm_draft(journal.services, draft, Caller("eng-person", ("eng",)))
    assert confirmed.record.status == "active"
    assert await review_labels(journal.services.executor, ("sales",)) == []
    assert len(await review_labels(journal.services.executor, ("eng",))) == 1


async def test_a_draft_found_again_as_a_decision_becomes_one_and_a_decision_never_becomes_a_draft(
    journal: DecisionJournal,
) -> None:
    march, draft = await _march_and_september_draft(journal)
    promoted = await ingest_as_decisions(journal.services.ingest.drafting(False), SEPTEMBER, "db-september", ["eng"])
    assert promoted.decision_ids == [draft] and promoted.new_decisions == 1 and promoted.revisited == 1
    assert (await journal.get_decision(draft))["files"] == ["services/cache/"]
    demoted = await ingest_as_drafts(journal.services.ingest, SEPTEMBER, "db-september", ["eng"])
    assert demoted.new_decisions == 0
    kept = await journal.get_decision(draft)
    assert (kept["status"], kept["files"], kept["revisits"]) == ("active", ["services/cache/"], [march])
    assert (await list_drafts(journal.services)).total == 0


async def test_prune_blanks_a_labels_copy_of_the_text_it_removes(journal: DecisionJournal) -> None:
    from datetime import UTC, datetime, timedelta

    from graph.retention import MessageRetention

    old_chatter = CHATTER.replace("2024-09-21", "2019-09-21")
    [draft] = (await ingest_as_drafts(journal.services.ingest, old_chatter, "old-retro")).draft_ids
    await reject_draft(journal.services, draft, ME, "small talk")
    [kept] = await review_labels(journal.services.executor)
    assert any("pizza" in text for text in kept.message_texts)
    assert await MessageRetention(journal.services.executor).prune(datetime.now(UTC) - timedelta(days=730)) == 2
    [label] = await review_labels(journal.services.executor)
    assert label.message_texts == ("",) * len(kept.message_texts) and "pizza" in label.sentence
    assert label.message_ids == kept.message_ids and label.reason == "small talk"


async def test_the_cli_lists_reviews_one_by_one_and_searches_drafts_only_when_asked(journal: DecisionJournal) -> None:
    import asyncio

    from typer.testing import CliRunner

    from api.cli.main import app

    def cli(*args: str, input: str | None = None) -> Any:
        return asyncio.to_thread(CliRunner().invoke, app, list(args), input=input)

    march, draft = await _march_and_september_draft(journal)
    [aside] = (await ingest_as_drafts(journal.services.ingest, CHATTER, "retro", ["eng"])).draft_ids
    listed = await cli("review", "db-september")
    assert listed.exit_code == 0, listed.output
    assert draft in listed.stdout and "proposed: " in listed.stdout and "about: " in listed.stdout
    anchor = [line for line in listed.stdout.splitlines() if line.startswith("  > ")]
    assert len(anchor) == 1 and "we keep PostgreSQL" in anchor[0]
    shown = json.loads((await cli("review", "--json")).stdout)
    assert {d["id"] for d in shown} == {draft, aside} and all(d["status"] == "candidate" for d in shown)
    assert draft not in (await cli("search", "keep PostgreSQL and add Redis", "--json")).stdout
    assert draft in (await cli("search", "keep PostgreSQL and add Redis", "--drafts", "--json")).stdout

    # One by one: edit then confirm the first (oldest), reject the second with a reason.
    done = await cli("review", "interactive", input="e\nWe keep PostgreSQL and add Redis.\nr\nsmall talk\n")
    assert done.exit_code == 0, done.output
    assert "1 confirmed, 1 rejected, 0 skipped" in done.output
    assert (await journal.get_decision(draft))["summary"] == "We keep PostgreSQL and add Redis."
    labels = json.loads((await cli("review", "labels", "--json")).stdout)
    assert [(label["verdict"], label["reason"]) for label in labels] == [("confirmed", None), ("rejected", "small talk")]
    assert labels[0]["reviewer"].startswith("cli:")
    missing = await cli("review", "confirm", aside)
    assert missing.exit_code == 1 and "no draft awaiting review" in missing.output


async def test_a_confirmed_draft_states_its_paths_in_its_sessions_repository(journal: DecisionJournal) -> None:
    from api.usecases.in_repository import InRepository

    shop = "github.com/acme/shop"
    [draft] = (await ingest_as_drafts(journal.services.ingest, SEPTEMBER, "shop-sync", repository=InRepository(shop))).draft_ids
    executor = journal.services.executor
    assert (await impact_json(executor, "services/cache/", repository=shop))["total"] == 0
    await confirm_draft(journal.services, draft, ME)
    assert [d["id"] for d in (await impact_json(executor, "services/cache/", repository=shop))["decisions"]] == [draft]
    assert (await impact_json(executor, "services/cache/"))["total"] == 0, "not a path of no repository"


async def test_ingest_with_drafts_keeps_every_detection_for_review_and_no_drafts_makes_them_decisions(
    journal: DecisionJournal, tmp_path: Any
) -> None:
    """`ingest --drafts` is for a source not trusted yet: what it finds waits in the review
    queue, out of search and listings; ingested again with `--no-drafts`, as any draft found
    again as a decision, it becomes one (a plain ingest keeps it a draft:
    test_drafts_remembered)."""
    import asyncio

    from typer.testing import CliRunner

    from api.cli.main import app

    def cli(*args: str) -> Any:
        return asyncio.to_thread(CliRunner().invoke, app, list(args))

    chat = tmp_path / "db-chat.txt"
    chat.write_text(MARCH, encoding="utf-8")
    drafted = await cli("ingest", str(chat), "--format", "transcript", "--session", "db-chat", "--drafts")
    assert drafted.exit_code == 0, drafted.output
    assert "0 decisions found" in drafted.output
    queued = await list_drafts(journal.services, session="db-chat")
    ids = {record.id for record in queued.drafts}
    assert f"{len(ids)} {'draft' if len(ids) == 1 else 'drafts'} to review" in drafted.output
    assert ids and {record.status for record in queued.drafts} == {"candidate"}
    listed = await journal.services.listing.page(DecisionFilter(session="db-chat"))
    assert not set(listed.ids) & ids
    searched = await search_decisions(journal.services, "PostgreSQL primary database", DecisionFilter())
    assert not {hit.record.id for hit in searched.hits} & ids

    plain = await cli("ingest", str(chat), "--format", "transcript", "--session", "db-chat", "--no-drafts")
    assert plain.exit_code == 0, plain.output
    assert {record.status for record in await journal.services.reader.decisions(sorted(ids))} == {"active"}
    assert (await list_drafts(journal.services, session="db-chat")).total == 0


async def test_the_python_api_ingests_as_drafts_and_a_stated_decision_stays_one(journal: DecisionJournal, tmp_path: Any) -> None:
    """``ingest_session(drafts=True)`` is the API's ``ingest --drafts``: detections wait for
    review; a decision document's decisions are not detections and stay decisions."""
    chat = tmp_path / "db-api.txt"
    chat.write_text(MARCH, encoding="utf-8")
    drafted = await journal.ingest_session(chat, "transcript", "db-api", drafts=True)
    assert (drafted.decisions_found, drafted.new_decisions) == (0, 0) and drafted.drafts >= 1
    assert {d["id"] for d in await journal.drafts("db-api")} == set(drafted.draft_ids)

    document = tmp_path / "decisions.md"
    document.write_text("# Decisions\n\n## Decision 1: PostgreSQL for the orders store\n\n**Context:** Orders and "
                        "payments change together.\n\n**Selected Approach:** PostgreSQL, one transaction per order.\n",
                        encoding="utf-8")
    stated = await journal.ingest_session(document, "decision-doc", "doc-api", drafts=True)
    assert (stated.drafts, stated.new_decisions) == (0, 1)

    plain = await journal.ingest_session(chat, "transcript", "db-api", drafts=False)
    assert plain.decision_ids == drafted.draft_ids and plain.new_decisions == len(drafted.draft_ids)
    assert await journal.drafts("db-api") == []


async def test_the_review_queue_is_in_conversation_order_on_every_face(journal: DecisionJournal) -> None:
    """Oldest first means the meeting's order when its drafts share a time: by where each
    one's anchor message stands, not by id (the CLI, the Python API, GraphQL and MCP all
    read the queue through ``list_drafts``)."""
    import asyncio

    from typer.testing import CliRunner

    from api.cli.main import app

    report = await ingest_as_drafts(journal.services.ingest, UNDATED_MEETING, "undated-sync")
    queued = (await list_drafts(journal.services, session="undated-sync")).drafts
    anchors = [next(m.seq for m in record.stated_in if m.anchor) for record in queued]
    assert len(queued) >= 4 and anchors == sorted(anchors), anchors
    listed = [record.id for record in queued]
    assert listed != sorted(listed), "the ids' order would pass by chance"
    assert set(listed) == set(report.draft_ids)

    shown = await asyncio.to_thread(CliRunner().invoke, app, ["review", "undated-sync", "--json"])
    assert shown.exit_code == 0, shown.output
    assert [d["id"] for d in json.loads(shown.stdout)] == listed
    assert [d["id"] for d in await journal.drafts("undated-sync")] == listed


async def test_ingest_with_drafts_says_when_a_file_states_no_date(journal: DecisionJournal, tmp_path: Any) -> None:
    import asyncio

    from typer.testing import CliRunner

    from api.cli.main import app

    meeting = tmp_path / "undated-drafts.txt"
    meeting.write_text(UNDATED_MEETING, encoding="utf-8")
    drafted = await asyncio.to_thread(
        CliRunner().invoke, app, ["ingest", str(meeting), "--format", "transcript", "--drafts"])
    assert drafted.exit_code == 0, drafted.output
    assert re.search(r"\b\d+ drafts? to review", drafted.stderr), drafted.stderr
    assert ("no date found in undated-drafts: their drafts are dated by when they were ingested; "
            "give the meeting's day with --date YYYY-MM-DD") in drafted.stderr
