"""The code-links labels and how (commit, ADR) pairs are scored against them."""

from __future__ import annotations

from pathlib import Path

import pytest

from nlp.errors import InputFormatError
from nlp.evaluation.code_links import expected_adrs, load_labels, matches, score_commits


@pytest.mark.parametrize(("pattern", "path", "expected"), [
    ("src/Pipfile", "src/Pipfile", True),
    ("src/registrar/", "src/registrar/models/domain.py", True),
    ("src/registrar/", "src/registrars.py", False),
    ("src/*.py", "src/a.py", True),
    ("src/*.py", "src/sub/a.py", False),
    ("src/**/*.py", "src/sub/deep/a.py", True),
    ("src/**/*.py", "src/a.py", True),
    ("packages/*/src/**", "packages/web/src/a/b.tsx", True),
    ("src/Gateway.*/**/*Producer.cs", "src/Gateway.Kafka/x/KafkaProducer.cs", True),
])
def test_label_patterns(pattern: str, path: str, expected: bool) -> None:
    assert matches(pattern, path) is expected


def _labels(tmp_path: Path, rows: str) -> Path:
    folder = tmp_path / "acme__shop"
    folder.mkdir()
    (folder / "repository.json").write_text('{"repo": "acme/shop", "commit": "abc", "adr_dirs": ["doc/adr"]}')
    (folder / "governs.tsv").write_text("adr\tin_force\tpath\twhy\n" + rows)
    return folder


def test_pairs_are_scored_against_the_adrs_in_force(tmp_path: Path) -> None:
    labels = load_labels(_labels(tmp_path, (
        "doc/adr/1.md\tyes\tsrc/Pipfile\tpins it\n"
        "doc/adr/2.md\tno\tsrc/Pipfile\tsuperseded\n"
        "doc/adr/3.md\tunclear\tsrc/\tmaybe\n"
        "doc/adr/4.md\tyes\t-\tprocess\n"
    )))
    assert expected_adrs(labels, ["src/Pipfile"]) == (frozenset({"doc/adr/1.md"}), frozenset({"doc/adr/3.md"}))
    listed = {"c1": {"doc/adr/1.md", "doc/adr/3.md"}, "c2": {"doc/adr/2.md"}, "c3": set()}
    score, _ = score_commits(labels, [("c1", ["src/Pipfile"]), ("c2", ["README.md"]), ("c3", ["src/Pipfile"])],
                             lambda sha, paths: (listed[sha], 0))
    # c1: right (the unclear ADR counts neither way); c2: listed wrongly; c3: missed.
    assert (score.true_positive, score.false_positive, score.false_negative) == (1, 1, 1)
    assert score.missed == {"doc/adr/1.md": 1} and score.wrong == {"doc/adr/2.md": 1}


def test_a_malformed_row_is_named(tmp_path: Path) -> None:
    with pytest.raises(InputFormatError, match="governs.tsv:3"):
        load_labels(_labels(tmp_path, "doc/adr/1.md\tyes\tsrc/\tok\ndoc/adr/2.md\tmaybe\tsrc/\tbad\n"))


def test_several_labelled_sets_find_their_clones_in_several_places(tmp_path: Path) -> None:
    import json

    from api.usecases.code_links_eval import MissingClone, clone_of, labelled_repositories
    from tests.support.git import git

    clone = tmp_path / "fresh" / "acme__shop"
    clone.mkdir(parents=True)
    git(clone, "init", "-q")
    (clone / "a.txt").write_text("a\n")
    git(clone, "add", ".")
    git(clone, "commit", "-qm", "a")
    head = git(clone, "rev-parse", "HEAD").strip()
    for folder, name in (("set_a", "acme__shop"), ("set_b", "acme__other")):
        labelled = tmp_path / folder / name
        labelled.mkdir(parents=True)
        (labelled / "repository.json").write_text(json.dumps({"repo": name.replace("__", "/"), "commit": head, "adr_dirs": ["doc/adr"]}))
        (labelled / "governs.tsv").write_text("adr\tin_force\tpath\twhy\ndoc/adr/0001-a.md\tyes\ta.txt\tnames it\n")
    sets = [labels for folder in ("set_a", "set_b") for labels in labelled_repositories(tmp_path / folder)]
    assert [labels.repo for labels in sets] == ["acme/shop", "acme/other"]
    # The first place that holds a clone is used; a clone found nowhere is named with the command that makes it.
    assert clone_of([tmp_path / "cache", tmp_path / "fresh"], sets[0]) == clone
    with pytest.raises(MissingClone, match="git clone"):
        clone_of([tmp_path / "cache", tmp_path / "fresh"], sets[1])


