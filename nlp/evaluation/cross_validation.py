"""Cross-validated detection on the real data: train without a group, score that group.

Each source is held out group by group (a W3C working group, a fold of AMI or QMSum series,
a notes repository, a fold of our conversations); the model of a fold is trained on every
other group of every source, never on the final split. Each meeting is scored by the part of
the model that scores its kind (session, spoken, voting or shared), trained without its group.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from nlp.detector_features import CHAT, SESSION, SPOKEN, VOTING
from nlp.detector_model import DetectorModel
from nlp.evaluation.corpus import SOURCES, LabelledMeeting, cv_groups
from nlp.evaluation.train import CHAT_L2, SESSION_L2, SPOKEN_L2, VOTING_L2, Featurized, fit

Progress = Callable[[str], None]
SPOKEN_SOURCES = frozenset({"ami"})
"""The sources the spoken model (``nlp.spoken_features``) learns from: the AMI decision labels."""


def key_of(meeting: LabelledMeeting) -> tuple[str, str]:
    return meeting.source, meeting.group


def out_of_fold(
    items: Sequence[Featurized], progress: Progress | None = None, sources: Sequence[str] = SOURCES,
    shared_of_spoken: dict[str, np.ndarray] | None = None,
) -> dict[str, np.ndarray]:
    """Session id → weights of the fold model that never saw that session's group (of the
    groups of ``sources``; every source is trained on). A session is scored by a session model,
    a spoken meeting read for the spoken model (``is_spoken``) by a spoken model trained on
    the other groups of ``SPOKEN_SOURCES``, everything else by the shared model, which trains
    on every other group's shared rows; minutes that vote (``is_voting``) by a voting model
    trained on the other groups' minutes that vote (the shared one trains on them too, as before
    they had a model of their own); chats read for the chat model (``is_chat``) by a chat model
    trained on the other groups' chats (the shared one trains on them too). ``shared_of_spoken``,
    when given, is filled with the shared fold weights of the spoken meetings, the minutes that
    vote and the chats read for the chat model too (what the shared model's points are chosen on)."""
    dev = [item for item in items if not item.meeting.final]
    fold_weights: dict[str, np.ndarray] = {}
    spoken_without: dict[tuple[str, str] | None, np.ndarray] = {}
    for source in sources:
        for group in cv_groups([item.meeting for item in dev], source):
            held = [item for item in dev if key_of(item.meeting) == (source, group)]
            if progress is not None:
                progress(f"training without {source}:{group}")
            for model_kind in sorted({_model_of(item) for item in held}):
                mine = [item for item in held if _model_of(item) == model_kind]
                if model_kind == SPOKEN:
                    # The spoken model learns from the spoken sources only; a group of another
                    # source (QMSum) is scored by the one trained on all of them.
                    key = (source, group) if source in SPOKEN_SOURCES else None
                    if key not in spoken_without:
                        spoken_without[key] = fit(
                            [i for i in dev if is_spoken(i) and i.meeting.source in SPOKEN_SOURCES and key_of(i.meeting) != key],
                            l2=SPOKEN_L2,
                        )
                    weights = spoken_without[key]
                elif model_kind == VOTING:
                    weights = fit([i.as_voting() for i in dev if key_of(i.meeting) != (source, group) and is_voting(i)],
                                  l2=VOTING_L2)
                elif model_kind == CHAT:
                    weights = fit([i.as_chat() for i in dev if key_of(i.meeting) != (source, group) and is_chat(i)], l2=CHAT_L2)
                elif model_kind == SESSION:
                    weights = fit([i for i in dev if key_of(i.meeting) != (source, group) and is_session(i)], l2=SESSION_L2)
                else:
                    weights = _fit_shared(dev, (source, group))
                for item in mine:
                    fold_weights[item.meeting.conversation.session_id] = weights
            if shared_of_spoken is not None and any(_has_own(item) for item in held):
                weights = _fit_shared(dev, (source, group))
                for item in held:
                    if _has_own(item):
                        shared_of_spoken[item.meeting.conversation.session_id] = weights
    return fold_weights


def _fit_shared(dev: Sequence[Featurized], held: tuple[str, str]) -> np.ndarray:
    """The shared model trained on every group but ``held``, spoken meetings on their shared rows."""
    return fit([i.shared() for i in dev if key_of(i.meeting) != held and not is_session(i)])


def _model_of(item: Featurized) -> str:
    return (SESSION if is_session(item) else SPOKEN if is_spoken(item) else VOTING if is_voting(item)
            else CHAT if is_chat(item) else "shared")


def _has_own(item: Featurized) -> bool:
    """Whether the shared model trains on ``item`` but a model of its kind's own scores it."""
    return is_spoken(item) or is_voting(item) or is_chat(item)


def is_chat(item: Featurized) -> bool:
    """Whether ``item`` is a chat read for the chat model (``featurize(chat=True)``), scored and trained by it."""
    return item.chat_rows is not None and item.features.operating_kind == CHAT


def is_voting(item: Featurized) -> bool:
    """Whether ``item`` is minutes that vote, scored and trained by the voting model."""
    return item.voting_rows is not None and item.features.operating_kind == VOTING


def is_spoken(item: Featurized) -> bool:
    """Whether ``item`` is a spoken meeting read for the spoken model (``featurize(spoken=True)``)."""
    return item.shared_rows is not None


def is_session(item: Featurized) -> bool:
    """Whether ``item`` is a coding-assistant session, scored and trained by the session model."""
    return item.features.operating_kind == SESSION


def fold_logits(
    items: Sequence[Featurized], fold_weights: dict[str, np.ndarray], voting_own: bool = True
) -> dict[str, np.ndarray]:
    """Session id → raw log-odds of its messages under the fold model that never saw it,
    computed once whatever the operating points tried. ``voting_own``: the weights of minutes
    that vote are a voting model's (read its features), not the shared model's; of a chat read
    for the chat model, the chat model's (likewise)."""
    return {
        item.meeting.conversation.session_id: DetectorModel(fold_weights[item.meeting.conversation.session_id], {}).logits(
            _own_rows(item, voting_own)
        )
        for item in items
    }


def _own_rows(item: Featurized, voting_own: bool) -> tuple[tuple[int, ...], ...]:
    if voting_own and is_voting(item) and item.voting_rows is not None:
        return item.voting_rows
    if is_chat(item) and item.chat_rows is not None:
        return item.chat_rows
    return item.rows
