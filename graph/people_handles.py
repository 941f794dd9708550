"""Move people stored under handles of the ASCII-only rule to the handles of the current one.

Until handles kept letters of every script, a handle kept only a-z and 0-9 of a name:
``Niklas Lindström`` was ``@niklas-lindstr-m`` and every name written wholly in another script
was ``@unknown``. ``schema apply`` moves such people and aliases to ``handle_for`` of their name,
but only where what is stored proves the name: a person keeps the name they were first
stored under (none when recorded by handle alone), an alias the name of the person it was,
and a message the name it was written under. A handle moves when the names that the old
rule turns into it all give one new handle; it is left as it is when they give several,
when it is ``@unknown`` (the first of many names is all it keeps, so whose decision is whose
cannot be told), or when another name already holds the new handle. Where a person of the
very same name holds it (stored since, under the current rule), the two are one person.

A handle left as it is stays so until what is stored changes, so the run that leaves it
notes why on it (``handle_left``) and a later run names it again only for another reason:
``schema apply`` run twice says nothing new the second time.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from graph.cypher import load_query
from graph.executor import QueryExecutor, Row
from nlp.schema import UNKNOWN_PERSON, handle_for


@dataclass(frozen=True)
class Holder:
    """A person (``person``) or an alias (``alias``) as stored: their handle, the name kept
    with it, if any, and why an earlier ``schema apply`` left the handle as it is, if it did."""

    kind: str
    handle: str
    name: str | None
    left: str | None = None


@dataclass(frozen=True)
class HandlePlan:
    """What to change: ``renames`` (old, new) take a free handle, ``merges`` (old, new) join a
    person of the same name; ``left`` (handle, why) stay as they are."""

    renames: tuple[tuple[str, str], ...] = ()
    merges: tuple[tuple[str, str], ...] = ()
    left: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class HandleMigration:
    """What ``schema apply`` did to people's handles: moved and merged (old, new) pairs, and
    the handles it left (handle, why) that no earlier run had left for that reason."""

    moved: tuple[tuple[str, str], ...] = ()
    merged: tuple[tuple[str, str], ...] = ()
    left: tuple[tuple[str, str], ...] = ()


def ascii_handle(name: str) -> str:
    """The handle the rule before Unicode handles made of ``name``: a-z and 0-9 only."""
    if name.startswith("@"):
        return name.lower()
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return f"@{slug}" if slug else UNKNOWN_PERSON


def plan_handles(holders: Sequence[Holder], speakers: Iterable[str]) -> HandlePlan:
    """The moves that bring ``holders`` to the current rule, from their names and the names
    messages were written under (``speakers``); see the module's docstring for the rule."""
    spoken: dict[str, set[str]] = defaultdict(set)
    for speaker in speakers:
        if speaker.strip():
            spoken[ascii_handle(speaker.strip())].add(speaker.strip())
    taken = {holder.handle for holder in holders}
    people = {holder.handle: holder.name for holder in holders if holder.kind == "person"}
    renames: list[tuple[str, str]] = []
    merges: list[tuple[str, str]] = []
    left: list[tuple[str, str]] = []
    for holder in sorted(holders, key=lambda h: (h.kind != "person", h.handle)):
        named = [form for form in _forms(holder.name) if ascii_handle(form) == holder.handle]
        # A handle written for a name ("record --by" stores the decider's handle as the
        # message's author) says nothing about the name.
        forms = [form for form in (*named, *sorted(spoken.get(holder.handle, ())))
                 if not form.lower() == holder.handle == handle_for(form)]
        targets = {handle_for(form) for form in forms}
        if not targets or targets == {holder.handle}:
            continue
        if holder.handle == UNKNOWN_PERSON:
            if holder.kind == "person":  # as an alias, someone has said whom it names (people merge)
                left.append((holder.handle, "the names of every person without a-z or 0-9 in it went by it; whose "
                                            "decision is whose cannot be told from what is stored"))
            continue
        if len(targets) > 1:
            left.append((holder.handle, f"its names give {len(targets)} handles: {', '.join(sorted(targets))}"))
            continue
        [target] = targets
        names = {_same(form) for form in forms if handle_for(form) == target}
        if target not in taken:
            renames.append((holder.handle, target))
            taken.add(target)
            if holder.kind == "person":
                people[target] = holder.name or forms[0]
        elif holder.kind == "person" and target in people and _same(people[target]) in names:
            merges.append((holder.handle, target))
        else:
            holder_of = people.get(target)
            who = f"{holder_of!r}" if holder_of else "another name or an alias"
            left.append((holder.handle, f"{target} is held by {who}"))
    return HandlePlan(tuple(renames), tuple(merges), tuple(left))


async def migrate_handles(executor: QueryExecutor) -> HandleMigration:
    """Bring people and aliases stored under handles of the ASCII-only rule to the current
    rule (idempotent: a second run finds nothing to move)."""
    rows = await executor.read(load_query("schema_people_names"))
    holders = [Holder(row["kind"], row["handle"], row["name"], row["left"]) for row in rows if row["kind"] != "speaker"]
    plan = plan_handles(holders, [row["name"] for row in rows if row["kind"] == "speaker"])
    left = [(holder, why) for handle, why in plan.left for holder in holders if holder.handle == handle]
    if {(h.kind, h.handle, why) for h, why in left} != {(h.kind, h.handle, h.left) for h in holders if h.left}:
        await executor.write(load_query("schema_note_left_handles"),
                             {"left": [{"kind": h.kind, "handle": h.handle, "why": why} for h, why in left]})
    moved: list[Row] = []
    merged: list[Row] = []
    if plan.renames:
        moved = await executor.write(load_query("schema_rehandle_people"),
                                     {"renames": [{"old": old, "new": new} for old, new in plan.renames]})
    if plan.merges:
        merged = await executor.write(load_query("schema_merge_rehandled_people"),
                                      {"merges": [{"old": old, "new": new} for old, new in plan.merges]})
    return HandleMigration(
        tuple((row["old"], row["new"]) for row in moved), tuple((row["old"], row["new"]) for row in merged),
        tuple(dict.fromkeys((h.handle, why) for h, why in left if h.left != why)),
    )


def _forms(name: str | None) -> tuple[str, ...]:
    """How a stored name may have been written when its handle was made: as it is, or, for a
    mention (stored without its "@"), as a handle."""
    if not name or not name.strip():
        return ()
    name = name.strip()
    return (name,) if name.startswith("@") else (name, f"@{name}")


def _same(name: str | None) -> str:
    """A name as compared: one spelling of its letters, case and spacing aside."""
    return unicodedata.normalize("NFC", " ".join((name or "").split())).casefold()
