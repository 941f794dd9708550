"""What link inference reads (a decision's words and where it came from) and writes."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class DecisionText:
    """A decision of one repository, as link inference reads it.

    Attributes:
        id: The decision's id.
        title: Its subject or title.
        summary: What was decided.
        body: Everything else its source says (context, rationale, the whole ADR text).
        alternatives: The options it weighed and did not choose.
        source_path: The repository-relative path of its document (an ADR), if any.
        decided_at: ISO date it was decided, if known.
        stated: The paths it names itself (linked as stated, not inferred here).
        rationale: What its source says it decides, beyond the summary (an ADR's Decision).
    """

    id: str
    title: str
    summary: str
    body: str = ""
    alternatives: tuple[str, ...] = ()
    source_path: str | None = None
    decided_at: str | None = None
    stated: tuple[str, ...] = ()
    rationale: str = ""


@dataclass(frozen=True)
class CodeLink:
    """An inferred link from a decision to a file or directory (``path`` ends with ``/``).

    Attributes:
        via: How it was inferred: ``decision-document commit``, ``commit message``,
            ``manifest``, ``import``, ``component``, ``tool config``, ``identifier``,
            ``annotation``, ``definition``, ``citation``, ``language``, ``document link``, ``rename``, ``wording`` or
            ``git_context``.
        confidence: How strong, 0..1.
        evidence: The link in words, for people ("commit 6034ba1 added ADR 0030 and changed src/Pipfile").
        commits: The shas it rests on.
    """

    decision_id: str
    path: str
    via: str
    confidence: float
    evidence: str
    commits: tuple[str, ...] = field(default=())
