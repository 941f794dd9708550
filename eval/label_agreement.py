"""How far two blind readers agree, on the two kinds of labels the hard targets are measured on.

A second reader labelled again, blind, part of what the first readers had labelled
(``eval/agreement/README.md``): which paths the ADRs of four code-link repositories govern, and
the decisions of 27 development sessions. Each reading is scored against the other exactly as
the tool is scored against the first:

- code links: the (commit, ADR) pairs the two label sets imply over each repository's last 150
  non-merge commits (``nlp.evaluation.code_links``; ADRs either reader calls ``unclear`` count
  neither way), and, given ``--pairs`` from ``decision-journal eval code-links --pairs FILE``
  over the same repositories, the pairs ``check-diff`` listed against each reading;
- sessions: the second reading's anchors as detections against the first reading's units, and
  the reverse (``nlp.evaluation.source_scores.score_detected``), and with ``--model`` the
  detector's out-of-fold detections (cross-validated by owner, at the nested points, as
  ``decision-journal eval detect --groups --source sessions`` scores them) against each;
- real chat (``eval/chat``): 18 development conversations of the five sources read again, each
  reading's decision anchors against the other's units (``nlp.evaluation.chat``'s scorer: a
  detection in an ``unsure`` unit counts neither way), all decisions and without triage outcomes.

Usage (from the repository root, the evaluation data beside it):
    python eval/label_agreement.py [--clones DIR] [--pairs FILE] [--eval-data DIR] [--model]
"""

from __future__ import annotations

import argparse
import csv
from collections.abc import Iterable, Mapping
from pathlib import Path

from nlp.evaluation.chat import LABELS_FILE as CHAT_LABELS
from nlp.evaluation.chat import load_chat, read_labels
from nlp.evaluation.code_links import PairScore, RepositoryLabels, ScoredCommit, expected_adrs, load_labels
from nlp.evaluation.corpus import LabelledMeeting
from nlp.evaluation.metrics import DetectionScore
from nlp.evaluation.sessions import LABELS_FILE, load_sessions, read_session_labels
from nlp.evaluation.source_scores import score_detected
from nlp.git_command import history_of

EVAL = Path(__file__).resolve().parent
AGREEMENT = EVAL / "agreement"
COMMITS = 150


def first_labels(folder: str) -> RepositoryLabels:
    """The first reading of a repository the second reader labelled again."""
    found = sorted(EVAL.glob(f"code_links*/{folder}/governs.tsv"))
    if len(found) != 1:
        raise SystemExit(f"{folder}: expected one first reading under eval/code_links*/, found {len(found)}")
    return load_labels(found[0].parent)


def listed_pairs(path: Path) -> dict[str, set[str]]:
    """Commit → the ADRs check-diff listed, from ``eval code-links --pairs`` (rows ``right`` or ``wrong``)."""
    listed: dict[str, set[str]] = {}
    with path.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            if row["verdict"] in ("right", "wrong"):
                listed.setdefault(row["commit"], set()).add(row["adr"])
    return listed


def code_link_agreement(clones: Path, listed: Mapping[str, set[str]] | None) -> None:
    comparisons = [
        "second against first",
        *(["check-diff against first", "check-diff against second"] if listed is not None else []),
    ]
    pooled = {name: PairScore() for name in comparisons}
    for folder in sorted(p.name for p in (AGREEMENT / "code_links").iterdir() if p.is_dir()):
        first, second = first_labels(folder), load_labels(AGREEMENT / "code_links" / folder)
        if first.commit != second.commit:
            raise SystemExit(f"{folder}: the readings are of different commits")
        scores = {name: PairScore() for name in comparisons}
        for commit in history_of(clones / folder)[:COMMITS]:
            want_first, unclear_first = expected_adrs(first, commit.changed)
            want_second, unclear_second = expected_adrs(second, commit.changed)
            ignored = unclear_first | unclear_second
            got = frozenset(listed.get(commit.sha, set())) if listed is not None else frozenset()
            pairs = {
                "second against first": (want_second, want_first),
                "check-diff against first": (got, want_first),
                "check-diff against second": (got, want_second),
            }
            for name in comparisons:
                scored = ScoredCommit(commit.sha, *pairs[name], ignored)
                scores[name].add(scored)
                pooled[name].add(scored)
        _print_pairs(first.repo, scores)
    _print_pairs("pooled", pooled)


