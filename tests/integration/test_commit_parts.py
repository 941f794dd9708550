"""A commit too large for one write is stored in parts; the parts add up to the commit."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from api.journal import DecisionJournal
from api.usecases.repositories import store_repository
from graph.commits import CommitStore, write_batches
from nlp.repository import Repository
from nlp.schema import CommitInfo
from tests.support.cypher import support_query

KEY = "git:parts-test"


async def test_a_commit_written_in_parts_is_the_commit_written_whole(journal: DecisionJournal) -> None:
    executor = journal.services.executor
    relationships = support_query("testing_relationship_counts")
    before = {row["type"]: row["n"] for row in await executor.read(relationships)}
    await store_repository(executor, Repository(key=KEY, name="parts", remote=None, root_commit=None, root=Path(".")))
    when = datetime(2024, 3, 16, tzinfo=UTC)
    commits = [
        CommitInfo(sha="f" * 40, date=when, message="Vendor the client", files=tuple(f"vendor/client/{i}.js" for i in range(7))),
        CommitInfo(sha="e" * 40, date=when, message="Fix a typo", files=("README.md",)),
    ]
    store = CommitStore(executor)
    batches = list(write_batches(commits, files_per_write=3))
    assert len(batches) > 2  # the large commit really is split
    for batch in batches:
        await store.write(batch, {}, KEY)
    counts = [support_query("testing_label_counts"), support_query("testing_relationship_counts")]
    parts = [await executor.read(query) for query in counts]
    after = {row["type"]: row["n"] for row in parts[1]}
    assert after["CHANGED"] - before.get("CHANGED", 0) == 8  # 7 paths of the large commit, 1 of the other

    await store.write(commits, {}, KEY)  # the whole history in one write adds nothing
    assert [await executor.read(query) for query in counts] == parts
