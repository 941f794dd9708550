"""What the voting-minutes detector sees of a message: the shared features and the vote run around it.

Minutes that vote (``detector_features.kind_of``: IRC-scribed W3C minutes, a chat that polls
with "+1") are scored by a model of their own (``DetectorModel.voting``), beside the model
every other kind shares. Trained into the shared weights, the voting kind's groups pulled its
operating point to wherever the other kinds' data put it; with weights of its own, nothing it
learns reaches a chat's, a note's or a spoken meeting's score, and back.

It reads every feature the shared model reads of a message (``ConversationFeatures.names``)
and, under ``VOTE_RUN_PREFIX``, the run of votes around it. A resolution in such minutes is a
proposal (often typed on a line of its own that is not in the text), a run of "+1"s from
several people, and the chair moving on; a straw poll draws votes too, but mixed ones, and the
group goes on discussing. So, per message:

- the run of votes right after it: how many people voted, how many against ("-1") or
  abstaining ("0", "+0.5"), whether all were for it, and the first words said after the run
  ("resolved", "next topic", or more discussion);
- for a vote: how long its run is, whether it is the run's last vote, and the first words of
  the message that opened the run;
- how many people vote in the run after it (and, for a vote, in its own run) as a share of the
  meeting's largest poll (``poll_share``): a resolution is put to the whole room, while a straw
  poll, a "+1 to that" or a run that only part of the room answers draws fewer. The count alone
  cannot tell them apart across groups of 5 and of 20 people (W3C non-routine, cross-validated by
  group: F1 0.752 -> 0.799, docs/experiments/2026-11-27-w3c-worst-groups.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from nlp.detector_features import RUN_GAP, ConversationFeatures, hashed_names, is_dissent, is_vote, tokens
from nlp.schema import Message

VOTE_RUN_PREFIX = "vote_run|"
"""Every feature name this module adds starts with this."""
EDGE_WORDS = 4
"""Words of the message before and after a run that are features."""


def _bucket(n: int) -> str:
    return "0" if n == 0 else "1" if n == 1 else "2" if n == 2 else "3-4" if n <= 4 else "5-7" if n <= 7 else "8+"


def run_after(messages: Sequence[Message], seq: int) -> list[int]:
    """The votes of the run that starts right after ``seq`` (up to ``RUN_GAP`` other messages
    between two votes), in order; empty when the next messages are not votes."""
    found: list[int] = []
    misses = 0
    for index in range(seq + 1, len(messages)):
        if is_vote(messages[index].content):
            found.append(index)
            misses = 0
        else:
            misses += 1
            if misses > RUN_GAP:
                break
    return found


def _voters(messages: Sequence[Message], seqs: Sequence[int]) -> int:
    return len({messages[i].author for i in seqs if messages[i].author})


def largest_poll(messages: Sequence[Message]) -> int:
    """The most people who vote in one run after a message of the meeting (``run_after``)."""
    return max((_voters(messages, run_after(messages, m.seq)) for m in messages), default=0)


def poll_share(voters: int, largest: int) -> str:
    """``voters`` as a share of the meeting's ``largest`` poll: the whole room (three quarters or
    more), most of it (half or more), part of it, or none."""
    if voters == 0 or largest == 0:
        return "none"
    share = voters / largest
    return "full" if share >= 0.75 else "most" if share >= 0.5 else "part"


def vote_run_names(features: ConversationFeatures, seq: int, largest: int | None = None) -> list[str]:
    """The vote-run features of the message at ``seq``, each under ``VOTE_RUN_PREFIX``;
    ``largest``: the meeting's ``largest_poll`` (counted here when not given)."""
    messages = features.messages
    if largest is None:
        largest = largest_poll(messages)
    names: list[str] = []
    after = run_after(messages, seq)
    voters = _voters(messages, after)
    names += [f"voters_after:{_bucket(voters)}", f"poll_share_after:{poll_share(voters, largest)}"]
    if after:
        against = sum(1 for i in after if messages[i].content.lstrip().startswith("-"))
        abstain = sum(1 for i in after if is_dissent(messages[i].content)) - against
        names += [f"against_after:{_bucket(against)}", f"abstain_after:{_bucket(abstain)}",
                  f"unanimous_after:{against == 0 and abstain == 0}"]
        end = after[-1] + 1
        if end < len(messages):
            names += [f"after_run:{w}" for w in tokens(messages[end].content, EDGE_WORDS)]
    if is_vote(messages[seq].content):
        start = end = seq
        while start > 0 and is_vote(messages[start - 1].content):
            start -= 1
        while end + 1 < len(messages) and is_vote(messages[end + 1].content):
            end += 1
        names += [f"in_run:{_bucket(end - start + 1)}", f"run_last:{seq == end}",
                  f"poll_share_in:{poll_share(_voters(messages, range(start, end + 1)), largest)}"]
        if start > 0:
            names += [f"before_run:{w}" for w in tokens(messages[start - 1].content, EDGE_WORDS)]
    return [f"{VOTE_RUN_PREFIX}{name}" for name in names]


def voting_rows(features: ConversationFeatures) -> list[list[int]]:
    """The hashed features of every message for the voting model: the shared ones and its vote run."""
    largest = largest_poll(features.messages)
    return [hashed_names([*features.names(m.seq), *vote_run_names(features, m.seq, largest)]) for m in features.messages]
