"""Why do the worst W3C groups score low? The out-of-fold detections of every W3C meeting (issue 45)

A probe for docs/experiments/2026-11-27-w3c-worst-groups.md, not part of the product. It reads
every labelled source as ``decision-journal eval detect --groups`` does (features cached in
``--cache``), trains the fold models (``out_of_fold``), scores each group at points chosen without
it (``nested_points``) and writes, per W3C meeting outside the final split: its kind, the point it
was scored at, its detections (anchor, log-odds, text, right or wrong) and its non-routine
resolutions (window, found or not, best log-odds inside). The stored figures it prints are the
command's.

Usage (a quarter of an hour on a busy 2-core machine, most of it the first reading):
    PYTHONPATH=. python eval/probe_w3c_worst.py --out /tmp/w3c_oof.json
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from api.cli.eval_common import detector, extra_dir, shared_dir
from api.cli.eval_detect_cmd import _scored
from nlp.detector_model import confidences_at, operating_logit_of
from nlp.evaluation.cross_validation import fold_logits, out_of_fold
from nlp.evaluation.labelled_sources import Places, load_labelled
from nlp.evaluation.operating_points import candidate_scores, nested_points
from nlp.evaluation.source_scores import anchors_at
from nlp.evaluation.train import Featurized, featurize


def read(places: Places, cache: Path) -> list[Featurized]:
    """Every labelled meeting outside the final split, featurized (``cache`` when there)."""
    if cache.is_file():
        return list(pickle.loads(cache.read_bytes()))
    items = featurize(detector(), [m for m in load_labelled(places) if not m.final])
    cache.write_bytes(pickle.dumps(items))
    return items


def meeting_detail(item: Featurized, logits: np.ndarray, reliable: dict[str, float]) -> dict[str, Any]:
    """One W3C meeting's detections and non-routine resolutions at its stored point."""
    meeting = item.meeting
    messages = meeting.conversation.messages
    kind = item.features.operating_kind
    anchors = anchors_at(item, logits, reliable)
    targets = [t for t in meeting.targets if not t.routine]
    routine_only = frozenset().union(*(t.messages for t in meeting.targets if t.routine)) - frozenset().union(
        *(t.messages for t in targets))
    point = operating_logit_of(reliable, kind)
    return {
        "session": meeting.conversation.session_id, "group": meeting.group, "kind": kind, "point": point,
        "messages": len(messages),
        "confidence_at": [round(float(c), 3) for c in confidences_at(logits, point)],
        "logits": [round(float(v), 3) for v in logits],
        "detections": [
            {"seq": seq, "logit": round(float(logits[seq]), 3), "right": seq in meeting.positives,
             "routine_only": seq in routine_only, "author": messages[seq].author, "text": messages[seq].content[:200]}
            for seq in anchors
        ],
        "resolutions": [
            {"window": [min(t.messages), max(t.messages)], "found": bool(set(anchors) & t.messages),
             "best_logit": round(float(max(logits[s] for s in t.messages)), 3),
             "best_seq": int(max(t.messages, key=lambda s: logits[s]))}
            for t in targets
        ],
    }


class OutOfFold(NamedTuple):
    """Every labelled meeting with its out-of-fold log-odds, nested points and the command's rows."""

    items: list[Featurized]
    logits: dict[str, np.ndarray]
    points: dict[str, Any]
    rows: list[dict[str, Any]]


def probe_arguments(description: str) -> argparse.Namespace:
    """``--cache`` (the featurized meetings, shared by the probes) and ``--out``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/probe_w3c_worst.pkl"))
    parser.add_argument("--out", type=Path, required=True)
    return parser.parse_args()


def scored_out_of_fold(cache: Path) -> OutOfFold:
    """Train the fold models, choose the nested points and print the stored figures as
    ``eval detect --groups`` does."""
    items = read(Places(Path("eval"), shared_dir(None), extra_dir(None)), cache)
    weights = out_of_fold(items, lambda line: print(line, file=sys.stderr))
    logits = fold_logits(items, weights)
    points = nested_points(items, candidate_scores(items, logits))
    rows, _ = _scored(items, logits, points)
    for row in rows:
        if row["system"] == "ours":
            print(f"{row['source']:<26} P {row['precision']:.3f} R {row['recall']:.3f} F1 {row['f1']:.3f} "
                  f"({row['found']}/{row['targets']}, {row['detections']})")
    return OutOfFold(items, logits, points, rows)


def main() -> None:
    args = probe_arguments((__doc__ or "").splitlines()[0])
    scored = scored_out_of_fold(args.cache)
    detail = [meeting_detail(item, scored.logits[item.meeting.conversation.session_id],
                             scored.points[item.meeting.conversation.session_id].reliable)
              for item in scored.items if item.meeting.source == "w3c"]
    args.out.write_text(json.dumps({"rows": scored.rows, "meetings": detail}, indent=1))


if __name__ == "__main__":
    main()
