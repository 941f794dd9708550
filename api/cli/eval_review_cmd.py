"""``decision-journal eval review-curve``: what a team's verdicts on drafts buy, simulated on a
held-back development group (``nlp.evaluation.review_curve``; docs/quality.md)."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

import typer

from api.cli.context import cli_context, fail
from api.cli.eval_common import DATA, EXTRA, SHARED, check, detector, featurized, places
from nlp.evaluation.labelled_sources import load_labelled
from nlp.evaluation.metrics import DetectionScore
from nlp.evaluation.review_curve import ReviewCurve, simulate
from nlp.evaluation.source_scores import SourceScores
from nlp.evaluation.train import featurize


def review_curve_command(
    ctx: typer.Context,
    # The JSON-LD CG: a group nothing was tuned on with enough meetings to score after 100
    # drafts; AMI's folds yield no drafts where the spoken draft and reliable points coincide.
    group: str = typer.Option(
        "w3c:W3C JSON-LD Community Group", help="The development group held back, as SOURCE:GROUP (eval detect --groups names them).",
    ),
    reviewed: list[int] = typer.Option([25, 50, 100], "--reviewed", help="How many of its first drafts the team reviews (repeat)."),
    data: Path = DATA,
    shared: Path | None = SHARED,
    extra: Path | None = EXTRA,
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Hold back one group, simulate a team confirming or rejecting its first N drafts (the
    verdicts from its labels), retrain with them, score its remaining meetings; and check the
    other sources by the same folds. Each N is a whole training run (~5 minutes on 2 cores)."""
    cli = cli_context(ctx)
    check("dev", data)
    source, _, name = group.partition(":")
    if not name or min(reviewed, default=0) < 1:
        raise fail("--group is SOURCE:GROUP (e.g. 'w3c:W3C JSON-LD Community Group') and every --reviewed at least 1", code=2)
    reader = detector()
    items = featurized(cli, load_labelled(places(data, shared, extra)), reader)
    try:
        curve = simulate(items, (source, name), reviewed, lambda meetings: featurize(reader, meetings), cli.note)
    except ValueError as exc:
        raise fail(str(exc), code=2) from exc
    if as_json:
        typer.echo(json.dumps(_json(curve), indent=2))
        return
    cli.out.print(
        f"{group}: {curve.meetings} development meetings, {curve.drafts} drafts in the queue of the detector trained "
        f"without it; scored: the {len(curve.scored_meetings)} meetings after the last one reviewed at N = {max(reviewed)}",
        highlight=False, markup=False,
    )
    cli.out.print(f"{'reviewed':>9}{'confirmed':>10}{'stored P':>10}{'R':>7}{'F1':>7}{'n':>5}"
                  f"{'+drafts P':>11}{'R':>7}{'F1':>7}{'n':>5}", highlight=False)
    for arm in curve.arms:
        s, d = arm.stored, arm.with_drafts
        cli.out.print(f"{arm.reviewed:>9}{arm.confirmed:>10}{s.precision:>10.3f}{s.recall:>7.3f}{s.f1:>7.3f}{s.predicted:>5}"
                      f"{d.precision:>11.3f}{d.recall:>7.3f}{d.f1:>7.3f}{d.predicted:>5}", highlight=False)
    cli.out.print("the other sources, cross-validated by the same folds at nested points (stored F1 / with drafts F1):",
                  highlight=False)
    for index, arm in enumerate(curve.arms):
        cells = ", ".join(f"{name} {s.f1:.3f}/{d.f1:.3f}" for name, s, d in _others(arm.others, arm.others_with_drafts))
        cli.out.print(f"  N = {arm.reviewed:>3}: {cells}" + ("" if index else " (before)"), highlight=False, markup=False)


def _others(stored: list[SourceScores], drafts: list[SourceScores]) -> list[tuple[str, DetectionScore, DetectionScore]]:
    out = []
    for s, d in zip(stored, drafts, strict=True):
        if s.non_routine is not None and d.non_routine is not None:
            out.append((f"{s.source} (formulaic apart)", s.non_routine.pooled, d.non_routine.pooled))
        out.append((s.source, s.score.pooled, d.score.pooled))
    return out


def _score(score: DetectionScore) -> dict[str, Any]:
    return {**asdict(score), "precision": round(score.precision, 4), "recall": round(score.recall, 4), "f1": round(score.f1, 4)}


def _json(curve: ReviewCurve) -> dict[str, Any]:
    return {
        "group": ":".join(curve.group), "meetings": curve.meetings, "drafts": curve.drafts,
        "scored_meetings": list(curve.scored_meetings),
        "arms": [{
            "reviewed": arm.reviewed, "confirmed": arm.confirmed, "stored": _score(arm.stored),
            "with_drafts": _score(arm.with_drafts), "points": asdict(arm.points),
            "others": {name: {"stored": _score(s), "with_drafts": _score(d)}
                       for name, s, d in _others(arm.others, arm.others_with_drafts)},
        } for arm in curve.arms],
    }
