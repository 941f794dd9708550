"""What the spoken-meeting detector sees of a turn: the turn, the stretch around it, and its uptake.

A transcribed meeting is scored by a model of its own (``DetectorModel.spoken``), beside the
model every other kind shares, trained on the AMI decision labels alone (``eval/ami``). The
spoken weights are a vector of their own, so nothing the spoken model learns reaches a minutes
file's or a chat's score; what it reads beyond the shared names is named under ``SPOKEN_PREFIX``.

What decides in a design meeting, from the AMI labels: a proposal that others take up ("so
we'll go with the rubber case then" - "Yeah." - "Okay."), said in a stretch of talk about
one thing, mostly by the person who runs the meeting, often late in it. What does not: one
person's "maybe we could", a question, a backchannel, a joke. So, per turn:

- what the shared model reads of it (``ConversationFeatures.names``: its words and word
  pairs, its neighbours' first words, its length, whether it asks, whether its speaker is
  the chair, its position, its rule signals), with weights learned again from AMI alone;
- how it opens, and whether it is a backchannel;
- the rule signals of the turns around it (the stretch: ``STRETCH`` turns either side), the
  content words the stretch shares with it (a subject talked about over several turns is one
  that gets settled), how many speakers the stretch has;
- the two turns before it: whether one asked, whether the speaker changed;
- its uptake: in the ``UPTAKE`` turns after it, how many other speakers agree ("yeah",
  "okay", "sounds good"), whether one objects ("but", "no") or asks back.

Unlike a session's, a turn's features read the turns after it (its uptake): a meeting
transcript is ingested whole, after the meeting, not as it grows.
"""

from __future__ import annotations

import re
from collections import Counter

from nlp.detector_features import (
    SPOKEN,
    ConversationFeatures,
    hashed_names,
    is_backchannel,
    is_short_agreement,
    tokens,
    word_names,
)

SPOKEN_PREFIX = "spoken2|"
"""Every feature name of the spoken model starts with this (the shared model's spoken words
are ``spoken|``; these are another model's, so another name)."""
STRETCH = 3
"""Turns either side of a turn that make its stretch."""
UPTAKE = 4
"""Turns after a turn read for its uptake."""
NEIGHBOUR_WORDS = 4
_OBJECTION = re.compile(r"^\W*(?:(?:um+|uh+|well|yeah|yes)\W+)*(?:but|no|nah|not|i don'?t|i'm not sure|hmm+)\b", re.IGNORECASE)
_STOP = frozenset(
    "the a an and or but so to of in on at for it is that this i you we they he she be are was were um uh mm hmm yeah "
    "okay ok like just it's that's i'm we're you're don't do does did have has had with as if then there what which "
    "would could can will 'll gonna not no yes right well one <num> ?".split()
)


def _bucket(n: int) -> str:
    return "0" if n == 0 else "1" if n == 1 else "2" if n == 2 else "3+"


class _Turns:
    """What every turn's features read of the other turns, computed once per meeting."""

    def __init__(self, features: ConversationFeatures) -> None:
        messages = features.messages
        self.words = [tokens(m.content) for m in messages]
        self.content = [{w for w in words if w not in _STOP and len(w) > 2} for words in self.words]
        self.asks = [m.content.rstrip().endswith("?") for m in messages]
        self.backchannel = [is_backchannel(m.content) for m in messages]
        self.agrees = [
            is_short_agreement(m.content) or (back and _ASSENT.search(m.content) is not None)
            for m, back in zip(messages, self.backchannel, strict=True)
        ]
        self.objects = [not agrees and _OBJECTION.match(m.content) is not None for m, agrees in zip(messages, self.agrees, strict=True)]


_ASSENT = re.compile(r"\b(yeah|yes|okay|ok|right|yep|sure)\b", re.IGNORECASE)


def spoken_names(features: ConversationFeatures, seq: int, turns: _Turns) -> list[str]:
    """The names of what the spoken model reads of the turn at ``seq`` beyond the shared
    model's names (``ConversationFeatures.names``), each under ``SPOKEN_PREFIX``."""
    messages = features.messages
    message = messages[seq]
    own = turns.words[seq]
    names = ["bias"]
    if own:
        names.append(f"first:{own[0]}")
        if len(own) > 1:
            names.append(f"first2:{own[0]}_{own[1]}")
    if turns.backchannel[seq]:
        names.append("backchannel")
    elif features.replies[seq]:
        names.append("reply")
    total = len(messages)
    # The stretch: what the turns around this one signal, and the words they share with it.
    around = [other for other in range(max(0, seq - STRETCH), min(total, seq + STRETCH + 1)) if other != seq]
    stretch_signals = Counter(name for other in around for name in features.signals(other))
    names += [f"stretch_sig:{name}:{_bucket(count)}" for name, count in stretch_signals.items()]
    names.append(f"stretch_cued:{_bucket(sum(1 for other in around if features.signals(other)))}")
    content = turns.content[seq]
    shared = set().union(*(turns.content[other] & content for other in around)) if content else set()
    names.append(f"stretch_shared:{_bucket(len(shared))}")
    names += [f"stretch_w:{w}" for w in sorted(shared)]
    speakers = {messages[other].author for other in around if messages[other].author}
    names.append(f"stretch_speakers:{_bucket(len(speakers))}")
    # Before: a question or proposal this turn may answer or settle.
    for distance in (1, 2):
        other = seq - distance
        if other < 0:
            break
        names.append(f"p{distance}:{'same' if messages[other].author == message.author else 'other'}")
        if turns.asks[other]:
            names.append(f"p{distance}:question")
    # After: who takes it up.
    agreeing: set[str] = set()
    objects = asks = False
    for other in range(seq + 1, min(total, seq + UPTAKE + 1)):
        later = messages[other]
        if later.author == message.author:
            continue
        if turns.agrees[other]:
            agreeing.add(later.author or f"#{other}")
        objects = objects or turns.objects[other]
        asks = asks or turns.asks[other]
    names.append(f"uptake:{_bucket(len(agreeing))}")
    if objects:
        names.append("uptake:objects")
    if asks:
        names.append("uptake:asks")
    return [f"{SPOKEN_PREFIX}{name}" for name in names]


def spoken_rows(features: ConversationFeatures) -> list[list[int]]:
    """The hashed features of every turn, in order: the shared model's names of it
    (``ConversationFeatures.hashed``; the spoken weights are a vector of their own, so the same
    names learn their own weights) and ``spoken_names``."""
    turns = _Turns(features)
    return [sorted({*features.hashed(m.seq), *hashed_names(spoken_names(features, m.seq, turns))}) for m in features.messages]


def spoken_turns(features: ConversationFeatures) -> _Turns:
    """What ``spoken_names`` reads of a meeting's turns (for callers that name single turns)."""
    return _Turns(features)


def sentence_names(text: str) -> list[str]:
    """The word features of a sentence alone, as a turn's own words are named in its row
    (``word_names`` of a spoken meeting, and how it opens): what the spoken model says of a
    sentence's words, to pick the one that states a unit."""
    own = tokens(text)
    names = word_names(text, SPOKEN)
    if own:
        names.append(f"{SPOKEN_PREFIX}first:{own[0]}")
        if len(own) > 1:
            names.append(f"{SPOKEN_PREFIX}first2:{own[0]}_{own[1]}")
    return names