def _print_pairs(title: str, scores: Mapping[str, PairScore]) -> None:
    print(title)
    for name, s in scores.items():
        print(
            f"  {name:26} P {s.precision:.2f}  R {s.recall:.2f}  F1 {s.f1:.2f}"
            f"  (both {s.true_positive}, only listed {s.false_positive}, only expected {s.false_negative})"
        )


def session_agreement(eval_data: Path, model: bool) -> None:
    text = eval_data / "sessions"
    first, second = _both_readings(
        "sessions",
        load_sessions(EVAL / "sessions", text, EVAL / "sessions" / "read.txt"),
        load_sessions(AGREEMENT / "sessions", text, AGREEMENT / "sessions" / "read.txt"),
        _session_anchors(EVAL / "sessions"),
        _session_anchors(AGREEMENT / "sessions"),
        "build it as eval/sessions/README.md says",
    )
    if model:
        _print_against_both("detector (out of fold)", first, second, out_of_fold_detections(eval_data, _ids(second)))


def chat_agreement(eval_data: Path, model: bool) -> None:
    text = eval_data / "chat"
    read = set((AGREEMENT / "chat" / "read.txt").read_text(encoding="utf-8").split())
    first, second = _both_readings(
        "conversations",
        load_chat(EVAL / "chat", text),
        [m for m in load_chat(AGREEMENT / "chat", text) if m.conversation.session_id in read],
        _chat_anchors(EVAL / "chat"),
        _chat_anchors(AGREEMENT / "chat"),
        "build it as eval/chat/README.md says",
    )
    if model:
        _print_against_both("shipped detector", first, second, shipped_detections(first))


def _both_readings(
    what: str,
    first_all: list[LabelledMeeting],
    second: list[LabelledMeeting],
    first_anchors: Mapping[str, list[int]],
    second_anchors: Mapping[str, list[int]],
    how_to_build: str,
) -> tuple[list[LabelledMeeting], list[LabelledMeeting]]:
    """The conversations the second reader read, as each reading labels them, and each
    reading's decisions scored as detections against the other's units (a detection in the
    other's ``unsure`` unit counts neither way). Returns (first, second), in one order."""
    if not second:
        raise SystemExit(f"no text for the second reading: {how_to_build}")
    read = _ids(second)
    by_id = {m.conversation.session_id: m for m in first_all if m.conversation.session_id in read}
    first = [by_id[m.conversation.session_id] for m in second]
    print(
        f"{what} read twice: {len(first)}; decisions: first reading {sum(len(m.targets) for m in first)}, "
        f"second {sum(len(m.targets) for m in second)}"
    )
    for title, truth, detections in (
        ("second reading against the first", first, second_anchors),
        ("first reading against the second", second, first_anchors),
    ):
        scores = score_detected(truth, {session: detections.get(session, []) for session in read})[0]
        _print_detections(title, scores.score.pooled)
        if scores.non_routine is not None:
            _print_detections("  the same, triage outcomes set apart", scores.non_routine.pooled)
    return first, second


def _session_anchors(folder: Path) -> dict[str, list[int]]:
    return _decision_anchors((f"{r.group}/{r.session}", r.anchor, r.label) for r in read_session_labels(folder / LABELS_FILE))


def _chat_anchors(folder: Path) -> dict[str, list[int]]:
    return _decision_anchors(
        (r.conversation, r.anchor, r.label) for f in sorted(folder.glob(f"*/{CHAT_LABELS}")) for r in read_labels(f)
    )


