"""``decision-journal eval detect`` and ``eval train-detector``: decision detection measured on
the labelled sources, cross-validated by group, and the shipped model trained (docs/quality.md)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import typer

from api.cli.context import CliContext, cli_context, fail
from api.cli.eval_common import DATA, EXTRA, SHARED, check, detector, featurized, places, shared_dir
from api.cli.review_records import file_records, journal_records
from api.usecases.detector_training import retrain_detector
from nlp.detector_features import CHAT, SESSION, SPOKEN, VOTING
from nlp.detector_model import DetectorModel, KindModel, shipped_model
from nlp.evaluation.chat_part import train_chat_part
from nlp.evaluation.cross_validation import fold_logits, is_chat, is_session, is_spoken, is_voting, out_of_fold
from nlp.evaluation.detector_training import train_spoken
from nlp.evaluation.held_out import load_held_out
from nlp.evaluation.labelled_sources import SESSIONS, Places, load_ami_labelled, load_labelled
from nlp.evaluation.operating_points import Points, candidate_scores, nested_points
from nlp.evaluation.real_metrics import mean_ranking_auc
from nlp.evaluation.run import seed000_keywords, seed001_regex
from nlp.evaluation.session_part import train_session_part
from nlp.evaluation.source_scores import (
    FORMULAIC_VIEWS,
    SourceScores,
    baseline_detections,
    score_detected,
    score_sources,
)
from nlp.evaluation.train import Featurized
from nlp.evaluation.voting_part import train_voting_part


def detect_command(
    ctx: typer.Context,
    data: Path = DATA,
    shared: Path | None = SHARED,
    extra: Path | None = EXTRA,
    final: bool = typer.Option(False, "--final", help="Score the shipped model on the final split instead of cross-validating."),
    unseen: bool = typer.Option(
        False, "--unseen", help="Score the held-out sets instead (notes-unseen, w3c-unseen): with the shipped model, "
        "once; nothing is trained, tuned or chosen on them.",
    ),
    by_group: bool = typer.Option(False, "--groups", help="Also print each group's figures."),
    source: list[str] = typer.Option(
        [], "--source", help="Read, train and score only this source (repeatable): faster, and the figures are the "
        "full run's only for a source trained on its own (sessions: their own model); others then train on less.",
    ),
    unread: bool = typer.Option(
        False, "--words-unread", help="Score each coding-assistant session as one in a language the session model never "
        "learned: its turns without the features read from their words (nlp.session_features.LEXICAL), at the points "
        "chosen on the turns as they are.",
    ),
    spoken_model: bool = typer.Option(
        False, "--spoken-model", help="Cross-validated, score spoken meetings by the spoken model (nlp.spoken_features, "
        "trained on the AMI labels alone; not shipped) instead of the shared model.",
    ),
    chat_model: bool = typer.Option(
        False, "--chat-model", help="Cross-validated, score chats by the chat model (nlp.chat_features, trained on "
        "the chats alone: real chat, our conversations, minutes that do not vote) instead of the shared model.",
    ),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Detection on real data, cross-validated by group: W3C resolutions, AMI decisions, QMSum
    decision spans, meeting notes, our conversations and real chat; seed 001's regex and seed
    000's keywords beside."""
    cli = cli_context(ctx)
    check("dev", data)
    where = places(data, shared, extra)
    if where.shared is None:
        cli.note("shared data not found: scoring the sources under eval/ and the evaluation data only (pass --shared)")
    model = shipped_model()
    shipped = Points(*model.points())
    meetings = load_held_out(data, where.extra) if unseen else load_labelled(where)
    if source:
        meetings = [meeting for meeting in meetings if meeting.source in source]
    # With the shipped model, spoken meetings are scored by whatever scores them in it.
    spoken = model.spoken is not None if final or unseen else spoken_model
    chat = model.chat is not None if final or unseen else chat_model
    if unseen:
        chosen = featurized(cli, meetings, detector(), spoken, chat)
        if not chosen:
            raise fail("no held-out set found: its labels (eval/notes_unseen_fresh) and text (--eval-data) are needed", code=2)
    else:
        chosen = [item for item in featurized(cli, meetings, detector(), spoken, chat) if item.meeting.final == final]
    sessions = [item.meeting.conversation.session_id for item in chosen]
    if final or unseen:
        logits = fold_logits(chosen, {item.meeting.conversation.session_id: _shipped_weights(model, item) for item in chosen},
                             voting_own=model.voting is not None)
        points = dict.fromkeys(sessions, shipped)
    else:
        fold_weights = out_of_fold(chosen, cli.note)
        logits = fold_logits(chosen, fold_weights)
        # Each group is scored at the points chosen on the other groups' out-of-fold scores.
        points = nested_points(chosen, candidate_scores(chosen, logits))
        if unread:
            if not as_json:  # the turns as they are first, to compare
                _print(cli, _HEADINGS["cross-validated"], *_scored(chosen, logits, points), by_group)
            logits = fold_logits([_unread(item) for item in chosen], fold_weights)
    rows, ranking = _scored(chosen, logits, points)
    split = "held-out" if unseen else "final" if final else "cross-validated"
    if unread:
        split += ", sessions' words unread"
    if as_json:
        typer.echo(json.dumps({"split": split, "rows": rows, "ranking_auc": ranking}, indent=2))
        return
    heading = _HEADINGS[split.split(",")[0]] + (": sessions scored without the features read from their words" if unread else "")
    _print(cli, heading, rows, ranking, by_group)


