from __future__ import annotations

import re

import pytest

from graph.cypher import load_query, parse_query_file, query_names, schema_statements
from graph.errors import CypherFileError, QueryNotFound
from graph.models import NODE_MODELS
from graph.schema import expected_schema
from tests.support.cypher import FOLDER, support_query


def test_every_query_file_loads_with_declared_params() -> None:
    names = query_names()
    assert "schema_indexes" in names
    for name in names:
        query = load_query(name)
        assert query.text and not query.text.rstrip().endswith(";")


def test_unknown_query_name_is_a_clear_error() -> None:
    with pytest.raises(QueryNotFound, match="no Cypher query named 'nope'"):
        load_query("nope")
    with pytest.raises(QueryNotFound):
        load_query("../schema/001_constraints")


def test_header_must_declare_the_params_the_query_uses() -> None:
    text = "// finds a decision\n// params: none\nMATCH (d:Decision {id: $id}) RETURN d;"
    with pytest.raises(CypherFileError, match="declares \\[\\] but the query uses \\['id'\\]"):
        parse_query_file(text, "x.cypher")


def test_header_is_required() -> None:
    with pytest.raises(CypherFileError, match="needs a header"):
        parse_query_file("MATCH (n) RETURN n;", "x.cypher")


def test_params_inside_string_literals_are_not_params() -> None:
    text = "// lists\n// params: $a\nMATCH (n) WHERE n.x = $a AND n.y = '$notaparam' RETURN n;"
    assert parse_query_file(text, "x.cypher").params == ("a",)


def test_a_query_file_holds_one_statement() -> None:
    text = "// two\n// params: none\nMATCH (n) RETURN n;\nMATCH (m) RETURN m;"
    with pytest.raises(CypherFileError, match="holds 2 statements"):
        parse_query_file(text, "x.cypher")


def test_schema_declares_every_index_the_design_names() -> None:
    objects = {item.name: item for item in expected_schema(384)}
    assert len(schema_statements()) == len(objects)
    assert objects["decision_embedding"].type == "VECTOR"
    assert objects["decision_embedding"].options == {
        "vector.dimensions": 384,
        "vector.similarity_function": "cosine",
    }
    assert objects["decision_text"].type == "FULLTEXT"
    assert set(objects["decision_text"].labels) == {"Decision", "Alternative"}
    assert {"summary", "context", "rationale", "pattern", "keywords", "option"} <= set(
        objects["decision_text"].properties
    )
    assert objects["policy_name_version"].properties == ("name", "version")
    assert objects["file_path_text"].type == "TEXT"
    assert {"decision_decided_at", "decision_status"} <= set(objects)


def test_every_unique_model_property_has_a_constraint() -> None:
    constrained = {
        (item.labels[0], item.properties) for item in expected_schema(384) if item.kind == "constraint"
    }
    for model in NODE_MODELS:
        for name, prop in model.defined_properties(aliases=False, rels=False).items():
            if prop.unique_index:
                props = (prop.db_property or name,)
                labels = model.inherited_labels()  # a PolicyDecision is also a Decision
                assert any((label, props) in constrained for label in labels), (
                    f"{model.__name__}.{name} has no uniqueness constraint"
                )


def test_test_only_cypher_stays_out_of_the_package() -> None:
    assert not [name for name in query_names() if name.startswith("testing_")]
    shipped_with_tests = sorted(path.stem for path in FOLDER.glob("*.cypher"))
    assert "testing_wipe" in shipped_with_tests
    for name in shipped_with_tests:
        assert support_query(name).text


# The access rule (DESIGN.md): a reader with groups sees a decision or session whose
# session is open (no groups) or shares one of them; a reader without groups (None) sees
# all. Every query that applies it must spell it exactly so, guarded for None.
_RULE = re.compile(
    r"(?P<groups>\$groups|search\.groups) IS NULL\s+OR\s+(?:EXISTS \{\s*MATCH \(d\)-\[:IN_SESSION\]->\(s:Session\)\s+WHERE )?"
    r"coalesce\(s\.access_groups, \[\]\) = \[\] OR any\(g IN s\.access_groups WHERE g IN (?P=groups)\)"
)
_ANY_GROUP = re.compile(r"any\(g IN \w+\.access_groups")


def test_every_query_spells_the_access_rule_the_same_way() -> None:
    checked = []
    for name in query_names():
        text = re.sub(r"\s+", " ", load_query(name).text)
        uses = len(_ANY_GROUP.findall(text))
        if not uses:
            continue
        # decisions_by_ids also computes a visible flag for chain members: the same rule
        # with the session optional (a hidden member still shows as hidden).
        visible_flag = text.count("$groups IS NULL OR (s IS NOT NULL AND (coalesce(s.access_groups, []) = [] OR any(g IN s.access_groups WHERE g IN $groups)))")
        assert len(_RULE.findall(text)) + visible_flag == uses, f"{name}: the access rule is spelt differently"
        checked.append(name)
    assert len(checked) >= 10, checked
