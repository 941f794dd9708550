"""Building from a git mirror, choosing meetings, and the committed data it produced."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from nlp.evaluation.w3c import load_w3c
from nlp.evaluation.w3c_build.build import GitMirror, MirrorError, build_record, read_source, select
from nlp.evaluation.w3c_build.dates import meeting_date
from nlp.evaluation.w3c_build.model import MeetingRecord
from nlp.evaluation.w3c_build.sources import SOURCES, Source

EVAL_DATA = Path(os.environ.get("DJ_EVAL_DATA") or Path(__file__).resolve().parents[3].parent / "eval-data")
"""The built data is fetched-derived, kept beside the clone (``eval/w3c/README.md``), not in it."""
RESERVED_REPOS = {"w3c/publ-wg", "w3c/pm-wg", "w3c/epub-wg", "w3c/vc-wg"}
"""Held out by the project (publishing groups), or licensed against modified copies (vc-wg)."""
PUBLISHING = re.compile(r"publ|epub|pm-wg|publishing|audiobook|sync-media-pub|a11y-discov", re.I)


def _page(lines: list[str], resolution: str | None) -> str:
    body = "".join(f'<div class="comment"><span class="name">P{i % 3}</span>: {text}</div>\n' for i, text in enumerate(lines))
    marker = f'<div class="resolution"><strong>RESOLUTION:</strong> {resolution}</div>\n' if resolution else ""
    return f"<html><body><h1>CG Telecon</h1><h2>Minutes for 2014-09-09</h2>\n{body}{marker}</body></html>"


SOURCE = Source(
    repo="acme/minutes",
    commit="HEAD",
    group="Acme CG",
    split="dev",
    format="scrawl-html",
    include=r"\d{4}-\d{2}-\d{2}/index\.html",
    license="BSD",
    license_files=("LICENSE",),
    skip={"2014-09-30/index.html": "a duplicate"},
)


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)


def test_a_mirror_is_read_at_its_commit_and_skipped_paths_stay_out(tmp_path: Path) -> None:
    repo = tmp_path / "acme+minutes" / "repo"
    for day, resolution in (("2014-09-09", "Adopt the charter"), ("2014-09-16", None), ("2014-09-30", "dup")):
        (repo / day).mkdir(parents=True)
        (repo / day / "index.html").write_text(_page([f"line {n}" for n in range(25)], resolution))
    (repo / "README.md").write_text("not minutes")
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "-c", "user.email=t@example.org", "-c", "user.name=t", "commit", "-qm", "minutes")

    report = read_source(SOURCE, GitMirror.under(tmp_path, SOURCE))

    assert report.files == 2
    assert [r["path"] for r in report.records] == ["2014-09-09/index.html", "2014-09-16/index.html"]
    first = report.records[0]
    assert first["meeting_id"] == "acme/minutes:2014-09-09/index"
    assert (first["date"], first["title"], first["split"]) == ("2014-09-09", "CG Telecon — Minutes for 2014-09-09", "dev")
    assert first["resolutions"][0]["position"] == 24


def test_a_second_copy_is_kept_only_for_a_meeting_no_primary_file_has(tmp_path: Path) -> None:
    repo = tmp_path / "acme+minutes" / "repo"
    files = {
        "2014-09-09/index.html": "monday's long discussion about the charter, line",
        "raw/2014-09-09/index.html": "the etherpad copy of the same call, line",
        "2014/10-berlin/index.html": "the face-to-face meeting in Berlin, line",
        "raw/2014-10-16/index.html": "the face-to-face meeting in Berlin, line",
        "raw/2014-11-04/index.html": "a call only the etherpad kept, line",
    }
    for path, text in files.items():
        (repo / path).parent.mkdir(parents=True)
        (repo / path).write_text(_page([f"{text} {n}" for n in range(25)], "Adopt it"))
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "-c", "user.email=t@example.org", "-c", "user.name=t", "commit", "-qm", "minutes")
    source = dataclasses.replace(SOURCE, include=r"(?:raw/)?\d{4}(?:-\d{2}-\d{2}|/\d{2}-\w+)/index\.html", secondary=r"raw/.*")

    report = read_source(source, GitMirror.under(tmp_path, source))

    assert [(r["path"], r["date"]) for r in report.records] == [
        ("2014-09-09/index.html", "2014-09-09"),
        ("2014/10-berlin/index.html", "2014-10-16"),  # the copy's name gave the primary its day
        ("raw/2014-11-04/index.html", "2014-11-04"),
    ]
    assert sorted(report.duplicates) == ["raw/2014-09-09/index.html", "raw/2014-10-16/index.html"]


def test_a_missing_mirror_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(MirrorError, match="no git mirror of acme/minutes"):
        GitMirror.under(tmp_path, SOURCE)


def _record(path: str, messages: int, resolution: bool, content: str = "talk") -> MeetingRecord:
    page = _page([content] * messages, "Adopt it" if resolution else None)
    return build_record(SOURCE, path, page)


def test_selection_keeps_positives_and_at_most_a_quarter_as_many_clean_negatives() -> None:
    positives = [_record(f"2014-09-{d:02d}/index.html", 25, True) for d in range(1, 9)]
    short = _record("2014-10-01/index.html", 10, True)
    negatives = [_record(f"2014-11-{d:02d}/index.html", 45, False) for d in range(1, 6)]
    voted = _record("2014-12-01/index.html", 45, False, content="+1")
    kept = select([*positives, short, *negatives, voted])
    assert [r for r in kept if r["resolutions"]] == positives
    chosen = [r for r in kept if not r["resolutions"]]
    assert len(chosen) == 2 and all(r in negatives for r in chosen)


@pytest.mark.parametrize(
    ("path", "head", "date"),
    [
        ("pre-wg/2012-05-08/index.html", "", "2012-05-08"),
        ("2016/03-london/31-03-2016-minutes.md", "", "2016-03-31"),
        ("2015/07-ber/07-16-minutes.md", "", "2015-07-16"),
        ("2023/04-tokyo/minutes.md", "# TAG F2F\n#### 24-27 April 2023", "2023-04-24"),
        ("2015/07-ber/minutes.md", "### July 16 2015", "2015-07-16"),
        ("2016/01-mel/minutes-day2.md", "## Day 2", "2016-01"),
    ],
)
def test_dates_come_from_the_path_or_the_heading(path: str, head: str, date: str) -> None:
    assert meeting_date(path, head) == date


def test_records_load_with_the_shared_loader(tmp_path: Path) -> None:
    record = _record("2014-09-09/index.html", 25, True)
    (tmp_path / "resolutions").mkdir()
    (tmp_path / "resolutions" / "meetings.jsonl").write_text(json.dumps(record) + "\n")
    [meeting] = load_w3c(tmp_path)
    assert meeting.group == "acme/minutes"
    assert len(meeting.conversation.messages) == 25
    assert [sorted(t.messages) for t in meeting.targets] == [list(range(24 - 8, 25))]


def test_every_source_is_pinned_licensed_and_not_held_out() -> None:
    for source in SOURCES:
        assert re.fullmatch(r"[0-9a-f]{40}", source.commit), source.repo
        assert source.repo not in RESERVED_REPOS and not PUBLISHING.search(source.repo + source.group)
        assert source.license and source.license_files
    groups = {split: {s.group for s in SOURCES if s.split == split} for split in ("dev", "unseen")}
    assert len(groups["dev"]) >= 4 and len(groups["unseen"]) >= 2 and not groups["dev"] & groups["unseen"]


@pytest.mark.parametrize(("folder", "split"), [("w3c", "dev"), ("w3c_unseen", "unseen")])
def test_the_built_data_is_well_formed_and_carries_its_provenance(folder: str, split: str) -> None:
    path = EVAL_DATA / folder / "meetings.jsonl"
    if not path.is_file():
        pytest.skip(f"{path} is not built beside this checkout (eval/w3c/README.md)")
    records = [json.loads(line) for line in path.read_text().splitlines()]
    sources = {s.repo: s for s in SOURCES if s.split == split}
    assert {r["source_repo"] for r in records} == set(sources)
    for record in records:
        source = sources[record["source_repo"]]
        assert (record["split"], record["commit"], record["group"]) == (split, source.commit, source.group)
        assert record["meeting_id"] == f"{source.repo}:{record['path'].rsplit('.', 1)[0]}"
        last = len(record["messages"]) - 1
        for resolution in record["resolutions"]:
            assert -1 <= resolution["position"] <= last
            assert 0 <= resolution["topic_start"] <= resolution["position"] + 1
            assert resolution["vote_run"] <= resolution["position"] + 1
        assert not any(re.match(r"\W*(?:PROPOSAL|PROPOSED|RESOLUTION|RESOLVED)\s*:", m["content"]) for m in record["messages"])
    for repo, source in sources.items():
        for name in source.license_files:
            assert (EVAL_DATA / folder / "licenses" / repo.replace("/", "__") / name).is_file()
