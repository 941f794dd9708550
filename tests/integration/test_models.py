from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from api.journal import DecisionJournal
from api.usecases.git_ingest import ingest_git
from api.usecases.requests import Caller
from api.usecases.review import reject_draft
from graph.executor import Neo4jExecutor
from graph.models import (
    NODE_MODELS,
    AlternativeNode,
    DecisionNode,
    FeatureNode,
    FileNode,
    MessageNode,
    SessionNode,
    StakeholderNode,
    TagNode,
    declared_node_properties,
    declared_relationship_ends,
    declared_relationship_properties,
    relationship_types,
)
from graph.people import People
from tests.integration.test_check_diff import _repo
from tests.integration.test_export import _fill
from tests.support.cypher import support_query
from tests.support.drafts import CHATTER, SEPTEMBER, ingest_as_drafts
from tests.support.git import git

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "platform-sync.txt"


async def test_decision_round_trip_with_every_kind_of_edge(executor: Neo4jExecutor) -> None:
    march = datetime(2024, 3, 15, 14, 30, tzinfo=UTC)
    september = datetime(2024, 9, 20, 10, 0, tzinfo=UTC)
    session = await SessionNode(uid="s-1", title="DB choice", source="chat", access_groups=["eng"]).save()
    message = await MessageNode(
        uid="s-1#0", session_id="s-1", seq=0, author="alice", content="Let's go with Postgres.", timestamp=march
    ).save()
    await message.session.connect(session)

    original = await DecisionNode(
        uid="dec-123",
        summary="Use PostgreSQL for primary database",
        rationale="ACID guarantees, team expertise",
        decided_at=march,
        tags=["database"],
    ).save()
    revision = await DecisionNode(
        uid="dec-456", summary="Keep PostgreSQL, add Redis for caching", decided_at=september
    ).save()
    replacement = await DecisionNode(uid="dec-789", summary="Move sessions to Redis", decided_at=september).save()

    mongo = await AlternativeNode(uid="dec-123#alt0", option="MongoDB", cons=["no joins"], why_not_chosen="ACID").save()
    alice = await StakeholderNode(handle="@alice", name="Alice").save()
    bob = await StakeholderNode(handle="@bob").save()
    api_dir = await FileNode(repository="", path="src/api/", kind="directory").save()
    db_file = await FileNode(repository="", path="src/db/schema.sql").save()
    feature = await FeatureNode(key="PLAT-42", name="storage").save()
    tag = await TagNode(name="database").save()

    await original.considered.connect(mongo)
    await original.decided_by.connect(alice)
    await original.involves.connect(alice, {"role": "architect"})
    await original.involves.connect(bob, {"role": "tech lead"})
    await original.affects_files.connect(api_dir)
    await original.affects_files.connect(db_file)
    await original.affects_features.connect(feature)
    await original.session.connect(session)
    await original.stated_in.connect(message, {"start": 14, "end": 22})
    await original.tagged.connect(tag)
    await revision.revisits.connect(
        original, {"at": september, "reason": "scale", "outcome": "kept", "inferred": False, "confidence": 0.9}
    )
    await replacement.supersedes.connect(
        original, {"at": september, "reason": "sessions moved", "partial": True, "inferred": True, "confidence": 0.7}
    )

    loaded = await DecisionNode.nodes.get(uid="dec-123")
    assert loaded.summary == "Use PostgreSQL for primary database"
    assert loaded.decided_at == march
    assert loaded.status == "active"
    assert [alt.option for alt in await loaded.considered.all()] == ["MongoDB"]
    assert (await loaded.decided_by.single()).handle == "@alice"
    roles = {}
    for person in await loaded.involves.all():
        rel = await loaded.involves.relationship(person)
        roles[person.handle] = rel.role
    assert roles == {"@alice": "architect", "@bob": "tech lead"}
    assert sorted(f.path for f in await loaded.affects_files.all()) == ["src/api/", "src/db/schema.sql"]
    assert [f.key for f in await loaded.affects_features.all()] == ["PLAT-42"]
    assert (await loaded.session.single()).uid == "s-1"
    stated = await loaded.stated_in.single()
    span = await loaded.stated_in.relationship(stated)
    assert stated.content[span.start : span.end] == "Postgres"
    assert [t.name for t in await loaded.tagged.all()] == ["database"]

    revisited_by = await loaded.revisited_by.all()
    assert [d.uid for d in revisited_by] == ["dec-456"]
    revisit = await revision.revisits.relationship(loaded)
    assert (revisit.outcome, revisit.inferred, revisit.at) == ("kept", False, september)
    superseders = await loaded.superseded_by.all()
    assert [d.uid for d in superseders] == ["dec-789"]
    supersede = await replacement.supersedes.relationship(loaded)
    assert (supersede.partial, supersede.inferred, supersede.confidence) == (True, True, 0.7)


async def test_the_models_declare_every_label_property_and_edge_the_product_writes(
    journal: DecisionJournal, tmp_path: Path
) -> None:
    """The models are the one definition of the graph: everything ingestion, ADR import,
    recording, agent lineage, people merges, ingest-git and reviews store is declared by
    them, and every label and edge type they declare is written by one of those."""
    await _fill(journal, tmp_path)
    await ingest_as_drafts(journal.services.ingest, SEPTEMBER, "draft-kept")
    rejected = await ingest_as_drafts(journal.services.ingest, CHATTER, "draft-rejected")
    await reject_draft(journal.services, rejected.draft_ids[0], Caller("tester"), "chatter")
    await journal.ingest_session(_write_chat(tmp_path))
    executor = journal.services.executor
    assert await People(executor).merge([("@carol", "@carol-jones")]) == [("@carol", "@carol-jones")]
    postgres = (await journal.search_decisions("why did we choose PostgreSQL?"))[0]["id"]
    repo = _repo(tmp_path)
    git(repo, "commit", "-q", "--allow-empty", "-m", f"Orders: index on created_at, per {postgres}")
    # A conversation about the repository: its paths are the repository's, so the commits
    # that change them follow its decisions (and Repository, IN_REPOSITORY are written).
    await journal.ingest_session(EXAMPLE, session_id="platform-sync-in-repo", repository=repo)
    await ingest_git(executor, repo)

    by_labels = {frozenset(model.inherited_labels()): declared_node_properties(model) for model in NODE_MODELS}
    stored_labels = set()
    for row in await executor.read(support_query("testing_node_properties")):
        labels = frozenset(row["labels"])
        stored_labels |= labels
        assert labels in by_labels, f"no model has the labels {sorted(labels)}"
        assert row["property"] in by_labels[labels], f"{sorted(labels)}.{row['property']} is stored but not declared"
    assert stored_labels == {model.__label__ for model in NODE_MODELS}

    stored_types = set()
    for row in await executor.read(support_query("testing_relationship_properties")):
        stored_types.add(row["type"])
        ends = (frozenset(row["from_labels"]), frozenset(row["to_labels"]))
        assert ends in declared_relationship_ends(row["type"]), f"{row['type']} {ends} is stored but not declared"
        if row["property"] is not None:
            assert row["property"] in declared_relationship_properties(row["type"]), (
                f"{row['type']}.{row['property']} is stored but not declared"
            )
    assert stored_types == set(relationship_types())


def _write_chat(tmp_path: Path) -> Path:
    path = tmp_path / "checkout.txt"
    path.write_text(
        "[2024-10-01T10:00:00Z] carol-jones: For PAY-42 should we retry card payments or fail fast?\n"
        "[2024-10-01T10:05:00Z] dave: We decided to retry card payments three times for PAY-42 because fewer orders fail.\n"
    )
    return path
