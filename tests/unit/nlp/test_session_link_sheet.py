"""eval session-links' draw and reading sheet: a deterministic draw of the development
owners' links, a sheet that shows no confidence, and the scoring of a filled-in sheet."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from typer.testing import CliRunner

from api.cli.main import app
from nlp.evaluation.corpus import is_final
from nlp.evaluation.session_links import (
    COLUMNS,
    LinkedFile,
    StoredDecision,
    development_folders,
    draw,
    links_of,
    score_sheet,
    write_sheet,
)

DEV = ("cedar__shop", "orbit__api", "kite__web")
FINAL = "quill__tool"  # quill is an owner of the final split


def _decisions() -> list[StoredDecision]:
    out: list[StoredDecision] = []
    for repo in (*DEV, FINAL):
        for s in range(3):
            for d in range(4):
                links = tuple(LinkedFile(f"src/m{d}_{k}.py", f"the session edited it: Edit in message {10 + k}, "
                                         f"{k + 2} messages after the decision (message {8})", 0.8 - 0.02 * k)
                              for k in range(d))
                out.append(StoredDecision(repo, f"{repo}-s{s}", f"{repo}-s{s}-d{d}", f"Use option {d}", "accepted",
                                          (7, 8), links))
    return out


def test_the_final_split_s_owners_are_as_the_draw_assumes() -> None:
    assert is_final("quill") and not any(is_final(r.split("__")[0]) for r in DEV)


def test_a_draw_is_deterministic_of_its_size_and_leaves_the_final_owners_out() -> None:
    links = links_of(_decisions())
    first = draw(links, 20, seed=46)
    assert len(first) == 20 and len({(x.decision.id, x.file.path) for x in first}) == 20
    assert draw(list(reversed(links)), 20, seed=46) == first, "the order the links come in does not change the draw"
    assert draw(links, 20, seed=47) != first
    assert not [x for x in draw(links, 500, seed=46) if x.repository == FINAL]
    everything = draw(links, 500, seed=46)
    assert len(everything) == len([x for x in links if x.repository != FINAL]) == 3 * 3 * 6


def test_development_folders_leave_the_final_owners_and_other_folders_out(tmp_path: Path) -> None:
    for name in (*DEV, FINAL, "packets", "links"):
        (tmp_path / name).mkdir()
    assert [p.name for p in development_folders(tmp_path)] == sorted(DEV)


def test_the_sheet_shows_the_decision_file_and_edit_but_no_confidence(tmp_path: Path) -> None:
    drawn = draw(links_of(_decisions()), 5, seed=46)
    sheet = tmp_path / "draw.tsv"
    key = write_sheet(sheet, drawn, "5 of 54 links\ncheckouts: cedar__shop abc", tmp_path / "packets")
    lines = sheet.read_text().splitlines()
    assert [line for line in lines if line.startswith("#")][-2:] == ["# 5 of 54 links", "# checkouts: cedar__shop abc"]
    rows = list(csv.DictReader([line for line in lines if not line.startswith("#")], delimiter="\t"))
    assert tuple(rows[0]) == COLUMNS and len(rows) == 5
    first = drawn[0]
    assert rows[0]["session"] == first.decision.session and rows[0]["file"] == first.file.path
    assert rows[0]["decision_messages"] == "7,8" and rows[0]["right"] == ""
    assert rows[0]["edited_in"] == str(first.edited_in[0]) and first.edited_in[0] >= 10
    assert rows[0]["read_in"] == str(tmp_path / "packets" / f"{first.decision.session}.txt")
    assert "0.8" not in sheet.read_text() and "confidence" not in sheet.read_text().split("# Nothing")[0]
    keyed = list(csv.DictReader(key.read_text().splitlines(), delimiter="\t"))
    assert [(k["id"], k["decision_id"]) for k in keyed] == [(str(i), x.decision.id) for i, x in enumerate(drawn, 1)]


def _filled(tmp_path: Path, answers: list[tuple[str, str]]) -> Path:
    sheet = tmp_path / "filled.tsv"
    with sheet.open("w", newline="") as out:
        out.write("# a comment\n")
        writer = csv.writer(out, delimiter="\t", lineterminator="\n")
        writer.writerow(COLUMNS)
        for i, (repo, answer) in enumerate(answers, 1):
            writer.writerow((i, repo, "s", "Use Redis", "4", "app/cache.py", "6", "p.txt", answer))
    return sheet


def test_a_filled_sheet_is_scored_per_repository_and_pooled_unsure_apart(tmp_path: Path) -> None:
    answers = [("cedar__shop", "yes")] * 8 + [("cedar__shop", "no")] * 2 + [("cedar__shop", "unsure")] \
        + [("orbit__api", "Yes")] * 3 + [("orbit__api", "no")] + [("orbit__api", "")]
    score = score_sheet(_filled(tmp_path, answers))
    cedar, orbit = score.repositories["cedar__shop"], score.repositories["orbit__api"]
    assert (cedar.right, cedar.wrong, cedar.unsure, cedar.unread) == (8, 2, 1, 0)
    assert cedar.share == pytest.approx(0.8)
    low, high = cedar.interval
    assert low == pytest.approx(0.490, abs=0.001) and high == pytest.approx(0.943, abs=0.001)  # Wilson, n=10
    assert (orbit.right, orbit.wrong, orbit.unread) == (3, 1, 1)
    pooled = score.pooled
    assert (pooled.right, pooled.wrong, pooled.unsure, pooled.unread, pooled.read) == (11, 3, 1, 1, 14)
    assert pooled.share == pytest.approx(11 / 14)


def test_a_sheet_with_an_unknown_answer_or_no_right_column_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="row 2: right 'maybe'"):
        score_sheet(_filled(tmp_path, [("cedar__shop", "yes"), ("cedar__shop", "maybe")]))
    other = tmp_path / "other.tsv"
    other.write_text("id\treading\n1\tdecision\n")
    with pytest.raises(ValueError, match="no column repository, right"):
        score_sheet(other)


def test_the_command_scores_a_reading_without_a_database(tmp_path: Path) -> None:
    sheet = _filled(tmp_path, [("cedar__shop", "yes"), ("cedar__shop", "no"), ("orbit__api", "yes")])
    result = CliRunner().invoke(app, ["eval", "session-links", "--reading", str(sheet)])
    assert result.exit_code == 0, result.output
    assert [line.split()[:5] for line in result.stdout.splitlines() if line.startswith(("cedar", "all"))] == [
        ["cedar__shop", "1", "1", "0", "0"], ["all", "2", "1", "0", "0"],
    ]
    bad = CliRunner().invoke(app, ["eval", "session-links", "--reading", str(tmp_path / "missing.tsv")])
    assert bad.exit_code == 2
