"""check-diff's text and markdown answers put each related decision under its own decision."""

from __future__ import annotations

from datetime import UTC, datetime

from api.cli.check_cmd import markdown_report, text_report
from api.usecases.path_check import PathDecisions, PathReport, untouched_library
from graph.listing import GoverningLink
from graph.records import DecisionRecord
from nlp.git_command import Change

PATH = "tests/test_renewals.py"


def _decision(id_: str, summary: str, status: str = "active", **links: tuple[str, ...]) -> DecisionRecord:
    return DecisionRecord(
        id=id_, summary=summary, context=None, rationale=None, status=status,
        decided_at=datetime(2021, 6, 1, tzinfo=UTC), recorded_at=None, superseded_at=None, confidence=None,
        origin="stated", source="adr", source_path=None, session=None, messages=(), tags=(), keywords=(),
        pattern=None, category=None, reversibility=None, impact=None, quality=None, pros=(), cons=(), risks=(),
        assumptions=(), alternatives=(), stakeholders=(), decision_maker=None, files=(), features=(),
        supersedes=links.get("supersedes", ()), superseded_by=(), revisits=(), revisited_by=(),
    )


def _report() -> PathReport:
    """The replacing decision listed first, an unrelated one last (the order governing has)."""
    replacing = _decision("dec-new", "Assign a new license to a revoked user", supersedes=("dec-old",))
    other = _decision("dec-other", "How renewals are processed")
    old = _decision("dec-old", "Unrevoking licenses", status="superseded")
    return PathReport((PATH,), (PathDecisions(PATH, (replacing, other), (old,), ()),))


def test_a_replaced_decision_is_printed_under_the_decision_that_replaced_it() -> None:
    lines = text_report(_report(), "a..b", Change((PATH,), {}))
    replaces = next(i for i, line in enumerate(lines) if "replaces dec-old" in line)
    assert "dec-new" in lines[replaces - 1] and "dec-other" in lines[replaces + 1]
    assert lines[-1].lstrip().startswith("active    dec-other")


def test_the_markdown_answer_nests_it_under_the_same_decision() -> None:
    lines = markdown_report(_report(), "a..b").splitlines()
    replaces = lines.index("  - replaces `dec-old`: Unrevoking licenses")
    assert "`dec-new`" in lines[replaces - 1] and "`dec-other`" in lines[replaces + 1]


def test_a_manifest_link_is_left_alone_when_no_changed_line_names_its_library() -> None:
    link = GoverningLink("dec-1", "src/Gemfile", "manifest", True, 0.6, "src/Gemfile declares interactor, which it decides to use")
    assert untouched_library(link, ['-gem "rails", "6.0.1"', '+gem "rails", "6.1.0"']) == "interactor"
    assert untouched_library(link, ['+gem "interactor", "~> 3.1"']) is None  # its own line changes
    assert untouched_library(link, ['-gem "interactor-rails"']) == "interactor"  # another gem of a longer name
    scoped = GoverningLink("dec-2", "package.json", "manifest", True, 0.85, "package.json declares @nestjs/typeorm, which it takes up or drops")
    assert untouched_library(scoped, ['+    "typeorm": "0.3.20",']) is None  # its package named by its last part
    stated = GoverningLink("dec-3", "src/Gemfile", "stated", False, 1.0, None)
    assert untouched_library(stated, ['+gem "rails"']) is None  # only manifest links rest on one library
