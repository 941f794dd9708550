"""A rejected option a change names is brought back only if the repository did not use it
already. A decision that turned Django down for one part is not reopened by every
``from django…`` line of a Django project: the name was in its code before the change. So
check-diff keeps a rejected option named again only when no code file of the base revision
names it (documents do not count: the decision's own ADR names what it rejected)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from api.usecases.path_check import PathReport
from nlp.code_links.tree import is_code
from nlp.git_command import grep_files
from nlp.reintroduction import grep_spellings


def without_options_in_use(report: PathReport, repo: Path, base: str) -> PathReport:
    """``report`` without the rejected options named again that ``base``'s code already names."""
    terms = {back.term for item in report.governed for back in item.reintroduced}
    in_use = {term for term in sorted(terms) if _used(repo, base, term)}
    if not in_use:
        return report
    governed = tuple(
        replace(item, reintroduced=tuple(back for back in item.reintroduced if back.term not in in_use))
        for item in report.governed
    )
    return replace(report, governed=governed)


def _used(repo: Path, base: str, term: str) -> bool:
    """Whether a code file of ``base`` names ``term`` by one of its spellings."""
    for pattern, any_case in grep_spellings(term):
        if any(is_code(path) for path in grep_files(repo, [pattern], base, ignore_case=any_case)):
            return True
    return False