_HEADINGS = {
    "held-out": "held-out sets, shipped model (scored once: nothing was trained, tuned or chosen on them)",
    "final": "final split, shipped model",
    "cross-validated": "cross-validated by group (each group scored by a model trained without it, at points chosen without it)",
}


def _unread(item: Featurized) -> Featurized:
    """A session as the session model reads one in a language it never learned (its rows
    without the features of its words); any other item as it is."""
    return replace(item, rows=item.structural) if item.structural is not None else item


def _shipped_weights(model: DetectorModel, item: Featurized) -> np.ndarray:
    """The shipped weights that score ``item``: its kind's own model's, else the shared ones."""
    own = (model.session if is_session(item) else model.spoken if is_spoken(item) else model.voting if is_voting(item)
           else model.chat if is_chat(item) else None)
    return own.weights if own is not None else model.weights


def _scored(
    chosen: list[Featurized], logits: dict[str, Any], points: dict[str, Points]
) -> tuple[list[dict[str, Any]], dict[str, float]]:
    ours = score_sources(chosen, logits, {}, per_session={s: p.reliable for s, p in points.items()})
    drafts = score_sources(chosen, logits, {}, per_session={s: p.draft for s, p in points.items()})
    meetings = [item.meeting for item in chosen]
    systems = {
        "ours": ours,
        "ours+drafts": drafts,
        "seed001-regex": score_detected(meetings, baseline_detections(meetings, seed001_regex)),
        "seed000-keywords": score_detected(meetings, baseline_detections(meetings, seed000_keywords)),
    }
    rows = [row for system, scores in systems.items() for s in scores for row in rows_of(system, s)]
    ranking = {
        s.source: auc for s in ours
        if (auc := mean_ranking_auc(
            (item.meeting, logits[item.meeting.conversation.session_id].tolist())
            for item in chosen if item.meeting.source == s.source
        )) is not None
    }
    return rows, ranking


def _print(cli: CliContext, heading: str, rows: list[dict[str, Any]], ranking: dict[str, float], by_group: bool) -> None:
    cli.out.print(f"decision detection on real data: {heading}", highlight=False)
    cli.out.print(
        f"{'source':<24}{'system':<18}{'P':>7}{'R':>7}{'F1':>7}{'F1 by group':>17}{'found':>12}{'detections':>12}",
        highlight=False,
    )
    for row in rows:
        spread = f"{row['f1_mean']:.3f} ± {row['f1_sd']:.3f}" if row["groups"] > 1 else "-"
        cli.out.print(
            f"{row['source']:<24}{row['system']:<18}{row['precision']:>7.3f}{row['recall']:>7.3f}{row['f1']:>7.3f}"
            f"{spread:>17}{str(row['found']) + '/' + str(row['targets']):>12}{row['detections']:>12}",
            highlight=False,
        )
        if by_group and row["system"] in {"ours", "ours+drafts"} and row["groups"] > 1:
            for group, score in row["by_group"].items():
                cli.out.print(
                    f"  {group[:40]:<40}{score['precision']:>7.3f}{score['recall']:>7.3f}{score['f1']:>7.3f}"
                    f"{str(score['found']) + '/' + str(score['targets']):>12}{score['detections']:>12}",
                    highlight=False, markup=False,
                )
    cli.out.print(
        "ranking within a meeting (AUC: a labelled message outscores an unlabelled one; 0.5 is chance): "
        + ", ".join(f"{source} {auc:.3f}" for source, auc in ranking.items()),
        highlight=False,
    )
    cli.out.print("P is the share of detections inside a labelled decision (QMSum: in a decision span);"
                  " R the share of labelled decisions found. ours: stored decisions; ours+drafts: with the drafts"
                  " (below the point where a kind's decisions are reliably real).", highlight=False)


