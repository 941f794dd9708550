"""A later draw of sessions adds repositories without touching an earlier draw: its own seed,
its own rows of FILES.tsv after the earlier ones, the earlier texts and rows byte for byte."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from nlp.evaluation import session_corpus as sc
from nlp.evaluation import session_packets

TALK = "".join(f"#### question {n}: should we do it?\n\nYes, {'because ' * 20}\n\n" for n in range(5))
HISTORY = "".join(f"# aider chat started at 2025-01-{day:02d} 10:00:00\n\n{TALK}" for day in range(2, 6))


def _git(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def _mirror(mirrors: Path, repo: str, history: str) -> str:
    """A bare clone of a one-commit repository holding ``history`` under ``mirrors``; its commit."""
    work = mirrors.parent / "work" / repo.replace("/", "+")
    work.mkdir(parents=True)
    _git("init", "-q", cwd=work)
    (work / ".aider.chat.history.md").write_text(history)
    _git("add", ".", cwd=work)
    _git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one", cwd=work)
    subprocess.run(["git", "clone", "-q", "--bare", str(work), str(mirrors / repo.replace("/", "+") / "repo")], check=True)
    return _git("rev-parse", "HEAD", cwd=work)


def _run(tmp_path: Path, sources: Path, draw: int) -> None:
    sc.main(["--sources", str(sources), "--mirrors", str(tmp_path / "mirrors"), "--out", str(tmp_path / "out"),
             "--files", str(tmp_path / "FILES.tsv"), "--draw", str(draw)])


def test_sources_without_a_draw_column_are_the_first_draw_and_a_repository_is_listed_once(tmp_path: Path) -> None:
    path = tmp_path / "sources.tsv"
    path.write_text("repository\tcommit\tformat\tlicence\tdraw\no/one\tc1\taider\tMIT\t1\nq/two\tc2\taider\tnone\t2\n"
                    "r/three\tc3\tspecstory\tMIT\n")
    assert [(s.repo, s.draw) for s in sc.read_sources(path)] == [("o/one", 1), ("q/two", 2), ("r/three", 1)]
    assert [s.repo for s in sc.read_sources(path, 2)] == ["q/two"]
    assert [s.repo for s in sc.read_sources(path, 1)] == ["o/one", "r/three"]
    path.write_text("repository\tcommit\tformat\tlicence\tdraw\no/one\tc1\taider\tMIT\t1\no/one\tc1\taider\tMIT\t2\n")
    with pytest.raises(ValueError, match="o/one"):
        sc.read_sources(path)


def test_a_second_draw_leaves_the_first_draws_rows_and_texts_byte_for_byte(tmp_path: Path) -> None:
    mirrors = tmp_path / "mirrors"
    first = _mirror(mirrors, "octo/first", HISTORY)
    sources = tmp_path / "sources.tsv"
    sources.write_text(f"repository\tcommit\tformat\tlicence\tdraw\nocto/first\t{first}\taider\tMIT\t1\n")
    _run(tmp_path, sources, 1)
    files_before = (tmp_path / "FILES.tsv").read_text()
    texts_before = {p: p.read_bytes() for p in (tmp_path / "out").rglob("*.md")}

    # "newer/second" sorts after "octo/first" in the first draw's order and would have taken
    # the shared generator's draws had it joined that draw.
    second = _mirror(mirrors, "newer/second", HISTORY)
    with sources.open("a") as handle:
        handle.write(f"newer/second\t{second}\taider\tnone\t2\n")
    _run(tmp_path, sources, 2)

    rows = (tmp_path / "FILES.tsv").read_text().splitlines()
    assert "\n".join(rows[: len(files_before.splitlines())]) + "\n" == files_before
    added = rows[len(files_before.splitlines()):]
    assert added and all(row.startswith("newer/second\t") for row in added)
    assert {p: p.read_bytes() for p in (tmp_path / "out").rglob("*.md") if "newer__second" not in str(p)} == texts_before
    (source,) = sc.read_sources(sources, 2)
    eligible = sc.sessions_of(source, ".aider.chat.history.md", HISTORY)
    assert [row.split("\t")[5] for row in added] == [s.session_id for s in sc.draw(eligible, sc.SEEDS[2])]

    _run(tmp_path, sources, 1)  # rebuilding the first draw keeps the second's rows after it
    assert (tmp_path / "FILES.tsv").read_text().splitlines() == rows


def test_packets_of_a_draw_go_to_their_own_batch_and_leave_the_others(tmp_path: Path) -> None:
    mirrors = tmp_path / "mirrors"
    sources = tmp_path / "sources.tsv"
    first, second = _mirror(mirrors, "octo/first", HISTORY), _mirror(mirrors, "newer/second", HISTORY)
    sources.write_text(f"repository\tcommit\tformat\tlicence\tdraw\nocto/first\t{first}\taider\tMIT\t1\n"
                       f"newer/second\t{second}\taider\tnone\t2\n")
    _run(tmp_path, sources, 1)
    _run(tmp_path, sources, 2)
    out = tmp_path / "out"
    session_packets.main(["--sessions", str(out), "--draw", "1", "--sources", str(sources), "--batches", "1"])
    batch1 = (out / "packets" / "batch1.txt").read_text()
    session_packets.main(["--sessions", str(out), "--draw", "2", "--sources", str(sources), "--batches", "1",
                          "--first-batch", "4"])
    assert (out / "packets" / "batch1.txt").read_text() == batch1
    second_names = sorted(f"{p.stem}.txt" for p in (out / "newer__second").glob("*.md"))
    assert (out / "packets" / "batch4.txt").read_text().split() == second_names
    assert not set(batch1.split()) & set(second_names)
