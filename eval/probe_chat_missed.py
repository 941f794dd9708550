"""Why does real chat score low? Out-of-fold misses and wrong detections of every real chat source (issue 45)

A probe for docs/experiments/2026-11-27-real-chat.md, not part of the product. It reads every
labelled source as ``decision-journal eval detect --groups`` does (features cached in ``--cache``,
the same cache as ``eval/probe_w3c_worst.py``), trains the fold models (``out_of_fold``), scores
each group at points chosen without it (``nested_points``) and writes, per real chat
conversation outside the final split: the kind it is read as, the point it was scored at, its
detections (anchor, log-odds, signals, text, right or wrong) and its non-triage decisions (window,
found or not, best log-odds inside, whether the anchor passed the candidate pre-filter).

Usage (a quarter of an hour on a busy 2-core machine when the cache must be built):
    PYTHONPATH=. python eval/probe_chat_missed.py --out /tmp/chat_oof.json
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Any

import numpy as np

from eval.probe_w3c_worst import probe_arguments, scored_out_of_fold
from nlp.detector_model import operating_logit_of
from nlp.evaluation.source_scores import anchors_at
from nlp.evaluation.train import Featurized


def conversation_detail(item: Featurized, logits: np.ndarray, reliable: dict[str, float]) -> dict[str, Any]:
    """One chat's detections and non-triage decisions at its stored point."""
    meeting = item.meeting
    messages = meeting.conversation.messages
    features = item.features
    kind = features.operating_kind
    anchors = anchors_at(item, logits, reliable)
    targets = [t for t in meeting.targets if not t.routine]
    point = operating_logit_of(reliable, kind)
    return {
        "session": meeting.conversation.session_id, "group": meeting.group, "kind": kind, "point": point,
        "messages": len(messages),
        "detections": [
            {"seq": seq, "logit": round(float(logits[seq]), 3), "right": seq in meeting.positives,
             "signals": list(features.signals(seq)), "author": messages[seq].author,
             "text": messages[seq].content[:200]}
            for seq in anchors
        ],
        "decisions": [
            {"window": [min(t.messages), max(t.messages)], "found": bool(set(anchors) & t.messages),
             "best_logit": round(float(max(logits[s] for s in t.messages)), 3),
             "best_seq": int(max(t.messages, key=lambda s: logits[s])),
             "candidates": sum(1 for s in t.messages if features.signals(s)),
             "signals": sorted({n for s in t.messages for n in features.signals(s)}),
             "texts": [messages[s].content[:160] for s in sorted(t.messages)][:4]}
            for t in targets
        ],
    }


def summary(detail: list[dict[str, Any]]) -> None:
    """Counts over every source: kinds, misses by cause, wrong detections by signal."""
    kinds = Counter((d["group"], d["kind"]) for d in detail)
    print("kinds:", dict(kinds), file=sys.stderr)
    for group in sorted({d["group"] for d in detail}):
        rows = [d for d in detail if d["group"] == group]
        decisions = [x | {"point": d["point"]} for d in rows for x in d["decisions"]]
        missed = [x for x in decisions if not x["found"]]
        no_candidate = sum(1 for x in missed if x["candidates"] == 0)
        near = sum(1 for x in missed if x["best_logit"] >= x["point"] - 1.0)
        wrong = [x for d in rows for x in d["detections"] if not x["right"]]
        right = [x for d in rows for x in d["detections"] if x["right"]]
        print(f"{group:<26} decisions {len(decisions)} missed {len(missed)} (no candidate {no_candidate}, "
              f"within 1 logit of point {near}); detections right {len(right)} wrong {len(wrong)}", file=sys.stderr)
        print("   missed signals:", Counter(n for x in missed for n in x["signals"]).most_common(8), file=sys.stderr)
        print("   wrong signals:", Counter(n for x in wrong for n in x["signals"]).most_common(8), file=sys.stderr)
        print("   right signals:", Counter(n for x in right for n in x["signals"]).most_common(8), file=sys.stderr)


def main() -> None:
    args = probe_arguments((__doc__ or "").splitlines()[0])
    scored = scored_out_of_fold(args.cache)
    detail = [conversation_detail(item, scored.logits[item.meeting.conversation.session_id],
                                  scored.points[item.meeting.conversation.session_id].reliable)
              for item in scored.items if item.meeting.source == "chat"]
    summary(detail)
    args.out.write_text(json.dumps({"rows": scored.rows, "conversations": detail}, indent=1))

if __name__ == "__main__":
    main()
