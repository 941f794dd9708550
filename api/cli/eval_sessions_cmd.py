"""``decision-journal eval sessions``: what the shipped pipeline stores from real coding-assistant
sessions (``eval/sessions``), scored per repository owner, and whether it keeps the options
those sessions rejected."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from api.cli.context import cli_context, fail
from api.cli.eval_common import DATA, EXTRA, extra_dir
from api.cli.eval_detect_cmd import rows_of
from nlp.evaluation.labelled_sources import SESSIONS, SESSIONS_READ
from nlp.evaluation.run import seed000_keywords
from nlp.evaluation.session_options import OptionsScore, score_options
from nlp.evaluation.sessions import LABELS_FILE, load_sessions, read_session_labels
from nlp.evaluation.source_scores import baseline_detections, score_detected
from nlp.language import load_language
from nlp.pipeline import OfflinePipeline
from nlp.schema import ExtractedDecision


def sessions_command(
    ctx: typer.Context,
    data: Path = DATA,
    extra: Path | None = EXTRA,
    final: bool = typer.Option(False, "--final", help="Score the owners set apart for the final split instead."),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Real coding-assistant sessions, read blind: the decisions and drafts the shipped pipeline
    stores, per repository owner and pooled, beside seed 000's keywords; and, of the labelled
    decisions that name rejected options, how many extraction keeps. (Cross-validated figures
    of the detector, trained without each owner: ``eval detect``.)"""
    cli = cli_context(ctx)
    text = extra_dir(extra)
    labels = data / SESSIONS
    if text is None or not (text / SESSIONS).is_dir() or not (labels / LABELS_FILE).is_file():
        raise fail(f"the sessions were not found: their labels ({labels / LABELS_FILE}) and text "
                   f"(--eval-data with a {SESSIONS}/ folder) are needed", code=2)
    try:
        meetings = [m for m in load_sessions(labels, text / SESSIONS, labels / SESSIONS_READ) if m.final == final]
        rows = read_session_labels(labels / LABELS_FILE)
    except ValueError as exc:
        raise fail(str(exc), code=2) from exc
    pipeline = OfflinePipeline(load_language())
    decided: dict[str, list[int]] = {}
    drafted: dict[str, list[int]] = {}
    extracted: dict[str, list[ExtractedDecision]] = {}
    for number, meeting in enumerate(meetings, start=1):
        session = meeting.conversation.session_id
        cli.note(f"  {number}/{len(meetings)} {session}")
        result = pipeline.run(meeting.conversation)
        decided[session] = [d.seq for d in result.detections if d.is_decision]
        drafted[session] = [d.seq for d in result.detections if d.is_decision or d.is_candidate]
        extracted[session] = list(result.decisions)
    options = OptionsScore()
    score_options([r for r in rows if f"{r.group}/{r.session}" in extracted], extracted, options)
    systems = {
        "ours": score_detected(meetings, decided),
        "ours+drafts": score_detected(meetings, drafted),
        "seed000-keywords": score_detected(meetings, baseline_detections(meetings, seed000_keywords)),
    }
    table = [row for system, scores in systems.items() for s in scores for row in rows_of(system, s)]
    summary: dict[str, Any] = {
        "split": "final" if final else "dev", "sessions": len(meetings), "rows": table,
        "rejected_options": {"labelled": options.labelled, "found": options.found,
                             "any_alternative": options.any_alternative, "kept": options.kept},
    }
    if as_json:
        typer.echo(json.dumps(summary, indent=2))
        return
    cli.out.print(f"{len(meetings)} real coding-assistant sessions ({summary['split']}), shipped pipeline", highlight=False)
    cli.out.print(f"{'system':<18}{'P':>7}{'R':>7}{'F1':>7}{'found':>10}{'detections':>12}", highlight=False)
    for row in table:
        cli.out.print(f"{row['system']:<18}{row['precision']:>7.3f}{row['recall']:>7.3f}{row['f1']:>7.3f}"
                      f"{str(row['found']) + '/' + str(row['targets']):>10}{row['detections']:>12}", highlight=False)
        if row["system"] == "ours+drafts":
            for group, score in row["by_group"].items():
                cli.out.print(f"  {group[:30]:<30}{score['precision']:>7.3f}{score['recall']:>7.3f}{score['f1']:>7.3f}"
                              f"{str(score['found']) + '/' + str(score['targets']):>10}{score['detections']:>12}",
                              highlight=False, markup=False)
    cli.out.print(
        f"rejected options: {options.labelled} labelled decisions name some; {options.found} of them were found, "
        f"{options.any_alternative} of those with any alternative, {options.kept} ({options.kept_share:.0%}) naming one "
        "the reader wrote down", highlight=False,
    )
