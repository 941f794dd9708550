"""Would more labelled sessions of the same owners help the session model? (issue 46, stop 70)

The detection set keeps at most 12 sessions a repository (``nlp.evaluation.session_corpus``);
three development repositories hold more: 42 sessions of edobry/minsky, CooKingThe1st/contact_maintain
and ZeyadMahfouzz/aiderAsgn that no draw took. They were labelled blind
(``eval/sessions/extra/``, the readers' brief ``eval/sessions/LABELLING.md``) and are used here for
training only: the cross-validation by owner scores the same 87 development sessions as
``decision-journal eval detect --groups --source sessions``, and a fold that holds an owner out
holds its extra sessions out too.

Usage (from the repository root):
    python eval/probe_session_extra.py --build MIRRORS   # cut the 42 sessions into ../eval-data/sessions_extra
    python eval/probe_session_extra.py                   # the cross-validation with and without them (~3 min)
"""

from __future__ import annotations

import argparse
import csv
import hashlib
from pathlib import Path

EVAL = Path(__file__).resolve().parent
EXTRA = EVAL / "sessions" / "extra"


def build(mirrors: Path, out: Path) -> None:
    """The undrawn sessions of the development repositories, cut by the corpus's own rules,
    checked against ``eval/sessions/extra/FILES.tsv`` byte for byte."""
    from nlp.evaluation.corpus import is_final
    from nlp.evaluation.session_corpus import mirrored_files, read_sources, sessions_of
    from nlp.evaluation.sessions import owner_of

    with (EVAL / "sessions" / "FILES.tsv").open(encoding="utf-8") as handle:
        drawn = {row["session_id"] for row in csv.DictReader(handle, delimiter="\t")}
    with (EXTRA / "FILES.tsv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    expected = {row["session_id"]: row["sha256"] for row in rows}
    repositories = {row["repository"] for row in rows}
    written = 0
    for source in read_sources(EVAL / "sessions" / "sources.tsv"):
        if source.repo not in repositories or is_final(owner_of(source.repo.replace("/", "__"))):
            continue
        _, files = mirrored_files(mirrors, source)
        for session in (s for path, text in files for s in sessions_of(source, path, text)):
            if session.session_id in drawn or session.session_id not in expected:
                continue
            data = session.text.encode()
            if hashlib.sha256(data).hexdigest() != expected[session.session_id]:
                raise SystemExit(f"{session.session_id}: the text cut now differs from the one labelled")
            target = out / session.folder / f"{session.session_id}.md"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            written += 1
    print(f"{written} of {len(expected)} sessions written under {out}")


def cross_validate(eval_data: Path) -> None:
    from api.cli.eval_common import detector
    from nlp.evaluation.cross_validation import fold_logits, out_of_fold
    from nlp.evaluation.labelled_sources import Places, load_labelled
    from nlp.evaluation.operating_points import candidate_scores, nested_points
    from nlp.evaluation.real_metrics import mean_ranking_auc
    from nlp.evaluation.sessions import load_sessions
    from nlp.evaluation.source_scores import score_sources
    from nlp.evaluation.train import Featurized, featurize

    places = Places(eval_dir=EVAL, shared=EVAL.parent.parent / "shared" / "data", extra=eval_data)
    model = detector()
    scored = featurize(model, [m for m in load_labelled(places) if m.source == "sessions" and not m.final])
    extra_meetings = load_sessions(EXTRA, eval_data / "sessions_extra", EXTRA / "read.txt")
    if not extra_meetings:
        raise SystemExit(f"no extra sessions under {eval_data / 'sessions_extra'}: run with --build MIRRORS first")
    extra = featurize(model, extra_meetings)
    print(
        f"scored: {len(scored)} sessions, {sum(len(i.meeting.targets) for i in scored)} decisions; "
        f"training only: {len(extra)} sessions, {sum(len(i.meeting.targets) for i in extra)} decisions"
    )

    def run(training: list[Featurized], title: str) -> None:
        logits = fold_logits(scored, out_of_fold(training, sources=["sessions"]))
        points = nested_points(scored, candidate_scores(scored, logits))
        score = score_sources(scored, logits, {}, per_session={s: p.reliable for s, p in points.items()})[0].score.pooled
        auc = mean_ranking_auc((i.meeting, list(logits[i.meeting.conversation.session_id])) for i in scored)
        print(
            f"  {title:40} F1 {score.f1:.3f}  P {score.precision:.3f}  R {score.recall:.3f}"
            f"  ({score.found} of {score.units} found, {score.predicted} detections)  AUC {auc:.4f}"
        )

    run(scored, "the development sessions")
    run(scored + extra, "with the extra sessions, training only")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", type=Path, metavar="MIRRORS", help="bare clones, owner+name/repo (as session_corpus takes)")
    parser.add_argument("--eval-data", type=Path, default=EVAL.parent.parent / "eval-data")
    args = parser.parse_args()
    if args.build is not None:
        build(args.build, args.eval_data / "sessions_extra")
    else:
        cross_validate(args.eval_data)


if __name__ == "__main__":
    main()
