"""Tags match in any case: stored lower case on every write, asked in any case on every
read, and those stored in another case before are lowered by ``schema apply``."""

from __future__ import annotations

from api.journal import DecisionJournal
from graph.schema import apply_schema
from tests.graph_fixtures import EMBEDDING_DIMENSION
from tests.support.cypher import support_query


async def test_a_recorded_tag_is_stored_lower_case_and_found_in_any_case(journal: DecisionJournal) -> None:
    recorded = await journal.record_decision("Store product images in S3", tags=["Storage", " AWS ", "storage"])
    assert recorded["tags"] == ["storage", "aws"]
    for asked in (["storage"], ["Storage"], ["STORAGE"], ["Aws"]):
        assert [d["id"] for d in await journal.search_decisions("", {"tags": asked})] == [recorded["id"]], asked
    assert [d["id"] for d in await journal.search_decisions("images", {"tags_all": ["AWS", "Storage"]})] == [recorded["id"]]


async def test_schema_apply_lowers_the_tags_stored_before(journal: DecisionJournal) -> None:
    executor = journal.services.executor
    recorded = await journal.record_decision("Store product images in S3", tags=["storage"])
    await executor.write(support_query("testing_set_tags"), {"id": recorded["id"], "tags": ["Storage", "AWS", "storage"]})
    assert await journal.search_decisions("", {"tags": ["aws"]}) == []  # as it was before the rule

    await apply_schema(executor, EMBEDDING_DIMENSION)
    assert (await journal.get_decision(recorded["id"]))["tags"] == ["storage", "aws"]
    assert [row["name"] for row in await executor.read(support_query("testing_tag_names"))] == ["aws", "storage"]
    assert [d["id"] for d in await journal.search_decisions("", {"tags": ["AWS"]})] == [recorded["id"]]
    await apply_schema(executor, EMBEDDING_DIMENSION)  # again: nothing changes
    assert (await journal.get_decision(recorded["id"]))["tags"] == ["storage", "aws"]
