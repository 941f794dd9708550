"""Decisions back out as MADR files: one per decision, numbered in decision order, with
status, deciders and the supersede/amend/revisit links as relative links between files (and
an ADR its status names by file named by its exported file)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import PurePosixPath

from graph.records import DecisionRecord

_MADR_STATUS = {"active": "accepted", "revisited": "accepted", "proposed": "proposed", "rejected": "rejected",
                "deprecated": "deprecated", "superseded": "superseded"}


def madr_files(records: Sequence[DecisionRecord]) -> dict[str, str]:
    """File name → MADR text for ``records`` (links to decisions not exported are named by id)."""
    ordered = sorted(records, key=lambda r: (r.decided_at or r.recorded_at or datetime.min.replace(tzinfo=UTC),
                                             r.source_path or "", r.id))  # ADRs of one day in their files' order
    names = {r.id: f"{index:04d}-{_slug(r.summary)}.md" for index, r in enumerate(ordered, start=1)}
    files = {PurePosixPath(r.source_path).stem: names[r.id] for r in ordered if r.source_path}
    return {names[r.id]: _madr(r, names, files) for r in ordered}


def _madr(r: DecisionRecord, names: dict[str, str], files: dict[str, str]) -> str:
    def ref(decision_id: str) -> str:
        name = names.get(decision_id)
        return f"[{name[:-3]}]({name})" if name else f"`{decision_id}` (not exported)"

    status = _renamed(r.status_text, files) if r.status_text else _MADR_STATUS.get(r.status, r.status)  # its own words
    if r.superseded_by:
        status = "superseded by " + ", ".join(ref(i) for i in r.superseded_by)
    front = ["---", f"status: {status}"]
    if r.decided_at:  # never the day it was recorded: re-imported, that would become its date
        front.append(f"date: {r.decided_at.date().isoformat()}")
    for role, key in (("decider", "deciders"), ("consulted", "consulted"), ("informed", "informed")):
        people = [s.name or s.handle for s in r.stakeholders if s.role == role]
        if role == "decider" and not people and r.decision_maker:
            people = [r.decision_maker]
        if people:
            front.append(f"{key}: {', '.join(people)}")
    front.append("---")
    lines = [*front, f"# {_one_line(r.summary)}", ""]
    if r.context:
        lines += ["## Context and Problem Statement", "", r.context, ""]
    if r.alternatives:
        lines += ["## Considered Options", "", f"* {_one_line(r.summary)}", *(f"* {a.option}" for a in r.alternatives), ""]
    lines += ["## Decision Outcome", "", f'Chosen option: "{_one_line(r.summary)}"'
              + (f", because {r.rationale}" if r.rationale else "."), ""]
    consequences = [f"* Good, because {p}" for p in r.pros] + [f"* Bad, because {c}" for c in r.cons] \
        + [f"* Risk: {x}" for x in r.risks]
    if consequences:
        lines += ["### Consequences", "", *consequences, ""]
    with_reasons = [a for a in r.alternatives if a.pros or a.cons or a.why_not_chosen]
    if with_reasons:
        lines += ["## Pros and Cons of the Options", ""]
        for a in with_reasons:
            lines += [f"### {a.option}", "", *(f"* Good, because {p}" for p in a.pros), *(f"* Bad, because {c}" for c in a.cons),
                      *([f"* Not chosen: {a.why_not_chosen}"] if a.why_not_chosen else []), ""]
    more = [f"* Supersedes {ref(i)}" for i in r.supersedes] + [f"* Amends {ref(i)}" for i in r.amends] \
        + [f"* Amended by {ref(i)}" for i in r.amended_by] + [f"* Revisits {ref(i)}" for i in r.revisits] \
        + [f"* Revisited by {ref(i)}" for i in r.revisited_by] + [f"* Affects `{f}`" for f in r.files] \
        + [f"* Decision journal id: `{r.id}` (session `{r.session}`)"]
    lines += ["## More Information", "", *more, ""]
    return "\n".join(lines)


def _renamed(status: str, files: dict[str, str]) -> str:
    """The status with each exported ADR it names by its file ("Supersedes
    0005-unrevoking-licenses.rst") linked to that ADR's exported file, so import-adr finds it."""
    def link(match: re.Match[str]) -> str:
        name = files[match.group(1)]
        return f"[{name[:-3]}]({name})"

    stems = sorted((stem for stem in files if re.match(r"^(?:adr[-_]?)?\d+[-_]", stem, re.IGNORECASE)), key=len, reverse=True)
    if not stems:
        return status
    pattern = re.compile(rf"(?<![\w/.-])(?:[\w.-]+/)*({'|'.join(map(re.escape, stems))})(?:\.(?:md|rst))?(?![\w-])")
    return pattern.sub(link, status)


def _slug(text: str) -> str:
    words = re.sub(r"[^a-z0-9]+", "-", text.lower().split(":")[0]).strip("-")
    return words[:60].rstrip("-") or "decision"


def _one_line(text: str) -> str:
    return " ".join(text.split())
