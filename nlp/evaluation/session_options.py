"""Whether extraction keeps the options a session rejected (issue 46, part 5).

Readers wrote, for each decision, the options the session named and turned down ("start from
scratch on main", "polling"), in their own words. A labelled decision counts as found when the
pipeline stores a decision or draft whose messages meet the decision's unit; its rejected
options count as kept when that extraction's alternatives name one of them: an alternative and
a labelled option match when one holds the other, or when they share a content word (a name,
"polling", "websocket"), since the reader paraphrased and the extraction quotes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from nlp.evaluation.sessions import SessionLabel
from nlp.schema import ExtractedDecision

_WORD = re.compile(r"[a-z][a-z0-9+#.-]{3,}")
_COMMON = frozenset({
    "with", "from", "that", "this", "into", "than", "then", "them", "they", "their", "there", "over",
    "just", "only", "each", "every", "some", "more", "less", "same", "other", "instead", "rather",
    "using", "keep", "keeping", "make", "making", "code", "file", "files", "version", "approach",
    "option", "current", "existing", "separate", "single", "new", "old", "based", "inside", "without",
})


@dataclass
class OptionsScore:
    """Labelled decisions naming rejected options: how many, how many extraction found, and
    of those how many keep at least one of the options (and any alternative at all)."""

    labelled: int = 0
    found: int = 0
    any_alternative: int = 0
    kept: int = 0

    @property
    def kept_share(self) -> float:
        """Of the found decisions, the share whose alternatives name a rejected option."""
        return self.kept / self.found if self.found else 0.0


def content_words(text: str) -> set[str]:
    """The words of ``text`` that can name an option (four letters or more, not common glue)."""
    return {word.strip(".-") for word in _WORD.findall(text.lower())} - _COMMON


def same_option(extracted: str, labelled: str) -> bool:
    """Whether an extracted alternative names the option a reader wrote down."""
    a, b = extracted.lower().strip(), labelled.lower().strip()
    return bool(a and b) and (a in b or b in a or bool(content_words(a) & content_words(b)))


def score_options(
    rows: Sequence[SessionLabel], extracted: Mapping[str, Sequence[ExtractedDecision]], into: OptionsScore
) -> None:
    """Add the ``decision`` rows that name rejected options; ``extracted`` maps a session id
    (``group/name``) to what the pipeline stored for it."""
    for row in rows:
        if row.label != "decision" or not row.rejected:
            continue
        into.labelled += 1
        decisions = extracted.get(f"{row.group}/{row.session}", ())
        meeting = [d for d in decisions if row.messages & set(d.messages)]
        if not meeting:
            continue
        into.found += 1
        options = [a.option for d in meeting for a in d.alternatives]
        into.any_alternative += bool(options)
        into.kept += any(same_option(option, labelled) for option in options for labelled in row.rejected)
