from __future__ import annotations

from datetime import UTC, datetime

from graph.commits import write_batches
from nlp.schema import CommitInfo

WHEN = datetime(2024, 3, 16, tzinfo=UTC)


def _commit(sha: str, files: int) -> CommitInfo:
    return CommitInfo(sha=sha, date=WHEN, message=sha, files=tuple(f"{sha}/{i}.py" for i in range(files)))


def test_writes_hold_at_most_so_many_commits_and_paths_and_lose_none() -> None:
    commits = [_commit("a", 3), _commit("b", 0), _commit("c", 7), _commit("d", 2), _commit("e", 1)]
    batches = list(write_batches(commits, commits_per_write=3, files_per_write=4))
    assert all(len(batch) <= 3 and sum(len(c.files) for c in batch) <= 4 for batch in batches)
    # Every path of every commit is written once, in the order of the history, and the commit
    # without paths is still written.
    written = [(c.sha, path) for batch in batches for c in batch for path in c.files]
    assert written == [(c.sha, path) for c in commits for path in c.files]
    assert [c.sha for batch in batches for c in batch if not c.files] == ["b"]


def test_a_commit_larger_than_a_write_is_written_in_parts_that_keep_its_other_fields() -> None:
    big = _commit("big", 9)
    parts = [c for batch in write_batches([big], files_per_write=4) for c in batch]
    assert [len(part.files) for part in parts] == [4, 4, 1]
    assert {part.model_copy(update={"files": ()}) for part in parts} == {big.model_copy(update={"files": ()})}
