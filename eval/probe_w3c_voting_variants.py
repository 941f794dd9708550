"""W3C figures of a variant of the voting model only, in minutes instead of a quarter of an hour (issue 45)

A probe for docs/experiments/2026-11-27-w3c-worst-groups.md, not part of the product. The voting
model trains on the minutes that vote alone and the voting points are chosen on them alone, so a
variant of it moves nothing but the W3C minutes that vote. This reads the features cached by
``eval/probe_w3c_worst.py`` and its out-of-fold detail of the base run (``--base``), refits the
voting fold models (``out_of_fold`` as it fits them) with each variant's rows, scores each group at
the voting points chosen without it (``nested_points``), keeps every W3C meeting read as a chat as
the base run scored it, and prints W3C non-routine stored P/R/F1 pooled and by group. ``base``
reproduces the base run's W3C row.

Usage: PYTHONPATH=. python eval/probe_w3c_voting_variants.py --base /tmp/w3c_oof.json --variants base,...
"""

from __future__ import annotations

import argparse
import json
import pickle
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from nlp.detector_features import ConversationFeatures, hashed_names, is_vote
from nlp.evaluation.cross_validation import fold_logits, is_voting, key_of
from nlp.evaluation.metrics import EMPTY, DetectionScore
from nlp.evaluation.operating_points import candidate_scores, nested_points
from nlp.evaluation.real_metrics import score_targets
from nlp.evaluation.source_scores import anchors_at
from nlp.evaluation.train import VOTING_L2, Featurized, fit
from nlp.voting_features import VOTE_RUN_PREFIX, run_after, vote_run_names, voting_rows

Variant = Callable[[Featurized], Featurized]


def _same(item: Featurized) -> Featurized:
    return item


def _reread(item: Featurized) -> Featurized:
    """The voting rows as ``nlp.voting_features`` reads them now (a changed feature)."""
    return replace(item, voting_rows=tuple(tuple(row) for row in voting_rows(item.features)))


def _run_voters(features: ConversationFeatures) -> tuple[list[int], list[int]]:
    """Per message: the people voting in the run right after it, and (for a vote) in its own run."""
    messages = features.messages
    after = [len({messages[i].author for i in run_after(messages, m.seq) if messages[i].author}) for m in messages]
    own = [0] * len(messages)
    seq = 0
    while seq < len(messages):
        if not is_vote(messages[seq].content):
            seq += 1
            continue
        end = seq
        while end + 1 < len(messages) and is_vote(messages[end + 1].content):
            end += 1
        voters = len({messages[i].author for i in range(seq, end + 1) if messages[i].author})
        for i in range(seq, end + 1):
            own[i] = voters
        seq = end + 1
    return after, own


def _share(n: int, most: int) -> str:
    if n == 0 or most == 0:
        return "none"
    share = n / most
    return "full" if share >= 0.75 else "most" if share >= 0.5 else "part"


def _with_poll_share(item: Featurized, own_run: bool = True) -> Featurized:
    """Each run's voters as a share of the meeting's largest poll: a resolution is put to the
    whole room, a straw poll or a '+1 to that' draws part of it."""
    features = item.features
    after, own = _run_voters(features)
    most = max(after, default=0)
    rows = []
    for m in features.messages:
        extra = [f"{VOTE_RUN_PREFIX}poll_share_after:{_share(after[m.seq], most)}"]
        if own_run and own[m.seq]:
            extra.append(f"{VOTE_RUN_PREFIX}poll_share_in:{_share(own[m.seq], most)}")
        rows.append(tuple(hashed_names([*features.names(m.seq), *vote_run_names(features, m.seq), *extra])))
    return replace(item, voting_rows=tuple(rows))


VARIANTS: dict[str, Variant] = {
    "base": _same, "reread": _reread, "share": _with_poll_share,
    "share_after": lambda item: _with_poll_share(item, own_run=False),
}


def run(items: list[Featurized], base: dict[str, Any], variant: Variant, l2: float) -> dict[str, DetectionScore]:
    voting = [variant(item) for item in items if is_voting(item)]
    weights = {}
    for key in sorted({key_of(item.meeting) for item in voting}):
        fitted = fit([i.as_voting() for i in voting if key_of(i.meeting) != key], l2=l2)
        for item in voting:
            if key_of(item.meeting) == key:
                weights[item.meeting.conversation.session_id] = fitted
    logits = fold_logits(voting, weights)
    points = nested_points(voting, candidate_scores(voting, logits))
    by_group: dict[str, DetectionScore] = {}
    for item in voting:
        session = item.meeting.conversation.session_id
        score = score_targets(item.meeting, anchors_at(item, logits[session], points[session].reliable), routine=False)
        by_group[item.meeting.group] = by_group.get(item.meeting.group, EMPTY) + score
    for meeting in base["meetings"]:
        if meeting["kind"] == "voting":
            continue
        dets = [d for d in meeting["detections"] if not d["routine_only"]]
        score = DetectionScore(predicted=len(dets), correct=sum(d["right"] for d in dets),
                               units=len(meeting["resolutions"]), found=sum(r["found"] for r in meeting["resolutions"]))
        by_group[meeting["group"]] = by_group.get(meeting["group"], EMPTY) + score
    return by_group


def _short(group: str) -> str:
    words = group.removeprefix("W3C ").removesuffix(" Community Group").replace("/", " ").split()
    return "".join(w[0].upper() for w in words if w not in {"and", "w3c"})


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--cache", type=Path, default=Path("/tmp/probe_w3c_worst.pkl"))
    parser.add_argument("--base", type=Path, required=True)
    parser.add_argument("--variants", default="base")
    parser.add_argument("--l2", type=float, default=VOTING_L2)
    args = parser.parse_args()
    items = [i for i in pickle.loads(args.cache.read_bytes()) if i.meeting.source == "w3c"]
    base = json.loads(args.base.read_text())
    for name in args.variants.split(","):
        by_group = run(items, base, VARIANTS[name], args.l2)
        pooled = EMPTY
        for score in by_group.values():
            pooled += score
        groups = " ".join(f"{_short(g)} {s.f1:.3f} ({s.found}/{s.units}, {s.predicted})" for g, s in sorted(by_group.items()))
        print(f"{name:<10} F1 {pooled.f1:.3f} P {pooled.precision:.3f} R {pooled.recall:.3f} "
              f"({pooled.found}/{pooled.units}, {pooled.predicted}) | {groups}", flush=True)


if __name__ == "__main__":
    main()
