"""``decision-journal eval spoken-ceiling|spoken-precision``: how spoken meetings' decisions read."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import numpy as np
import typer

from api.cli.context import cli_context, fail
from api.cli.eval_common import DATA, EXTRA, SHARED, check, featurized, places
from api.cli.eval_common import shared_dir as find_shared
from nlp.detect import DecisionDetector, DetectorConfig
from nlp.detector_features import BUCKETS, SPOKEN
from nlp.detector_model import DetectorModel, KindModel
from nlp.evaluation.ami import SOURCE as AMI
from nlp.evaluation.cross_validation import fold_logits, is_spoken, out_of_fold
from nlp.evaluation.judged_turns import read_judged_turns, span_shares
from nlp.evaluation.labelled_sources import load_ami_labelled, load_labelled
from nlp.evaluation.operating_points import candidate_scores, nested_points
from nlp.evaluation.qmsum_spans import load_qmsum
from nlp.evaluation.spoken_precision import Stored, score_reading, stored_of, write_draw
from nlp.evaluation.spoken_precision import draw as draw_stored
from nlp.language import load_language
from nlp.pipeline import OfflinePipeline

app = typer.Typer()
JUDGED_TURNS = "qmsum_judged_turns.tsv"


@app.command("spoken-ceiling")
def spoken_ceiling_command(
    ctx: typer.Context,
    data: Path = DATA,
    shared: Path | None = SHARED,
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """How far QMSum's spans let a spoken detector go: QMSum turns read by hand
    (eval/qmsum_judged_turns.tsv), how many of the real decisions among them lie in a
    decision span - the in-span share a perfect decision detector would reach."""
    cli = cli_context(ctx)
    shared_dir = find_shared(shared)
    if shared_dir is None or not (shared_dir / "qmsum" / "meetings.jsonl").is_file():
        raise fail("the shared QMSum meetings were not found: pass --shared PATH (or set DJ_SHARED_DATA)", code=2)
    labels = data / JUDGED_TURNS
    if not labels.is_file():
        raise fail(f"{labels} not found: pass --data with the folder that holds {JUDGED_TURNS}", code=2)
    meetings = [m for m in load_qmsum(shared_dir) if not m.final]
    try:
        shares = span_shares(read_judged_turns(labels), meetings)
    except ValueError as error:
        raise fail(str(error), code=2) from error
    turns = sum(len(m.conversation.messages) for m in meetings)
    base = sum(len(m.positives) for m in meetings) / max(turns, 1)
    if as_json:
        typer.echo(json.dumps({
            "base_rate": round(base, 4),
            "shares": [{**asdict(s), "low": round(s.low, 4), "high": round(s.high, 4), "share": round(s.share, 4)} for s in shares],
        }, indent=2))
        return
    cli.out.print(f"{len(meetings)} development QMSum meetings: {base:.3f} of their {turns} turns lie in a decision span",
                  highlight=False)
    cli.out.print(f"{'sample':<12}{'label':<10}{'turns':>7}{'in span':>9}{'share':>7}{'95% interval':>16}", highlight=False)
    for s in shares:
        cli.out.print(f"{s.sample:<12}{s.label:<10}{s.turns:>7}{s.in_span:>9}{s.share:>7.3f}{f'{s.low:.2f}-{s.high:.2f}':>16}",
                      highlight=False)
    cli.out.print("'all', decision: the in-span share of a detector that reported exactly the real decisions.", highlight=False)


@app.command("spoken-precision")
def spoken_precision_command(
    ctx: typer.Context,
    data: Path = DATA,
    shared: Path | None = SHARED,
    extra: Path | None = EXTRA,
    draw: int = typer.Option(0, "--draw", help="Write a blind-reading draw of this many stored decisions."),
    seed: int = typer.Option(20261126, "--seed", help="The draw's random seed."),
    out: Path | None = typer.Option(None, "--out", help="Where --draw writes (default: ami/spoken_precision_draw.tsv "
                                    "in the fetched evaluation data: it quotes the meetings)."),
    reading: Path | None = typer.Option(None, "--reading", help="Score a filled-in draw instead."),
    spoken_model: bool = typer.Option(
        False, "--spoken-model", help="Score with fold models of the spoken model (nlp.spoken_features, trained on the "
        "AMI labels alone; not shipped) instead of the shared model.",
    ),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Stored spoken decisions out of fold: per AMI development meeting, the decisions the
    offline pipeline stores (not drafts) with the fold model that never saw its series, at
    the points chosen without it; recall of the labelled decisions and stored per labelled.
    --draw writes a blind reading; --reading scores a filled-in one (docs/quality.md)."""
    cli = cli_context(ctx)
    if reading is not None:
        try:
            result = score_reading(reading)
        except (OSError, ValueError) as error:
            raise fail(str(error), code=2) from error
        low, high = result.interval
        if as_json:
            typer.echo(json.dumps({"counts": result.counts, "read": result.read, "unread": result.unread,
                                   "share": round(result.share, 4), "low": round(low, 4), "high": round(high, 4)}, indent=2))
            return
        cli.out.print(f"{result.read} read ({result.unread} not yet): " + ", ".join(f"{k} {v}" for k, v in result.counts.items())
                      + f"; real decisions in their own words {result.share:.3f} (95% interval {low:.2f}-{high:.2f})",
                      highlight=False)
        return
    check("dev", data)
    where = places(data, shared, extra)
    language = load_language()
    detector = DecisionDetector(language.nlp, light=language.light)
    # The shared model learns from every source; the spoken model from the AMI labels alone.
    meetings = load_ami_labelled(where) if spoken_model else load_labelled(where)
    items = [item for item in featurized(cli, meetings, detector, spoken_model) if not item.meeting.final]
    spoken = [item for item in items if item.meeting.source == AMI]
    if not spoken or where.extra is None:
        raise fail("no AMI meetings found: build them into ami/ of the fetched evaluation data (--eval-data, "
                   "eval/ami/README.md)", code=2)
    weights = out_of_fold(items, cli.note, sources=(AMI,))
    logits = fold_logits(spoken, weights)
    points = nested_points(spoken, candidate_scores(spoken, logits))
    stored: list[Stored] = []
    per_meeting: list[tuple[str, int, int, int]] = []
    cli.note(f"extracting the {len(spoken)} development AMI meetings with their fold models ...")
    for item in spoken:
        session = item.meeting.conversation.session_id
        chosen = points[session]
        if is_spoken(item):
            model = DetectorModel(np.zeros(BUCKETS), {}, "fold", spoken=KindModel(
                weights[session], chosen.reliable[SPOKEN], chosen.draft[SPOKEN], "fold"))
        else:
            model = DetectorModel(weights[session], chosen.reliable, "fold", chosen.draft)
        # The model's own reliable point: what spoken meetings would store were they not all
        # drafts by default (nlp.detect.DRAFT_KINDS), which is what this command measures.
        pipeline = OfflinePipeline(language, DetectorConfig(model=model, draft_kinds=frozenset()))
        decisions = pipeline.run(item.meeting.conversation).decisions
        mine = stored_of(item.meeting.conversation, decisions)
        stored += mine
        said = {s.seq for s in mine}
        found = sum(1 for target in item.meeting.targets if target.messages & said)
        per_meeting.append((session, len(mine), len(item.meeting.targets), found))
    labelled = sum(row[2] for row in per_meeting)
    found = sum(row[3] for row in per_meeting)
    over = [row for row in per_meeting if row[1] > 2 * row[2]]
    drafts_note = f"{len(stored)} stored decisions in {len(spoken)} development AMI meetings"
    if draw:
        drawn = draw_stored(stored, draw, seed)
        target = out or where.extra / "ami" / "spoken_precision_draw.tsv"
        command = f"decision-journal eval spoken-precision --draw {draw} --seed {seed}" + (" --spoken-model" if spoken_model else "")
        key = write_draw(target, drawn, f"drawn by `{command}`: {drafts_note}")
        cli.note(f"wrote {len(drawn)} rows to {target} (key: {key})")
    if as_json:
        typer.echo(json.dumps({"meetings": len(spoken), "stored": len(stored), "labelled": labelled, "found": found,
                               "recall": round(found / max(labelled, 1), 4), "over_twice": [r[0] for r in over],
                               "per_meeting": [{"meeting": r[0], "stored": r[1], "labelled": r[2], "found": r[3]} for r in per_meeting]},
                              indent=2))
        return
    cli.out.print(f"{drafts_note}; {labelled} labelled decisions, {found} with a stored decision stated in one of their "
                  f"turns (recall {found / max(labelled, 1):.3f}); stored per labelled {len(stored) / max(labelled, 1):.2f}",
                  highlight=False)
    cli.out.print(f"meetings storing more than twice their labelled decisions: {len(over)} of {len(per_meeting)}"
                  + (f" ({', '.join(f'{r[0]} {r[1]}/{r[2]}' for r in over)})" if over else ""), highlight=False)
