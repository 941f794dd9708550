"""What the spoken-meeting detector sees of a turn: the turn, the stretch around it, and its uptake.

A transcribed meeting is scored by a model of its own (``DetectorModel.spoken``), beside the
model every other kind shares, trained on the AMI decision labels alone (``eval/ami``). Every
feature name here starts with ``SPOKEN_PREFIX`` and the spoken weights are a vector of their
own, so nothing the spoken model learns reaches a minutes file's or a chat's score.

What decides in a design meeting, from the AMI labels: a proposal that others take up ("so
we'll go with the rubber case then" - "Yeah." - "Okay."), said in a stretch of talk about
one thing, mostly by the person who runs the meeting, often late in it. What does not: one
person's "maybe we could", a question, a backchannel, a joke. So, per turn:

- its words and word pairs, how it opens, its length, whether it asks or is a backchannel,
  whether its speaker speaks most (the chair), where in the meeting it stands;
- the rule signals (``nlp.detect``) of the turn and of the turns around it (the stretch:
  ``STRETCH`` turns either side), and the words the stretch shares (a subject talked about
  over several turns is one that gets settled);
- the turns before it: whether one asked, whether the speaker changed, their first words;
- its uptake: in the ``UPTAKE`` turns after it, how many other speakers agree ("yeah",
  "okay", "sounds good"), whether one objects ("but", "no") or asks back, their first words;
- what the shared model reads of it (``ConversationFeatures.names``), under this model's
  prefix: learned again from the AMI labels alone (out of fold by series, AUC within a
  meeting 0.851 without them, 0.840 with; stored F1 at nested points 0.169 without, 0.187 with).

Unlike a session's, a turn's features read the turns after it (its uptake): a meeting
transcript is ingested whole, after the meeting, not as it grows.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from nlp.detector_features import ConversationFeatures, hashed_names, is_backchannel, is_short_agreement, tokens

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


def spoken_names(features: ConversationFeatures, seq: int, words: Sequence[Sequence[str]], chair: str | None) -> list[str]:
    """The feature names of the turn at ``seq`` of a spoken meeting, each under ``SPOKEN_PREFIX``.

    Args:
        features: The meeting's features (its turns and rule signals).
        seq: The turn.
        words: Every turn's tokens (``tokens``), computed once per meeting.
        chair: The speaker who speaks most turns, if any.
    """
    messages = features.messages
    message = messages[seq]
    own = words[seq]
    names = ["bias"]
    names += [f"w:{w}" for w in own]
    names += [f"b:{a}_{b}" for a, b in zip(own, own[1:], strict=False)]
    if own:
        names.append(f"first:{own[0]}")
        if len(own) > 1:
            names.append(f"first2:{own[0]}_{own[1]}")
    size = len(own)
    names.append(f"len:{'1-3' if size <= 3 else '4-10' if size <= 10 else '11-30' if size <= 30 else '31+'}")
    if message.content.rstrip().endswith("?"):
        names.append("ends_question")
    if is_backchannel(message.content):
        names.append("backchannel")
    elif features.replies[seq]:
        names.append("reply")
    if chair is not None and message.author == chair:
        names.append("chair")
    total = len(messages)
    names.append(f"position:{min(9, 10 * seq // max(1, total))}")
    signals = features.signals(seq)
    names += [f"sig:{name}" for name in signals]
    # The stretch: what the turns around this one signal, and the words they share with it.
    around = [other for other in range(max(0, seq - STRETCH), min(total, seq + STRETCH + 1)) if other != seq]
    stretch_signals = Counter(name for other in around for name in features.signals(other))
    names += [f"stretch_sig:{name}:{_bucket(count)}" for name, count in stretch_signals.items()]
    names.append(f"stretch_cued:{_bucket(sum(1 for other in around if features.signals(other)))}")
    content = {w for w in own if w not in _STOP and len(w) > 2}
    shared = {w for other in around for w in words[other] if w in content}
    names.append(f"stretch_shared:{_bucket(len(shared))}")
    names += [f"stretch_w:{w}" for w in sorted(shared)]
    speakers = {messages[other].author for other in around if messages[other].author}
    names.append(f"stretch_speakers:{_bucket(len(speakers))}")
    # Before: a question or proposal this turn may answer or settle.
    for distance in (1, 2):
        other = seq - distance
        if other < 0:
            break
        earlier = messages[other]
        same = earlier.author == message.author
        names.append(f"p{distance}:{'same' if same else 'other'}")
        if earlier.content.rstrip().endswith("?"):
            names.append(f"p{distance}:question")
        names += [f"p{distance}:w:{w}" for w in words[other][:NEIGHBOUR_WORDS]]
    # After: who takes it up.
    agreeing: set[str] = set()
    objects = asks = False
    for distance, other in enumerate(range(seq + 1, min(total, seq + UPTAKE + 1)), start=1):
        later = messages[other]
        if later.author == message.author:
            continue
        text = later.content
        if is_short_agreement(text) or (is_backchannel(text) and re.search(r"\b(yeah|yes|okay|ok|right|yep|sure)\b", text, re.I)):
            agreeing.add(later.author or f"#{other}")
        elif _OBJECTION.match(text):
            objects = True
        if text.rstrip().endswith("?"):
            asks = True
        if distance <= 2:
            names += [f"n{distance}:w:{w}" for w in words[other][:NEIGHBOUR_WORDS]]
    names.append(f"uptake:{_bucket(len(agreeing))}")
    if objects:
        names.append("uptake:objects")
    if asks:
        names.append("uptake:asks")
    names += [f"shared|{name}" for name in features.names(seq)]
    return [f"{SPOKEN_PREFIX}{name}" for name in names]


def spoken_rows(features: ConversationFeatures) -> list[list[int]]:
    """The hashed features (``spoken_names``) of every turn, in order."""
    messages = features.messages
    words = [tokens(m.content) for m in messages]
    counts = Counter(m.author for m in messages if m.author)
    chair = counts.most_common(1)[0][0] if counts else None
    return [hashed_names(spoken_names(features, m.seq, words, chair)) for m in messages]


def sentence_names(text: str) -> list[str]:
    """The word features of a sentence alone, as ``spoken_names`` spells a turn's own words:
    what the spoken model says of a sentence's words, to pick the one that states a unit."""
    own = tokens(text)
    names = ["bias", *(f"w:{w}" for w in own), *(f"b:{a}_{b}" for a, b in zip(own, own[1:], strict=False))]
    if own:
        names.append(f"first:{own[0]}")
        if len(own) > 1:
            names.append(f"first2:{own[0]}_{own[1]}")
    return [f"{SPOKEN_PREFIX}{name}" for name in names]
