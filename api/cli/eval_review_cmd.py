"""``decision-journal eval review-curve``: what a team's verdicts on drafts buy, simulated on a
held-back development group (``nlp.evaluation.review_curve``; docs/quality.md)."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from api.cli.context import cli_context, fail
from api.cli.eval_common import DATA, EXTRA, SHARED, check, detector, featurized, places
from nlp.evaluation.labelled_sources import load_labelled
from nlp.evaluation.metrics import DetectionScore
from nlp.evaluation.review_curve import Curves, simulate
from nlp.evaluation.source_scores import SourceScores


def review_curve_command(
    ctx: typer.Context,
    group: list[str] = typer.Option(
        [], "--group", help="A development group to simulate, as SOURCE:GROUP (eval detect --groups names them; repeat). "
        "Default: every group whose review queue holds enough drafts.",
    ),
    reviewed: list[int] = typer.Option([25, 50, 100], "--reviewed", help="How many of its first drafts the team reviews (repeat)."),
    data: Path = DATA,
    shared: Path | None = SHARED,
    extra: Path | None = EXTRA,
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Cross-validate every group once; for each, simulate a team confirming or rejecting its
    first N drafts (the verdicts from its labels), fit the team's correction from them, and
    score its later meetings; and what the correction would do to the other groups if it
    applied to every conversation of its kind (~10 minutes on 2 cores)."""
    cli = cli_context(ctx)
    check("dev", data)
    keys = []
    for name in group:
        source, _, rest = name.partition(":")
        if not rest:
            raise fail(f"--group {name!r} is not SOURCE:GROUP (e.g. 'w3c:W3C JSON-LD Community Group')", code=2)
        keys.append((source, rest))
    if min(reviewed, default=0) < 1:
        raise fail("every --reviewed is at least 1", code=2)
    reader = detector()
    items = featurized(cli, load_labelled(places(data, shared, extra)), reader)
    try:
        curves = simulate(items, reviewed, reader, keys or None, cli.note)
    except ValueError as exc:
        raise fail(str(exc), code=2) from exc
    if as_json:
        typer.echo(json.dumps(_json(curves), indent=2))
        return
    _print(cli.out, curves)


def _print(out: Console, curves: Curves) -> None:
    for curve in curves.curves:
        out.print(
            f"\n{':'.join(curve.group)}: {curve.meetings} meetings, {curve.drafts} drafts in its queue; scored: the "
            f"{len(curve.scored_meetings)} meetings after the last one reviewed",
            highlight=False, markup=False,
        )
        out.print(f"{'reviewed':>9}{'confirmed':>10}{'stored P':>10}{'R':>7}{'F1':>7}{'n':>5}"
                  f"{'+drafts P':>11}{'R':>7}{'F1':>7}{'n':>5}", highlight=False)
        for arm in curve.arms:
            s, d = arm.stored, arm.with_drafts
            out.print(f"{arm.reviewed:>9}{arm.confirmed:>10}{s.precision:>10.3f}{s.recall:>7.3f}{s.f1:>7.3f}{s.predicted:>5}"
                      f"{d.precision:>11.3f}{d.recall:>7.3f}{d.f1:>7.3f}{d.predicted:>5}", highlight=False)
        for arm in curve.arms[1:]:
            for line in arm.corrections:
                out.print(f"  N = {arm.reviewed:>3}: {line}", highlight=False, markup=False)
        out.print("  the other groups with the correction applied to every conversation of its kind (stored F1 / with drafts F1):",
                  highlight=False)
        for index, arm in enumerate(curve.arms):
            cells = ", ".join(f"{name} {s.f1:.3f}/{d.f1:.3f}" for name, s, d in _others(arm.everywhere, arm.everywhere_with_drafts))
            out.print(f"    N = {arm.reviewed:>3}: {cells}" + ("" if index else " (before)"), highlight=False, markup=False)
    for name, why in curves.skipped.items():
        out.print(f"no curve for {name}: {why}", highlight=False, markup=False)
    cells = ", ".join(f"{name} {s.f1:.3f}/{d.f1:.3f}" for name, s, d in _others(curves.others, curves.others_with_drafts))
    out.print(f"\nas shipped, a correction applies to its team's series only: every other group scores as cross-validated "
              f"({cells})", highlight=False, markup=False)


def _others(stored: list[SourceScores], drafts: list[SourceScores]) -> list[tuple[str, DetectionScore, DetectionScore]]:
    out = []
    for s, d in zip(stored, drafts, strict=True):
        if s.non_routine is not None and d.non_routine is not None:
            out.append((f"{s.source} (formulaic apart)", s.non_routine.pooled, d.non_routine.pooled))
        out.append((s.source, s.score.pooled, d.score.pooled))
    return out


def _score(score: DetectionScore) -> dict[str, Any]:
    return {**asdict(score), "precision": round(score.precision, 4), "recall": round(score.recall, 4), "f1": round(score.f1, 4)}


def _sources(stored: list[SourceScores], drafts: list[SourceScores]) -> dict[str, Any]:
    return {name: {"stored": _score(s), "with_drafts": _score(d)} for name, s, d in _others(stored, drafts)}


def _json(curves: Curves) -> dict[str, Any]:
    return {
        "curves": [{
            "group": ":".join(curve.group), "meetings": curve.meetings, "drafts": curve.drafts,
            "scored_meetings": list(curve.scored_meetings),
            "arms": [{
                "reviewed": arm.reviewed, "confirmed": arm.confirmed, "stored": _score(arm.stored),
                "with_drafts": _score(arm.with_drafts), "corrections": list(arm.corrections),
                "others_everywhere": _sources(arm.everywhere, arm.everywhere_with_drafts),
            } for arm in curve.arms],
        } for curve in curves.curves],
        "skipped": curves.skipped,
        "others_as_shipped": _sources(curves.others, curves.others_with_drafts),
    }
