"""Where do chat meetings that poll with "+1" move the W3C figures? (issue 45)

A probe for docs/experiments/2026-11-26-voting-points.md, not part of the product. It reads every
labelled source as ``decision-journal eval detect --groups`` does, trains the fold models
(``out_of_fold``), scores each group at points chosen without it (``nested_points``) and prints
every source's stored figures (with no option, exactly the figures of that command), then the
same with the real chat meetings read as minutes that vote (``source == "chat"``, kind
``voting``) kept out of one step at a time:

- ``points``: out of the choice of the voting points only (still trained on, still scored);
- ``train``: out of the voting model's training only (each voting fold model refitted
  without them; the shared model trains on them as before);
- ``both``: out of both.

With ``--without GROUP`` (repeatable) those groups' meetings are left out of everything (the
state before a source joined). The features are read once into ``--cache``; a meeting whose
kind under the code as it is differs from the cached one (a changed ``kind_of``) is read again.

Usage (a quarter of an hour on a busy 2-core machine, most of it the first reading):
    PYTHONPATH=. .venv/bin/python eval/probe_voting_points.py [--variants base,points,train,both]
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from api.cli.eval_common import detector, extra_dir, shared_dir
from api.cli.eval_detect_cmd import _scored
from nlp.detector_features import kind_of
from nlp.evaluation.cross_validation import fold_logits, is_voting, key_of, out_of_fold
from nlp.evaluation.labelled_sources import Places, load_labelled
from nlp.evaluation.operating_points import Points, candidate_scores, choose_points
from nlp.evaluation.train import VOTING_L2, Featurized, featurize, fit


def read(places: Places, cache: Path) -> list[Featurized]:
    """Every labelled meeting outside the final split, featurized (``cache`` when there; a
    meeting whose kind the code now reads differently is read again)."""
    if cache.is_file():
        items: list[Featurized] = list(pickle.loads(cache.read_bytes()))
    else:
        items = featurize(detector(), [m for m in load_labelled(places) if not m.final])
        cache.write_bytes(pickle.dumps(items))
    changed = [i for i, item in enumerate(items) if kind_of(item.meeting.conversation) != item.features.operating_kind]
    if changed:
        print(f"{len(changed)} meetings read as another kind now: "
              + ", ".join(items[i].meeting.conversation.session_id for i in changed), file=sys.stderr)
        again = featurize(detector(), [items[i].meeting for i in changed])
        for i, item in zip(changed, again, strict=True):
            items[i] = item
    return items


def chat_voting(item: Featurized) -> bool:
    return item.meeting.source == "chat" and is_voting(item)


def points_without(items: Sequence[Featurized], scores: dict[str, Any], left_out: Callable[[Featurized], bool]) -> dict[str, Points]:
    """``nested_points`` with the meetings ``left_out`` says kept out of every choice."""
    out: dict[str, Points] = {}
    for key in sorted({key_of(item.meeting) for item in items}):
        points = choose_points([i for i in items if key_of(i.meeting) != key and not left_out(i)], scores)
        for item in items:
            if key_of(item.meeting) == key:
                out[item.meeting.conversation.session_id] = points
    return out


def voting_refit(items: Sequence[Featurized], weights: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """``weights`` with every voting meeting's fold model refitted without the chat meetings that vote."""
    out = dict(weights)
    for key in sorted({key_of(item.meeting) for item in items if is_voting(item)}):
        fitted = fit([i.as_voting() for i in items if is_voting(i) and key_of(i.meeting) != key and not chat_voting(i)],
                     l2=VOTING_L2)
        for item in items:
            if is_voting(item) and key_of(item.meeting) == key:
                out[item.meeting.conversation.session_id] = fitted
    return out


def report(name: str, rows: list[dict[str, Any]]) -> None:
    for row in rows:
        if row["system"] != "ours":
            continue
        worst = min(row["by_group"].items(), key=lambda kv: kv[1]["f1"]) if row["groups"] > 1 else None
        spread = f" worst {worst[0][:28]} {worst[1]['f1']:.3f}" if worst else ""
        print(f"{name:<7} {row['source']:<26} P {row['precision']:.3f} R {row['recall']:.3f} F1 {row['f1']:.3f} "
              f"({row['found']}/{row['targets']}, {row['detections']}){spread}")
        if row["source"].startswith("w3c (") or row["source"] == "chat (non-triage)":
            print("        " + "; ".join(f"{g[:24]} {s['f1']:.3f}" for g, s in row["by_group"].items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--variants", default="base,points,train,both")
    parser.add_argument("--without", action="append", default=[], help="a group left out of everything")
    parser.add_argument("--cache", type=Path, default=Path("/tmp/probe_voting_points.pkl"))
    parser.add_argument("--json", type=Path, help="write every variant's rows here")
    args = parser.parse_args()
    places = Places(Path("eval"), shared_dir(None), extra_dir(None))
    items = [item for item in read(places, args.cache) if item.meeting.group not in args.without]
    voting_chats = [i.meeting.conversation.session_id for i in items if chat_voting(i)]
    print(f"chat meetings read as minutes that vote: {', '.join(voting_chats) or 'none'}", file=sys.stderr)
    base = out_of_fold(items, lambda line: print(line, file=sys.stderr))
    variants = args.variants.split(",")
    refit = voting_refit(items, base) if {"train", "both"} & set(variants) else base
    out: dict[str, Any] = {}
    for name in variants:
        weights = refit if name in {"train", "both"} else base
        logits = fold_logits(items, weights)
        scores = candidate_scores(items, logits)
        points = points_without(items, scores, chat_voting if name in {"points", "both"} else lambda _: False)
        rows, ranking = _scored(items, logits, points)
        report(name, rows)
        out[name] = {"rows": rows, "ranking_auc": ranking}
    if args.json is not None:
        args.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
