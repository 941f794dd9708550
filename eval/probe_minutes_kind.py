"""Would reading W3C minutes that hardly vote as minutes lift the worst groups? (issue 45, part 6)

A probe for docs/experiments/2026-11-26-detection-log.md ("Minutes that hardly vote"), not part
of the product. W3C minutes with fewer than 3 votes (or under 2% of their messages) are read by
``kind_of`` as chats and scored by the shared model at the chat points; most of what the two
worst groups (Credentials CG, DPV CG) lose is said to be in them. Each variant reads some of
those meetings as minutes instead: their features are the voting kind's (the same feature
names as the minutes that vote), the voting model trains on them and scores them, and they
get operating points of their own (operating kind ``minutes``, chosen out of fold and nested
like every other kind's). Everything else is ``decision-journal eval detect --groups``'s
cross-validation, run unchanged (the variant ``as-is`` gives its figures to the last digit).

Variants:

- ``as-is``: ``kind_of`` as shipped;
- ``every-w3c``: every W3C meeting that does not vote, chosen by its source (a ceiling: no
  reading of the text can do better at choosing them);
- ``by-form``: a conversation read as minutes by its form alone: a chat of at least
  ``THREAD_MESSAGES`` messages and 3 named speakers, at least half of them named in full
  ("First Last": a scribe's roster names people, where a chat log shows handles). The
  RESOLUTION lines the labels come from are not in the text (``nlp.evaluation.w3c``); nor are
  topics, queue commands or scribe commands (``../shared/data/resolutions/README.md``), so
  the speakers' names are the form left to read.

Usage (about 20 minutes on a busy 2-core machine with every source; ``--source w3c`` trains and
scores the W3C minutes alone, in a few minutes, exact for the meetings the voting model scores):
    .venv/bin/python eval/probe_minutes_kind.py VARIANT [--source w3c]
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path

from nlp.detect import DecisionDetector
from nlp.detector_features import SESSION, SESSION_FORMATS, THREAD_MESSAGES, VOTING, ConversationFeatures, tally
from nlp.evaluation import cross_validation, operating_points, source_scores
from nlp.evaluation.corpus import LabelledMeeting
from nlp.evaluation.labelled_sources import Places, load_labelled
from nlp.evaluation.train import Featurized
from nlp.language import load_language
from nlp.schema import Conversation
from nlp.session_features import scored_rows, structural_rows
from nlp.voting_features import voting_rows

MINUTES = "minutes"
"""The operating kind of a meeting read as minutes that hardly vote."""
FULL_NAME = re.compile(r"^[A-Z][\w'.-]*(?: [A-Z][\w'.-]*)+$")


def by_form(conversation: Conversation) -> bool:
    """Whether a chat reads as scribed minutes by its speakers' names (``by-form``)."""
    if conversation.source_format in SESSION_FORMATS:
        return False
    whole = tally(conversation.messages, conversation.preceding)
    names = [author for author in whole.authors if author]
    full = sum(1 for name in names if FULL_NAME.match(name))
    return whole.messages >= THREAD_MESSAGES and len(names) >= 3 and 2 * full >= len(names)


class MinutesFeatures(ConversationFeatures):
    """A chat read as minutes: the voting kind's feature names, the ``minutes`` points."""

    def __init__(self, conversation: Conversation, signals: dict[int, tuple[str, ...]]) -> None:
        super().__init__(conversation, signals)
        self._kind = VOTING
        self._operating_kind = MINUTES
        self._neighbour_words = True


def featurized(detector: DecisionDetector, meeting: LabelledMeeting, as_minutes: Callable[[LabelledMeeting], bool]) -> Featurized:
    """``nlp.evaluation.train.featurize`` of one meeting, read as minutes when ``as_minutes`` says."""
    conversation = meeting.conversation
    features = detector.features(conversation, detector.parse(conversation))
    if features.kind == "chat" and features.operating_kind != SESSION and as_minutes(meeting):
        features = MinutesFeatures(conversation, {m.seq: features.signals(m.seq) for m in conversation.messages})
    rows = tuple(tuple(row) for row in scored_rows(features, features.operating_kind))
    structural = tuple(tuple(row) for row in structural_rows(features)) if features.operating_kind == SESSION else None
    voting = tuple(tuple(row) for row in voting_rows(features)) if features.kind == VOTING else None
    return Featurized(meeting, features, rows, structural, voting_rows=voting)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant", choices=["as-is", "every-w3c", "by-form"])
    parser.add_argument("--source", action="append", default=[], help="train and score only this source (repeatable)")
    parser.add_argument("--shared", type=Path, default=Path("../shared/data"))
    parser.add_argument("--eval-data", type=Path, default=Path("../eval-data"))
    args = parser.parse_args()
    choose: Callable[[LabelledMeeting], bool] = {
        "as-is": lambda meeting: False,
        "every-w3c": lambda meeting: meeting.source == "w3c",
        "by-form": lambda meeting: by_form(meeting.conversation),
    }[args.variant]
    # Minutes read so are the voting model's to train and score, at points of their own.
    cross_validation.is_voting = lambda item: item.voting_rows is not None and item.features.kind == VOTING  # type: ignore[assignment]
    meetings = [m for m in load_labelled(Places(Path("eval"), args.shared, args.eval_data)) if not m.final]
    if args.source:
        meetings = [m for m in meetings if m.source in args.source]
    language = load_language()
    detector = DecisionDetector(language.nlp, light=language.light)
    items = [featurized(detector, meeting, choose) for meeting in meetings]
    kinds: dict[tuple[str, str], int] = {}
    for item in items:
        key = (item.meeting.source, item.features.operating_kind)
        kinds[key] = kinds.get(key, 0) + 1
    print("meetings by source and operating kind:", kinds)
    fold_weights = cross_validation.out_of_fold(items)
    logits = cross_validation.fold_logits(items, fold_weights)
    points = operating_points.nested_points(items, operating_points.candidate_scores(items, logits))
    for scores in source_scores.score_sources(items, logits, {}, per_session={s: p.reliable for s, p in points.items()}):
        view = scores.non_routine or scores.score
        pooled = view.pooled
        print(f"{scores.source:<14} P {pooled.precision:.3f} R {pooled.recall:.3f} F1 {pooled.f1:.3f} "
              f"{pooled.found}/{pooled.units}, {pooled.predicted} detections")
        for group, score in view.folds:
            print(f"    {group[:44]:<44} P {score.precision:.3f} R {score.recall:.3f} F1 {score.f1:.3f} "
                  f"{score.found}/{score.units}, {score.predicted} detections")


if __name__ == "__main__":
    main()
