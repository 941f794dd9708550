"""The decisions that govern the files an agent is about to edit, in a form it can use as it
is: each with what was chosen, why, and the options it rejected and why they lost (issue 46,
part 4). ``pre --path``, MCP ``pre_decision`` and the Claude Code pre-edit hook answer from
here; the reading itself is ``path_check.decisions_for_paths`` (check-diff's)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

from api.usecases.path_check import PathDecisions, decisions_for_paths
from api.usecases.when import when_decided
from graph.executor import QueryExecutor
from graph.listing import GoverningLink
from graph.records import DecisionRecord
from nlp.git_command import GitError
from nlp.plural import plural
from nlp.repository import identify_repository

MAX_PER_PATH = 5
"""Decisions shown per file at most, newest first: an agent's context is not a report."""
_REASON_CHARS = 240


class RejectedJson(TypedDict):
    option: str
    why_not_chosen: str | None


class LinkJson(TypedDict):
    via: str
    inferred: bool
    confidence: float | None
    evidence: str | None


class GoverningJson(TypedDict):
    id: str
    summary: str
    status: str
    decided_at: str | None
    recorded_at: str | None
    rationale: str | None
    rejected: list[RejectedJson]
    link: LinkJson | None
    session: str | None
    source_path: str | None


class ReintroducedJson(TypedDict):
    decision: str
    option: str
    line: str


class PathGovernanceJson(TypedDict):
    path: str
    decisions: list[GoverningJson]
    reintroduced: list[ReintroducedJson]


class GovernanceJson(TypedDict):
    repository: str
    paths: list[PathGovernanceJson]


@dataclass(frozen=True)
class LocatedPaths:
    """Paths an agent named, said within one repository.

    Attributes:
        checkout: The git checkout they lie in on this machine, when one was found.
        paths: Each path relative to that checkout's top (as given when none was found).
    """

    checkout: Path | None
    paths: tuple[str, ...]


def locate_paths(named: Sequence[str], cwd: Path) -> LocatedPaths:
    """Say ``named`` within a repository: a path (absolute, or relative to ``cwd``) that lies
    in a git checkout of this machine becomes relative to its top, the checkout of the first
    such path being the one meant; other paths are taken as repository-relative already."""
    checkout: Path | None = None
    out: list[str] = []
    for text in named:
        given = Path(text).expanduser()
        full = given if given.is_absolute() else cwd / given
        root = checkout or _checkout_of(full)
        inside = _inside(full, root) if root is not None else None
        if inside is not None:
            checkout = root
            out.append(inside)
        else:
            out.append(text.removeprefix("./"))
    return LocatedPaths(checkout, tuple(dict.fromkeys(p for p in out if p)))


async def governing_decisions(
    executor: QueryExecutor, paths: Sequence[str], repository: str, added: Mapping[str, Sequence[str]] | None = None,
    groups: Sequence[str] | None = None,
) -> GovernanceJson:
    """The current decisions governing each of ``paths`` (repository-relative, in the
    repository keyed ``repository``), with their rejected options, and the rejected options
    that ``added`` (the lines about to be written, per path) name again. Paths no decision
    governs are left out."""
    report = await decisions_for_paths(executor, paths, added, groups, repository)
    return {"repository": repository, "paths": [_path_json(item) for item in report.governed]}


def governance_lines(report: GovernanceJson) -> list[str]:
    """The answer as short lines a person or an agent reads: per file, each decision with
    its reason, the options it rejected and why, and any rejected option the edit names again."""
    lines: list[str] = []
    for item in report["paths"]:
        lines.append(f"{item['path']} is governed by {plural(len(item['decisions']), 'decision')}:")
        for decision in item["decisions"]:
            when = when_decided(decision["decided_at"], decision["recorded_at"])
            how = _how(decision["link"])
            lines.append(f"- {decision['summary']} [{decision['id']}, {decision['status']}{', ' + when if when else ''}{how}]")
            if decision["rationale"] and not _said(decision["rationale"], decision["summary"]):
                lines.append(f"  why: {_short(decision['rationale'])}")
            for rejected in decision["rejected"]:
                reason = f": {_short(rejected['why_not_chosen'])}" if rejected["why_not_chosen"] else ""
                lines.append(f"  rejected: {rejected['option']}{reason}")
        for again in item["reintroduced"]:
            lines.append(f"- this change names {again['option']!r} again, which {again['decision']} rejected: {again['line'].strip()}")
    return lines


def _path_json(item: PathDecisions) -> PathGovernanceJson:
    current = item.governing[:MAX_PER_PATH]
    return {
        "path": item.path,
        "decisions": [_decision_json(d, item.links.get(d.id)) for d in current],
        "reintroduced": [{"decision": r.decision_id, "option": r.option, "line": r.line} for r in item.reintroduced],
    }


def _decision_json(record: DecisionRecord, link: GoverningLink | None) -> GoverningJson:
    return {
        "id": record.id,
        "summary": record.summary,
        "status": record.status,
        "decided_at": record.decided_at.isoformat() if record.decided_at else None,  # not the day it was recorded
        "recorded_at": record.recorded_at.isoformat() if record.recorded_at else None,
        "rationale": record.rationale,
        "rejected": [{"option": a.option, "why_not_chosen": a.why_not_chosen} for a in record.alternatives],
        "link": {"via": link.via, "inferred": link.inferred, "confidence": link.confidence, "evidence": link.evidence}
        if link is not None else None,
        "session": record.session,
        "source_path": record.source_path,
    }


def _how(link: LinkJson | None) -> str:
    if link is None:
        return ""
    if not link["inferred"]:
        return "; it names this file"
    return f"; {link['evidence'] or link['via']}"


def _said(part: str, whole: str) -> bool:
    """Whether ``whole`` already says ``part`` (an ADR's summary often holds its reason)."""
    def bare(text: str) -> str:
        return re.sub(r"\W+", "", text.lower())
    return bare(part) in bare(whole)


def _short(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= _REASON_CHARS else flat[: _REASON_CHARS - 1].rstrip() + "…"


def _checkout_of(path: Path) -> Path | None:
    folder = path
    while not folder.is_dir():
        if folder.parent == folder:
            return None
        folder = folder.parent
    try:
        return identify_repository(folder, find_root=False).root
    except GitError:
        return None


def _inside(path: Path, root: Path) -> str | None:
    try:
        inside = path.resolve().relative_to(root.resolve()).as_posix()
    except (OSError, ValueError):
        return None
    return None if inside == "." else inside
