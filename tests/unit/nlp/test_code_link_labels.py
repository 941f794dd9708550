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
