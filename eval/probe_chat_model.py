"""Would a model of their own lift real chat? Variants of the chat model, cross-validated by source (issue 45, part 5).

A probe for docs/experiments/2026-11-26-chat-model.md, not part of the product. It reads the
development chats (``detector_features.kind_of`` ``chat``: the real chat of ``eval/chat``, our
conversations and the W3C minutes that do not vote), trains the chat model
(``nlp.chat_features``) without each group (each real chat source is one) and scores that group
at operating points chosen without it (``nested_points``), as ``decision-journal eval detect
--groups --chat-model`` does for them: the chat model trains on chats alone and the chat points
are chosen on chats alone, so with no option its figures for these meetings are the full run's
(but for the one I2P meeting that polls with "+1", which is read as minutes that vote and is
left out here: 27 of the 29 I2P decisions).

Options (each a variant of the training only; scoring is unchanged):

- ``--l2 X``: the chat model's L2 (``CHAT_L2`` otherwise);
- ``--w3c-share X``: how much the minutes that do not vote weigh in its loss (1 as a source of its own);
- ``--by-folder``: each real chat source weighs as a source of its own in the loss, with its
  classes balanced within it (otherwise the three weigh as one source, ``chat``);
- ``--statements``: train on a unit's anchor and its statements only; its bare agreements
  ("+1", "ok") are left out of training (``is_reply``): they are labelled inside units, but a
  "yes" outside one looks the same;
- ``--with-shared``: the chat model reads the shared features of a message besides its own;
- ``--without-words``: without the words, word pairs and openings.

Besides stored P/R/F1 per source it prints the ranking AUC within a meeting and, per real chat
source, the best F1 any single point gives on that source itself (a ceiling of the ranking: no
choice of points can do better).

Usage (a few minutes on a busy 2-core machine; the features are read once into ``--cache``):
    .venv/bin/python eval/probe_chat_model.py [--by-folder] [--statements] [--l2 0.03] ...
"""

from __future__ import annotations

import argparse
import pickle
from dataclasses import replace
from pathlib import Path

import numpy as np

from api.cli.eval_common import detector, extra_dir, shared_dir
from api.cli.eval_detect_cmd import rows_of
from nlp.chat_features import _Chat, chat_names, chat_rows
from nlp.detector_features import CHAT, SESSION_FORMATS, hashed_names, is_reply, kind_of
from nlp.evaluation.chat import LABELS_FILE, read_labels
from nlp.evaluation.cross_validation import key_of
from nlp.evaluation.labelled_sources import Places, load_labelled
from nlp.evaluation.metrics import EMPTY
from nlp.evaluation.operating_points import CANDIDATES, candidate_scores, nested_points
from nlp.evaluation.real_metrics import mean_ranking_auc, score_targets
from nlp.evaluation.source_scores import anchors_at, score_sources
from nlp.evaluation.train import CHAT_L2, Featurized, featurize, fit

LEXICAL = ("|w:", "|b:", "|first:", "|first2:")


def chats(places: Places, cache: Path) -> list[Featurized]:
    """The development chats, featurized (read from ``cache`` when it is there)."""
    if cache.is_file():
        return list(pickle.loads(cache.read_bytes()))
    meetings = [
        m for m in load_labelled(places) if m.source in {"w3c", "chat", "conversations"} and not m.final
        and kind_of(m.conversation) == CHAT and m.conversation.source_format not in SESSION_FORMATS
    ]
    items = featurize(detector(), meetings, chat=True)
    cache.write_bytes(pickle.dumps(items))
    return items


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--l2", type=float, default=CHAT_L2)
    parser.add_argument("--w3c-share", type=float, default=1.0)
    parser.add_argument("--by-folder", action="store_true")
    parser.add_argument("--statements", action="store_true")
    parser.add_argument("--with-shared", action="store_true")
    parser.add_argument("--without-words", action="store_true")
    parser.add_argument("--cache", type=Path, default=Path("/tmp/probe_chat_model.pkl"))
    args = parser.parse_args()
    places = Places(Path("eval"), shared_dir(None), extra_dir(None))
    items = []
    for item in chats(places, args.cache):
        rows = [tuple(row) for row in chat_rows(item.features)]
        if args.without_words:
            chat = _Chat(item.features.messages)
            rows = [tuple(hashed_names([n for n in chat_names(item.features, m.seq, chat) if not any(p in n for p in LEXICAL)]))
                    for m in item.features.messages]
        if args.with_shared:
            rows = [tuple(sorted(set(own) | set(shared))) for own, shared in zip(rows, item.rows, strict=True)]
        items.append(replace(item, rows=tuple(rows), chat_rows=None))
    anchors: dict[str, set[int]] = {}
    for folder in sorted((Path("eval") / "chat").iterdir()):
        if (folder / LABELS_FILE).is_file():
            for row in read_labels(folder / LABELS_FILE):
                if row.label == "decision":
                    anchors.setdefault(row.conversation, set()).add(row.anchor)

    def trained_on(item: Featurized) -> Featurized:
        meeting = item.meeting
        if meeting.source != "chat":
            return item
        if args.statements:
            messages = meeting.conversation.messages
            kept = anchors.get(meeting.conversation.session_id, set()) | {
                seq for seq in meeting.positives if not is_reply(messages[seq].content)
            }
            left_out = set(meeting.positives) - kept
            scored = set(meeting.scored if meeting.scored is not None else range(len(messages))) - left_out
            meeting = replace(meeting, positives=frozenset(kept), scored=frozenset(scored))
        if args.by_folder:
            meeting = replace(meeting, source=f"chat:{meeting.group}")
        return replace(item, meeting=meeting)

    logits: dict[str, np.ndarray] = {}
    for key in sorted({key_of(item.meeting) for item in items}):
        weights = fit([trained_on(i) for i in items if key_of(i.meeting) != key], l2=args.l2,
                      source_weights={"qmsum": 0.0, "w3c": args.w3c_share})
        for item in items:
            if key_of(item.meeting) == key:
                logits[item.meeting.conversation.session_id] = np.array(
                    [weights[list(row)].sum() for row in item.rows], dtype=np.float64)
    points = nested_points(items, candidate_scores(items, logits))
    for system, which in (("stored", "reliable"), ("with drafts", "draft")):
        for scores in score_sources(items, logits, {}, per_session={s: getattr(p, which) for s, p in points.items()}):
            for row in rows_of(system, scores):
                groups = " ".join(f"{g} {v['f1']:.3f} ({v['found']}/{v['targets']}, {v['detections']})"
                                  for g, v in row["by_group"].items()) if row["source"].startswith("chat") else ""
                print(f"{row['source']:<20} {system:<12} P {row['precision']:.3f} R {row['recall']:.3f} F1 {row['f1']:.3f} "
                      f"({row['found']}/{row['targets']}, {row['detections']}) {groups}")
    for group in sorted({i.meeting.group for i in items if i.meeting.source == "chat"}):
        mine = [i for i in items if i.meeting.source == "chat" and i.meeting.group == group]
        auc = mean_ranking_auc((i.meeting, logits[i.meeting.conversation.session_id].tolist()) for i in mine)
        best = max(
            (sum((score_targets(i.meeting, anchors_at(i, logits[i.meeting.conversation.session_id], {CHAT: c}), routine=False)
                  for i in mine), EMPTY).f1, c)
            for c in CANDIDATES
        )
        print(f"{group}: ranking AUC {auc:.3f}; best F1 at a point chosen on it (non-triage) {best[0]:.3f} at log-odds {best[1]}")


if __name__ == "__main__":
    main()