def _decision_anchors(rows: Iterable[tuple[str, int, str]]) -> dict[str, list[int]]:
    """A reading's decisions as detections: the message each ``decision`` row anchors on
    (``unsure`` rows are left out, as the loaders leave them out of the units)."""
    found: dict[str, set[int]] = {}
    for conversation, anchor, label in rows:
        if label == "decision":
            found.setdefault(conversation, set()).add(anchor)
    return {conversation: sorted(seqs) for conversation, seqs in found.items()}


def _ids(meetings: Iterable[LabelledMeeting]) -> set[str]:
    return {m.conversation.session_id for m in meetings}


def _print_against_both(
    who: str, first: list[LabelledMeeting], second: list[LabelledMeeting], detected: dict[str, list[int]]
) -> None:
    _print_detections(f"{who} against the first", score_detected(first, detected)[0].score.pooled)
    _print_detections(f"{who} against the second", score_detected(second, detected)[0].score.pooled)


def shipped_detections(meetings: list[LabelledMeeting]) -> dict[str, list[int]]:
    """The shipped model's detections at its own points. It never trained on real chat
    (docs/quality.md), so every one of these conversations is unseen by it."""
    from api.cli.eval_common import detector
    from nlp.detector_model import shipped_model
    from nlp.evaluation.source_scores import anchors_of
    from nlp.evaluation.train import featurize

    model = shipped_model()
    return {i.meeting.conversation.session_id: anchors_of(i, model) for i in featurize(detector(), meetings)}


def _print_detections(title: str, score: DetectionScore) -> None:
    print(
        f"  {title:44} P {score.precision:.3f}  R {score.recall:.3f}  F1 {score.f1:.3f}"
        f"  ({score.found} of {score.units} found, {score.correct} of {score.predicted} right)"
    )


def out_of_fold_detections(eval_data: Path, sessions: set[str]) -> dict[str, list[int]]:
    """The shipped detector's out-of-fold detections of the development sessions, at each
    owner's nested points, as ``eval detect --groups --source sessions`` makes them."""
    from api.cli.eval_common import detector
    from nlp.detector_model import OPERATING_CONFIDENCE
    from nlp.evaluation.cross_validation import fold_logits, out_of_fold
    from nlp.evaluation.labelled_sources import Places, load_labelled
    from nlp.evaluation.operating_points import candidate_scores, nested_points
    from nlp.evaluation.source_scores import anchors_at
    from nlp.evaluation.train import featurize

    places = Places(eval_dir=EVAL, shared=EVAL.parent.parent / "shared" / "data", extra=eval_data)
    meetings = [m for m in load_labelled(places) if m.source == "sessions" and not m.final]
    items = featurize(detector(), meetings)
    logits = fold_logits(items, out_of_fold(items, sources=["sessions"]))
    points = nested_points(items, candidate_scores(items, logits))
    return {
        i.meeting.conversation.session_id: list(
            anchors_at(
                i,
                logits[i.meeting.conversation.session_id],
                points[i.meeting.conversation.session_id].reliable,
                OPERATING_CONFIDENCE,
            )
        )
        for i in items
        if i.meeting.conversation.session_id in sessions
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--clones",
        type=Path,
        default=Path.home() / ".cache" / "decision-journal" / "code-links",
        help="clones of the code-link repositories, <owner>__<repo> each (as for eval code-links)",
    )
    parser.add_argument("--pairs", type=Path, help="an `eval code-links --pairs FILE` over the same repositories")
    parser.add_argument("--eval-data", type=Path, default=EVAL.parent.parent / "eval-data")
    parser.add_argument(
        "--model",
        action="store_true",
        help="score the detector against both readings: sessions out of fold, chat by the shipped model (~2 min)",
    )
    args = parser.parse_args()
    print("code links: (commit, ADR) pairs over each repository's last 150 non-merge commits")
    code_link_agreement(args.clones, listed_pairs(args.pairs) if args.pairs else None)
    print("\nsessions: decisions found, the evaluation's scorer")
    session_agreement(args.eval_data, args.model)
    print("\nreal chat: decisions found, the evaluation's scorer")
    chat_agreement(args.eval_data, args.model)


if __name__ == "__main__":
    main()