def rows_of(system: str, scores: SourceScores) -> list[dict[str, Any]]:
    views = [(scores.source, scores.score)]
    if scores.non_routine is not None:
        views = [(f"{scores.source} ({FORMULAIC_VIEWS[scores.source]})", scores.non_routine), (f"{scores.source} (all)", scores.score)]
    rows = []
    for name, folded in views:
        pooled = folded.pooled
        mean, sd = folded.spread("f1")
        rows.append({
            "source": name, "system": system, "precision": round(pooled.precision, 4), "recall": round(pooled.recall, 4),
            "f1": round(pooled.f1, 4), "detections": pooled.predicted, "correct": pooled.correct,
            "targets": pooled.units, "found": pooled.found, "groups": len(folded.folds),
            "f1_mean": round(mean, 4), "f1_sd": round(sd, 4),
            "by_group": {group: {"precision": round(s.precision, 4), "recall": round(s.recall, 4), "f1": round(s.f1, 4),
                                 "found": s.found, "targets": s.units, "detections": s.predicted}
                         for group, s in folded.folds},
        })
    return rows


def train_detector_command(
    ctx: typer.Context,
    data: Path = DATA,
    shared: Path | None = SHARED,
    extra: Path | None = EXTRA,
    reviews: Path | None = typer.Option(
        None, "--reviews", help="A JSON lines file of review labels (confirmed/rejected drafts, as `review labels --json` "
        "gives them): the trained model is corrected by them, as `review learn` corrects the model in use.",
    ),
    from_journal: bool = typer.Option(
        False, "--from-journal", help="Correct the trained model by the journal's own review labels (the drafts "
        "confirmed or rejected in `review`), as --reviews does by a file's.",
    ),
    out: Path = typer.Option(Path("nlp/detector_model.json"), help="Where to write the trained model."),
    only: str | None = typer.Option(
        None, "--only", help="Rebuild only this part of the model in --out and keep the rest byte for byte: `spoken` "
        "(the spoken-meeting model, trained on the AMI labels of --eval-data; tried and not shipped, "
        "docs/experiments/2026-11-26-spoken-model.md: write it to another --out to try it), `voting` (the model of "
        "minutes that vote, trained on every labelled meeting that votes: the W3C minutes of --shared and --eval-data) "
        "`session` (the model of coding-assistant sessions, trained on the labelled sessions of --eval-data) or `chat` "
        "(the model of chats, trained on the real chat of --eval-data, our conversations and the minutes that do not vote).",
    ),
) -> None:
    """Train the detector on every labelled group outside the final split (corrected by the
    reviewed drafts of --reviews and --from-journal) and write it (deterministic: the same data
    give the same file)."""
    cli = cli_context(ctx)
    check("dev", data)
    if only is not None:
        _train_only(cli, only, places(data, shared, extra), out, reviews is not None or from_journal)
        return
    if shared_dir(shared) is None:
        raise fail("train-detector needs the shared data (W3C minutes, QMSum, meeting notes): pass --shared", code=2)
    records = file_records(reviews) if reviews is not None else []
    if from_journal:
        records += journal_records(cli)
    where = places(data, shared, extra)
    reader = detector()
    trained = retrain_detector(where, records, reader, cli.note, featurized(cli, load_labelled(where), reader))
    out.write_text(trained.model.to_json())
    cli.note(trained.model.note)
    reliable, draft = trained.model.points()
    logits = ", ".join(f"{kind} {draft.get(kind, value):.2f}/{value:.2f}" for kind, value in reliable.items())
    cli.out.print(f"wrote {out} ({out.stat().st_size // 1024} KiB); draft/decision log-odds: {logits}", highlight=False)


