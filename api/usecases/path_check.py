"""Which decisions govern the paths a change touches: ``check-diff``, GraphQL
``decisionsForPaths`` and MCP ``decisions_for_paths`` answer from here alike.

For each path: the current decisions affecting it (the file, or a directory holding it),
the decisions linked to them (what they superseded or revisited, and what revised them),
and the options they rejected that the change's added lines name again. Reads only.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from graph.executor import QueryExecutor
from graph.listing import DecisionListing, GoverningLink
from graph.reader import DecisionReader
from graph.records import DecisionRecord
from nlp.git_command import Change
from nlp.reintroduction import named_options
from nlp.schema import UNSCOPED_REPOSITORY

GOVERNING_STATUSES = ("active", "revisited")
"""Statuses that make a change to a path "governed" for ``--fail-on active`` (a proposed
decision is shown but does not govern yet)."""


@dataclass(frozen=True)
class Reintroduced:
    """A rejected option that an added line names again."""

    decision_id: str
    option: str
    term: str
    line: str


@dataclass(frozen=True)
class PathDecisions:
    """What governs one changed path.

    Attributes:
        governing: The current decisions affecting it, newest first.
        links: How each governing decision reaches the path (its id → the link).
        related: Decisions linked to those (superseded, revisited or revising them) that
            do not govern the path themselves.
        reintroduced: Rejected options the path's added lines name.
    """

    path: str
    governing: tuple[DecisionRecord, ...]
    related: tuple[DecisionRecord, ...]
    reintroduced: tuple[Reintroduced, ...]
    links: Mapping[str, GoverningLink] = field(default_factory=dict)

    @property
    def governed(self) -> bool:
        """An active (or revisited and kept) decision governs the path."""
        return any(d.status in GOVERNING_STATUSES for d in self.governing)


@dataclass(frozen=True)
class PathReport:
    """The answer for a whole change: every path it touches, and those decisions govern,
    within one repository (``repository``: its key, ``''`` for unscoped paths)."""

    paths: tuple[str, ...]
    governed: tuple[PathDecisions, ...]
    repository: str = UNSCOPED_REPOSITORY

    @property
    def any_governed(self) -> bool:
        return any(p.governed for p in self.governed)

    def any_touched(self, change: Change) -> bool:
        """An active decision governs a changed path by what the change touches there: every
        link but a manifest's whose library the change leaves alone (``untouched_library``),
        the gate of ``check-diff --fail-on active``."""
        return any(
            decision.status in GOVERNING_STATUSES
            and untouched_library(item.links.get(decision.id), change.changed_lines(item.path)) is None
            for item in self.governed for decision in item.governing
        )


_DECLARES = re.compile(r" declares (?P<library>.+?), which it ")
"""The library a manifest link rests on, as its evidence names it ("src/Gemfile declares
interactor, which it decides to use")."""


def untouched_library(link: GoverningLink | None, changed: Sequence[str]) -> str | None:
    """The library by which ``link`` governs a manifest, when none of the ``changed`` lines of
    that manifest names it: the change bumps or adds another dependency (a Dependabot "Bump
    rails" under a decision to use the interactor gem), so the decision is shown but does
    not gate the change. None for any other link, or when a changed line names the library."""
    if link is None or link.via != "manifest" or not link.evidence:
        return None
    declared = _DECLARES.search(link.evidence)
    if declared is None:
        return None
    library = declared.group("library")
    names = {library, re.split(r"[/:]", library)[-1]}
    said = [re.compile(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", re.IGNORECASE) for name in names if name]
    return None if any(pattern.search(line) for line in changed for pattern in said) else library


async def decisions_for_paths(
    executor: QueryExecutor, paths: Sequence[str], added: Mapping[str, Sequence[str]] | None = None,
    groups: Sequence[str] | None = None, repository: str = UNSCOPED_REPOSITORY, code: bool = True,
) -> PathReport:
    """The decisions that govern ``paths``; ``added`` maps a path to the lines a change adds
    to it (to find rejected options named again). Three reads however many paths, and no
    model loaded: a pre-commit hook stays quick.

    Args:
        groups: The reader's access groups; None reads without restriction.
        repository: The key of the repository the paths are in (``repositories.resolve_scope``).
        code: Read each decision's code links too (the JSON shape shows them); check-diff's
            text and markdown show none, and on a large repository they are most of the
            bytes read (232 KB of 250 for JabRef's 35-file commit).
    """
    wanted = tuple(dict.fromkeys(p.strip() for p in paths if p.strip()))
    reader = DecisionReader(executor)
    governing = await DecisionListing(executor).governing(wanted, groups, repository)
    ids = list(dict.fromkeys(link.decision_id for found in governing.values() for link in found))
    records = {r.id: r for r in await reader.decisions(ids, groups, code=code)} if ids else {}
    linked = [i for r in records.values() for i in _linked(r) if i not in records]
    related = {r.id: r for r in await reader.decisions(list(dict.fromkeys(linked)), groups, code=code)} if linked else {}
    out: list[PathDecisions] = []
    for path in wanted:
        links = {link.decision_id: link for link in governing.get(path, ()) if link.decision_id in records}
        mine = tuple(records[i] for i in links)
        if not mine:
            continue
        around = tuple(dict.fromkeys(related[i] for d in mine for i in _linked(d) if i in related))
        lines = (added or {}).get(path, ())
        back = tuple(
            Reintroduced(d.id, named.option, named.term, named.line)
            for d in mine
            for named in named_options(lines, [a.option for a in d.alternatives], d.summary)
        )
        out.append(PathDecisions(path, mine, around, back, links))
    return PathReport(wanted, tuple(out), repository)


def lines_for_every_path(paths: Sequence[str], lines: Sequence[str] | None) -> dict[str, tuple[str, ...]] | None:
    """``added`` for an edit not yet made: the lines an agent is about to write, for each path."""
    return {path: tuple(lines) for path in paths} if lines else None


def link_json(link: GoverningLink) -> dict[str, Any]:
    """How a decision reaches a changed path, for ``--format json`` and the other faces."""
    return {"decision": link.decision_id, "file": link.file, "via": link.via, "inferred": link.inferred,
            "confidence": link.confidence, "evidence": link.evidence, "commits": list(link.commits)}


def _linked(record: DecisionRecord) -> tuple[str, ...]:
    return (*record.supersedes, *record.revisits, *record.superseded_by, *record.revisited_by)


def path_report_json(report: PathReport) -> dict[str, Any]:
    """The report with every decision in the shared JSON shape."""
    # Imported here: check-diff's text and markdown answers need none of the shared shape.
    from api.usecases.json_shape import decision_record_json

    return {
        "repository": report.repository,
        "paths": list(report.paths),
        "governed": report.any_governed,
        "governed_paths": [
            {
                "path": item.path,
                "governed": item.governed,
                "governing": [decision_record_json(d) for d in item.governing],
                "links": [link_json(item.links[d.id]) for d in item.governing if d.id in item.links],
                "related": [decision_record_json(d) for d in item.related],
                "reintroduced": [
                    {"decision": r.decision_id, "option": r.option, "term": r.term, "line": r.line}
                    for r in item.reintroduced
                ],
            }
            for item in report.governed
        ],
    }
