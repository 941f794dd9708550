from __future__ import annotations

from datetime import UTC, datetime

from graph.executor import Neo4jExecutor
from graph.models import (
    AlternativeNode,
    DecisionNode,
    FeatureNode,
    FileNode,
    MessageNode,
    SessionNode,
    StakeholderNode,
    TagNode,
)


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
    api_dir = await FileNode(path="src/api/", kind="directory").save()
    db_file = await FileNode(path="src/db/schema.sql").save()
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