def _train_only(cli: CliContext, part: str, where: Places, out: Path, reviews: bool) -> None:
    """``train-detector --only PART``: the model at ``out`` with only that part trained anew."""
    if part not in {SPOKEN, VOTING, SESSION, CHAT}:
        raise fail(f"--only takes `{SPOKEN}`, `{VOTING}`, `{SESSION}` or `{CHAT}`, not {part!r}", code=2)
    if reviews:
        raise fail(f"--only {part} learns from the labelled data alone: --reviews and --from-journal do not apply", code=2)
    try:
        base = DetectorModel.from_json(out.read_text()) if out.is_file() else shipped_model()
    except (OSError, ValueError, KeyError) as exc:
        raise fail(f"{out} cannot be read as a detector model: {exc}", code=2) from exc
    if part == VOTING:
        _train_voting(cli, where, out, base)
        return
    if part == SESSION:
        _train_session(cli, where, out, base)
        return
    if part == CHAT:
        _train_chat(cli, where, out, base)
        return
    meetings = load_ami_labelled(where)
    try:
        trained = train_spoken(featurized(cli, meetings, detector(), spoken=True), base, cli.note)
    except ValueError as exc:
        raise fail(f"{exc}: build them into ami/ of the fetched evaluation data (--eval-data, eval/ami/README.md)", code=2) from exc
    _wrote_part(cli, out, trained.model, SPOKEN, trained.model.spoken)


def _train_voting(cli: CliContext, where: Places, out: Path, base: DetectorModel) -> None:
    """``train-detector --only voting``: ``base`` with its voting model trained anew, written to ``out``."""
    if where.shared is None:
        raise fail("--only voting needs the shared data (the W3C minutes): pass --shared", code=2)
    try:
        model = train_voting_part(featurized(cli, load_labelled(where), detector()), base, cli.note)
    except ValueError as exc:
        raise fail(str(exc), code=2) from exc
    _wrote_part(cli, out, model, VOTING, model.voting)


def _train_session(cli: CliContext, where: Places, out: Path, base: DetectorModel) -> None:
    """``train-detector --only session``: ``base`` with its session model trained anew, written to ``out``."""
    sessions = [meeting for meeting in load_labelled(where) if meeting.source == SESSIONS]
    try:
        model = train_session_part(featurized(cli, sessions, detector()), base, cli.note)
    except ValueError as exc:
        raise fail(str(exc), code=2) from exc
    _wrote_part(cli, out, model, SESSION, model.session)


def _train_chat(cli: CliContext, where: Places, out: Path, base: DetectorModel) -> None:
    """``train-detector --only chat``: ``base`` with its chat model trained anew, written to ``out``."""
    if where.shared is None or where.extra is None:
        raise fail("--only chat needs the shared data (minutes that do not vote: --shared) and the real chat (--eval-data)",
                   code=2)
    meetings = [meeting for meeting in load_labelled(where) if meeting.source in CHAT_SOURCES]
    try:
        model = train_chat_part(featurized(cli, meetings, detector(), chat=True), base, cli.note)
    except ValueError as exc:
        raise fail(str(exc), code=2) from exc
    _wrote_part(cli, out, model, CHAT, model.chat)


CHAT_SOURCES = frozenset({"chat", "conversations", "w3c"})
"""The sources that hold chats (``detector_features.kind_of`` ``chat``): the chat model's training data."""


def _wrote_part(cli: CliContext, out: Path, model: DetectorModel, part: str, trained: KindModel | None) -> None:
    """Write ``model`` to ``out`` and say which part was trained anew, with its points."""
    assert trained is not None  # every --only trainer sets its part
    out.write_text(model.to_json())
    cli.note(trained.note)
    cli.out.print(f"wrote {out} ({out.stat().st_size // 1024} KiB), only its {part} part anew; draft/decision log-odds: "
                  f"{part} {trained.draft_logit:.2f}/{trained.operating_logit:.2f}", highlight=False)
