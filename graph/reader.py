"""Read decisions and their chains."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from graph.cypher import load_query
from graph.errors import DecisionNotFound
from graph.executor import QueryExecutor
from graph.filters import hidden_statuses
from graph.records import ChainLink, DecisionChain, DecisionRecord
from graph.temporal import instant

_EARLIEST = datetime.min.replace(tzinfo=UTC)


class DecisionReader:
    """Decisions by id and the chains they belong to."""

    def __init__(self, executor: QueryExecutor) -> None:
        self._executor = executor

    async def decisions(
        self, ids: Sequence[str], groups: Sequence[str] | None = None, drafts: bool = False, code: bool = True,
    ) -> list[DecisionRecord]:
        """The decisions with these ids, in the order asked; unknown ids are left out.

        Args:
            ids: Decision ids.
            groups: The reader's access groups; None reads without restriction. Decisions
                the reader may not see are left out, exactly like unknown ids.
            drafts: Also drafts (``candidate``); without it a draft's id reads as unknown,
                since a draft is never presented as a decision.
            code: With each decision's code links (``DecisionRecord.code`` and ``files``);
                False reads them as none, for a reader that shows none.
        """
        members = await self._members(list(ids), groups, code=code)
        by_id = {
            member["id"]: DecisionRecord.from_row(member)
            for member in members if member["visible"] and not _hidden(member, drafts)
        }
        return [by_id[i] for i in ids if i in by_id]

    async def decision(self, decision_id: str, groups: Sequence[str] | None = None, drafts: bool = False) -> DecisionRecord:
        """One decision (or, with ``drafts``, a draft).

        Raises:
            DecisionNotFound: No such id, the reader may not see it, or it is a draft and
                ``drafts`` is off.
        """
        found = await self.decisions([decision_id], groups, drafts)
        if not found:
            raise DecisionNotFound(decision_id)
        return found[0]

    async def chain(
        self, decision_id: str, as_of: datetime | None = None, groups: Sequence[str] | None = None
    ) -> DecisionChain:
        """The chain ``decision_id`` belongs to, correct from any member.

        Args:
            decision_id: Any decision of the chain.
            as_of: Read the chain as it stood then: later decisions and links are left out.
            groups: The reader's access groups (None: unrestricted). Members outside them
                appear redacted and are listed in ``DecisionChain.hidden``.

        Raises:
            DecisionNotFound: No such id, the reader may not see it, or (with ``as_of``)
                it did not exist yet.
        """
        found = await self._executor.read(
            load_query("decision_chain"), {"chain_of": decision_id, "groups": list(groups) if groups is not None else None,
                                           "with_code": True})
        rows: list[dict[str, Any]] = list(found[0]["decisions"]) if found else []
        _count_earlier(rows)
        # A draft relates to nothing until it is confirmed: it has no chain.
        if not any(row["id"] == decision_id and row["visible"] and not _hidden(row) for row in rows):
            raise DecisionNotFound(decision_id)
        times = {row["id"]: instant(row["at"]) or _EARLIEST for row in rows}
        if as_of is not None:
            rows = [row for row in rows if times[row["id"]] <= as_of]
            if not any(row["id"] == decision_id for row in rows):
                raise DecisionNotFound(decision_id, as_of.date())
        members = {row["id"] for row in rows}
        hidden = frozenset(row["id"] for row in rows if not row["visible"])
        links = [
            # A link's reason may quote a hidden decision, so it goes with it.
            ChainLink(link["type"], row["id"], link["to"], instant(link["at"]),
                      None if {row["id"], link["to"]} & hidden else link["reason"], link["partial"],
                      link["outcome"], link["inferred"], link["confidence"])
            for row in rows
            for link in row["links"]
            if link["to"] in members
        ]
        return self._assemble(rows, links, times, hidden)

    async def found(
        self, search: Mapping[str, object], groups: Sequence[str] | None = None
    ) -> list[tuple[DecisionRecord, Mapping[str, Any]]]:
        """A search's hits, best first, each with what ``decisions_by_ids`` says of how it was
        found (``rank``, ``score``, ``by``).

        Args:
            search: The ``$search`` map of ``decisions_by_ids``: query embedding, full-text
                ranking, fusion weights, filters and limit (``graph.search`` builds it).
            groups: The reader's access groups; None reads without restriction.
        """
        members = await self._members([], groups, search)
        hits = sorted((m for m in members if m["visible"] and m["found"] is not None), key=lambda m: m["found"]["rank"])
        return [(DecisionRecord.from_row(m), m["found"]) for m in hits]

    async def _members(
        self, ids: list[str], groups: Sequence[str] | None,
        search: Mapping[str, object] | None = None, code: bool = True,
    ) -> list[dict[str, Any]]:
        params = {"ids": ids, "search": dict(search) if search is not None else None,
                  "groups": list(groups) if groups is not None else None, "with_code": code}
        rows = await self._executor.read(load_query("decisions_by_ids"), params)
        return list(rows[0]["decisions"]) if rows else []

    @staticmethod
    def _assemble(
        rows: list[dict[str, Any]], links: list[ChainLink], times: dict[str, Any], hidden: frozenset[str]
    ) -> DecisionChain:
        ordered = sorted((row["id"] for row in rows), key=lambda i: (times[i], i))
        records = {row["id"]: DecisionRecord.from_row(row) for row in rows if row["visible"]}
        records.update({i: DecisionRecord.redacted(i) for i in hidden})
        replacing = {link.source for link in links}  # decisions that supersede or revisit another
        replaced = {link.target for link in links}  # decisions something newer supersedes or revisits
        roots = [i for i in ordered if i not in replacing] or ordered[:1]
        heads = [i for i in ordered if i not in replaced] or ordered[-1:]
        original = roots[0]
        current = heads[-1]
        return DecisionChain(
            original=records[original],
            revisions=tuple(records[i] for i in ordered if i != original),
            current=records[current],
            branches=tuple(records[i] for i in heads) if len(heads) > 1 else (),
            links=tuple(sorted(links, key=lambda link: (times[link.source], link.source))),
            hidden=hidden,
        )


def read_members(
    members: Sequence[dict[str, Any]], ids: Sequence[str], drafts: bool = False,
) -> tuple[list[DecisionRecord], dict[str, DecisionRecord]]:
    """From the members a query read in the shape of ``decision_shape``: the decisions of
    ``ids`` a read by id gives (visible; drafts only with ``drafts``), in order, and every
    member such a read gives without drafts, by id (what those decisions link to)."""
    rows = {member["id"]: member for member in members if member["visible"]}
    records = {i: DecisionRecord.from_row(row) for i, row in rows.items()}
    asked = [records[i] for i in ids if i in rows and not _hidden(rows[i], drafts)]
    return asked, {i: records[i] for i, row in rows.items() if not _hidden(row)}


def _hidden(member: dict[str, Any], drafts: bool = False) -> bool:
    """Whether a read by id leaves out this visible member: a draft, unless drafts are asked
    for (by id, history is always readable). The same rule as every filtered read's."""
    return member["detail"]["decision"].get("status") in hidden_statuses(include_history=True, include_drafts=drafts)


CHAIN_STEPS = 50
"""Steps a chain is read across, from its asked member and back from each member."""


def _count_earlier(rows: list[dict[str, Any]]) -> None:
    """Set how many decisions precede each visible member of a chain: those its SUPERSEDES
    and REVISITS links reach within ``CHAIN_STEPS`` steps, as ``decisions_by_ids`` counts
    them for a decision read alone (a member past the chain's window is counted, not
    followed)."""
    older = {row["id"]: [link["to"] for link in row["links"]] for row in rows}
    for row in rows:
        if not row["visible"]:
            continue
        seen: set[str] = set()
        frontier = {row["id"]}
        for _ in range(CHAIN_STEPS):
            frontier = {o for i in frontier for o in older.get(i, ()) if o not in seen}
            if not frontier:
                break
            seen |= frontier
        row["detail"]["earlier"] = len(seen)