def test_a_repository_labelled_in_two_folders_is_scored_once_from_the_first(tmp_path: Path) -> None:
    import json

    from api.usecases.code_links_eval import labelled_sets

    for folder, name, commit in (("set_a", "acme__shop", "a" * 40), ("set_b", "acme__shop", "b" * 40), ("set_b", "acme__other", "c" * 40)):
        labelled = tmp_path / folder / name
        labelled.mkdir(parents=True)
        (labelled / "repository.json").write_text(json.dumps({"repo": name.replace("__", "/"), "commit": commit, "adr_dirs": ["doc/adr"]}))
        (labelled / "governs.tsv").write_text("adr\tin_force\tpath\twhy\ndoc/adr/0001-a.md\tyes\ta.txt\tnames it\n")
    notes: list[str] = []
    sets = labelled_sets([tmp_path / "set_a", tmp_path / "set_b"], notes.append)
    assert [(labels.repo, labels.commit[0]) for labels in sets] == [("acme/shop", "a"), ("acme/other", "c")]
    assert len(notes) == 1 and "acme/shop" in notes[0] and "set_b" in notes[0]


def test_the_mean_over_repositories_weighs_each_repository_the_same() -> None:
    from nlp.evaluation.code_links import PairScore, mean_over_repositories, pooled

    big = PairScore(commits=150, true_positive=90, false_positive=10, false_negative=0)  # P 0.9, R 1.0
    small = PairScore(commits=150, true_positive=1, false_positive=9, false_negative=9)  # P 0.1, R 0.1
    together = pooled({"big": big, "small": small})
    mean = mean_over_repositories([big, small])
    # Pooled, the big repository's pairs carry the figure; the mean gives each repository one vote.
    assert round(together.precision, 4) == round(91 / 110, 4)
    assert (round(mean.precision, 4), round(mean.recall, 4), mean.repositories) == (0.5, 0.55, 2)
    assert round(mean.f1, 4) == round((big.f1 + small.f1) / 2, 4)
    assert mean_over_repositories([]).repositories == 0


def test_the_command_reports_the_means_beside_the_pooled_pairs(tmp_path: Path) -> None:
    import csv

    from api.cli.eval_code_links_cmd import _json, _write_pairs
    from api.usecases.code_links_eval import CodeLinkEvaluation, PairDetail, RepositoryResult
    from nlp.evaluation.code_links import PairScore

    a = PairScore(commits=3, true_positive=8, false_positive=2, false_negative=2)
    b = PairScore(commits=3, true_positive=1, false_positive=1, false_negative=3)
    detail = PairDetail("c1", "doc/adr/1.md", "wrong", 0.55, "component", "src/", "names src")
    result = CodeLinkEvaluation([RepositoryResult("acme/a", 3, a, 0.5, a, 0, {}, [detail]),
                                 RepositoryResult("acme/b", 3, b, 0.5, b, 0)])
    out = _json(result)
    assert out["pooled"]["shipped"]["precision"] == round(9 / 12, 4)
    assert out["mean_over_repositories"]["shipped"] == {"precision": 0.65, "recall": 0.525, "f1": round((a.f1 + b.f1) / 2, 4),
                                                        "repositories": 2}
    _write_pairs(tmp_path / "pairs.tsv", result)
    rows = list(csv.reader((tmp_path / "pairs.tsv").read_text(encoding="utf-8").splitlines(), delimiter="\t"))
    assert rows == [["repo", "commit", "adr", "verdict", "strength", "via", "file", "evidence"],
                    ["acme/a", "c1", "doc/adr/1.md", "wrong", "0.55", "component", "src/", "names src"]]


def test_a_commit_is_checked_with_its_pull_request_as_one_change() -> None:
    from api.usecases.code_links_eval import changes

    change_of = changes({"adr": "m1", "code": "m1", "fix": "m2"})
    # A link resting on these commits alone is the checked change's own evidence, not counted.
    assert change_of("code") == {"adr", "code"} and change_of("fix") == {"fix"} and change_of("solo") == {"solo"}
