"""Figures about built records: the README's sources table and the per-group sanity checks."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from nlp.evaluation.w3c_build.build import SourceReport
from nlp.evaluation.w3c_build.model import MeetingRecord, ResolutionRecord

VOTE_BINS = ((0, 0, "0"), (1, 7, "1–7"), (8, 12, "8–12"), (13, 10**9, "≥13"))
LOW_OVERLAP = 0.3


def source_table(reports: Sequence[SourceReport]) -> str:
    """One markdown row per source: what was read and what was kept."""
    rows = [
        "| repo (group) | commit | files read | meetings (with / without resolutions) | resolutions (routine) | messages | dates | licence |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for report in reports:
        kept = report.kept
        with_res = sum(1 for r in kept if r["resolutions"])
        resolutions = [x for r in kept for x in r["resolutions"]]
        dates = sorted(r["date"] for r in kept)
        span = f"{dates[0]} … {dates[-1]}" if dates else "–"
        source = report.source
        rows.append(
            f"| {source.repo} ({source.group}) | `{source.commit}` | {report.files} | {len(kept)} ({with_res} / {len(kept) - with_res}) "
            f"| {len(resolutions)} ({sum(x['routine'] for x in resolutions)}) | {sum(len(r['messages']) for r in kept):,} "
            f"| {span} | {source.license} |"
        )
    return "\n".join(rows)


@dataclass(frozen=True)
class GroupChecks:
    """The sanity figures of one group."""

    group: str
    meetings: int
    resolutions: int
    routine: int
    vote_run: dict[str, int]
    low_overlap: int
    non_routine: int
    verbatim: int
    no_position: int

    @property
    def low_overlap_share(self) -> float:
        """Share of non-routine resolutions with ``context_overlap`` below ``LOW_OVERLAP``."""
        return self.low_overlap / self.non_routine if self.non_routine else 0.0


def group_checks(records: Iterable[MeetingRecord]) -> list[GroupChecks]:
    """Per group: vote-run distribution, low-overlap share, routine count and the like."""
    by_group: dict[str, list[MeetingRecord]] = {}
    for record in records:
        by_group.setdefault(record["group"], []).append(record)
    checks = []
    for group, meetings in sorted(by_group.items()):
        resolutions = [x for r in meetings for x in r["resolutions"]]
        non_routine = [x for x in resolutions if not x["routine"]]
        bins: Counter[str] = Counter()
        for resolution in resolutions:
            bins[next(label for low, high, label in VOTE_BINS if low <= resolution["vote_run"] <= high)] += 1
        checks.append(
            GroupChecks(
                group=group,
                meetings=len(meetings),
                resolutions=len(resolutions),
                routine=len(resolutions) - len(non_routine),
                vote_run={label: bins[label] for _, _, label in VOTE_BINS},
                low_overlap=sum(1 for x in non_routine if x["context_overlap"] < LOW_OVERLAP),
                non_routine=len(non_routine),
                verbatim=sum(1 for x in resolutions if x["verbatim_at"] is not None),
                no_position=sum(1 for x in resolutions if x["position"] < 0),
            )
        )
    return checks


def draw(records: Sequence[MeetingRecord], per_group: int, seed: int) -> list[tuple[MeetingRecord, ResolutionRecord]]:
    """``per_group`` resolutions drawn at random from each group (seeded), for reading by hand."""
    rng = random.Random(seed)
    by_group: dict[str, list[tuple[MeetingRecord, ResolutionRecord]]] = {}
    for record in records:
        for resolution in record["resolutions"]:
            by_group.setdefault(record["group"], []).append((record, resolution))
    drawn = []
    for group in sorted(by_group):
        pool = by_group[group]
        drawn += rng.sample(pool, min(per_group, len(pool)))
    return drawn


def show(record: MeetingRecord, resolution: ResolutionRecord, before: int = 4) -> str:
    """The resolution with the messages around its position, for reading."""
    position = resolution["position"]
    lines = [f"{record['meeting_id']} line {resolution['source_line']} [{resolution['marker']}] topic: {resolution['topic']}"]
    lines.append(f"  PROPOSAL: {resolution['proposal']}")
    for index in range(max(0, position - before), min(len(record["messages"]), position + 2)):
        message = record["messages"][index]
        mark = ">>" if index == position else "  "
        lines.append(f"  {mark}{index:4d} {message['speaker']}: {message['content'][:160]}")
        if index == position:
            lines.append(f"       RESOLUTION: {resolution['text'][:200]}")
    lines.append(
        f"  vote_run={resolution['vote_run']} overlap={resolution['context_overlap']} verbatim_at={resolution['verbatim_at']} routine={resolution['routine']}"
    )
    return "\n".join(lines)


def checks_table(checks: Sequence[GroupChecks]) -> str:
    """One markdown row per group: resolutions, routine, vote runs, low overlap, verbatim."""
    rows = [
        "| group | meetings | resolutions (routine) | vote_run 0 / 1–7 / 8–12 / ≥13 | context_overlap < 0.3 (non-routine) | verbatim_at set | position −1 |",
        "|---|---|---|---|---|---|---|",
    ]
    for c in checks:
        runs = " / ".join(str(c.vote_run[label]) for _, _, label in VOTE_BINS)
        rows.append(
            f"| {c.group} | {c.meetings} | {c.resolutions} ({c.routine}) | {runs} "
            f"| {c.low_overlap} of {c.non_routine} ({c.low_overlap_share:.0%}) | {c.verbatim} | {c.no_position} |"
        )
    return "\n".join(rows)
