"""A meeting log ingested, appended to and ingested again, in the real Neo4j: the re-read adds
only decisions anchored in the appended messages, nothing found again under another unit,
and a third read of the same file adds nothing (``api.usecases.re_read``)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from api.journal import DecisionJournal
from api.usecases.ingest import IngestReport
from api.usecases.requests import SourceRequest

# The first 24 one-line turns of the W3C JSON-LD Working Group's call of 2018-07-06 (w3c/json-ld-wg,
# _minutes/2018-07-06-json-ld.md; W3C Software and Document License), as scribed. Read whole, the
# first 15 are scored differently from the same 15 read alone: the whole read finds a decision in
# ChristopherA's "canonicality" remark (messages 10 and 12) that the read of the 15 passed over.
MINUTES = """\
Adam Soroka: No objections raised, minutes approved.
Rob Sanderson: +1 :)
Benjamin Young: TPAC discounted rate closing soon, but registration open for more months JSON-LD WG meeting is at the end of TPAC week, two full days planned
ChistopherA: On Monday July 16th there will be a hackathon for a Bitcoin reference impl many JSON-LD tools are Javascript-centric assistance for working with non-JS tools would be welcomed ChristopherA will forward an email to the JSON-LD lists.
ChristopherA: https://w3c-ccg.github.io/announcements/#btcr-virtual-hackathon-july-16-20-2018
ChristopherA: in particular need support for C, C++ or Go.
Benjamin Young: meeting times will remain the same for the near term for this call
ChristopherA: co-chair of the Credentials CG, board member for rebooting web of trust, working for Blockchain Commmons, co-author of SSL TLS
Benjamin Young: https://lists.w3.org/Archives/Public/public-json-ld-wg/2018Jul/0000.html
Rob Sanderson: > We follow our overall mission of making production and consumption of linked data as easy as possible for the widest variety of web developers, with or without any experience of the underlying graph models.
ChristopherA: JSON-LD in the absence of canonicality will not meet any of my use cases we should talk about that at this level of discussion,
ChristopherA: bigbluehat: Signing covers part of "canonicality" but there is more
Rob Sanderson: +1 to "bigger and beyond" :)
Benjamin Young: re: the phrase "web developers": there is some contention about what "web" means-- just the browser, or machine-to-machine as well?/ we want to be expansive and inclusive accepts suggestion to change to "developers"
Adam Soroka: ?
David Newbury: we need to find a balance
Gregg Kellogg: in 1.0, prioritization was on production, not consumption we chose to leave the complexity in the algorithms
Harold Solbrig: Does consumption of linked data constrain us to JSON-LD or not (or does it include YAML, et al)?
Benjamin Young: Our charter includes "JSON-LD 1.1 examples specified in YAML." in Other Deliverables https://www.w3.org/2018/03/jsonld-wg-charter.html#wg-other-deliverables
Rob Sanderson: re: production vs. consumption: we have a later principle that says optimize for production and consumption, not library developers. when we get there, we should revisit this
ChristopherA: https://w3c-dvcg.github.io/
Gregg Kellogg: Perhaps a TPAC meetup on it, which could lead to such a group.
Benjamin Young: would mixterj be able to lead a task force to look at round-tripping?
Jeff Mixter: sure can
"""
READ_FIRST = 15
"""Turns in the log when it was first ingested."""


async def _ingest(journal: DecisionJournal, how: str, log: Path, text: str) -> IngestReport:
    """Ingest ``text`` as the CLI does a file (``how`` ``file``) or as GraphQL's ``ingest`` does text."""
    if how == "file":
        log.write_text(text, encoding="utf-8")
        return await journal.ingest_session(log)
    return await journal.journal.ingest(SourceRequest(text=text, fmt="transcript", session=log.stem))


async def _anchors(journal: DecisionJournal, ids: list[str]) -> dict[str, tuple[int, ...]]:
    """Each stored decision or draft's anchor: the message(s) whose sentence states it."""
    records = await journal.services.reader.decisions(sorted(set(ids)), drafts=True, code=False)
    return {r.id: tuple(m.seq for m in r.stated_in if m.anchor) for r in records}


@pytest.mark.parametrize("how", ["file", "text"])
async def test_a_grown_meeting_log_adds_only_decisions_anchored_in_its_new_turns(
    journal: DecisionJournal, tmp_path: Path, how: str,
) -> None:
    lines = MINUTES.splitlines(keepends=True)
    log = tmp_path / f"json-ld-{how}.txt"
    first = await _ingest(journal, how, log, "".join(lines[:READ_FIRST]))
    assert first.new_messages == READ_FIRST
    before = await _anchors(journal, first.decision_ids)

    grown = await _ingest(journal, how, log, MINUTES)
    assert grown.new_messages == len(lines) - READ_FIRST
    after = await _anchors(journal, [*first.decision_ids, *grown.decision_ids])
    added = {i: anchor for i, anchor in after.items() if i not in before}
    assert added, "the appended turns state a decision of their own"
    assert all(anchor and min(anchor) >= READ_FIRST for anchor in added.values()), (
        f"a decision anchored in a turn read before was added: {added}"
    )
    assert all(n == 1 for n in Counter(seq for anchor in after.values() for seq in anchor).values()), (
        f"one turn anchors two decisions: {after}"
    )

    again = await _ingest(journal, how, log, MINUTES)
    assert (again.new_messages, again.new_decisions) == (0, 0)
    stored = await journal.search_decisions("", {"session": log.stem, "history": True, "drafts": True, "limit": 50})
    assert {d["id"] for d in stored} == set(after), "reading the grown log again changes nothing"
