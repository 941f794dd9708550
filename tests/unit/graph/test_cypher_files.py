from __future__ import annotations

import re
from pathlib import Path

import pytest

import graph.cypher
from graph.cypher import browser_text, fragment_names, load_query, parse_query_file, query_names, schema_statements
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


# The access rule (DESIGN.md) and the decision filter are each written once, as a fragment
# of cypher/fragments that the queries applying them include.
_PACKAGE = Path(graph.cypher.__file__).resolve().parents[1] / "cypher"
_ACCESS_RULE = re.compile(r"any\(\s*g\s+IN\s+\w+\.access_groups|access_groups,\s*\[\]\)\s*=\s*\[\]")
_FILTER_LINES = {
    # A line of the decision filter → the one fragment it is written in (decision_filter
    # includes both; decisions_page_under_path the first only).
    re.compile(r"all\(tag IN \S+ WHERE tag IN coalesce\(d\.tags"): "fragments/decision_filter_except_path.cypher",
    re.compile(r"\(:Alias \{handle: \S+\}\)-\[:ALIAS_OF\]->\(h\)"): "fragments/decision_filter_except_path.cypher",
    re.compile(r"\S+path_dir STARTS WITH f\.path"): "fragments/decision_on_path.cypher",
}


def _cypher_sources() -> dict[str, str]:
    files = [*_PACKAGE.rglob("*.cypher"), *FOLDER.glob("*.cypher")]
    return {str(path.relative_to(path.parents[1])): path.read_text() for path in files}


def test_the_access_rule_is_spelt_in_one_fragment_only() -> None:
    spelt = [name for name, text in _cypher_sources().items() if _ACCESS_RULE.search(text)]
    assert spelt == ["fragments/session_visible.cypher"]


def test_the_decision_filter_is_written_in_one_fragment_only() -> None:
    for line, fragment in _FILTER_LINES.items():
        written = [name for name, text in _cypher_sources().items() if line.search(text)]
        assert written == [fragment], line.pattern


def test_every_query_that_takes_groups_applies_the_access_fragment() -> None:
    rule = _ACCESS_RULE.pattern
    # The relation candidates compare a session's groups with the new decision's: not the
    # reader's access but "readable by the same people".
    same_groups = {"relation_candidates_keywords", "relation_candidates_subject", "relation_candidates_vector"}
    takes_groups = {name for name in query_names() if "groups" in load_query(name).params}
    applying = {name for name in takes_groups if re.search(rule, load_query(name).text)}
    assert takes_groups - applying == same_groups
    assert len(applying) >= 12, sorted(applying)
    for name in ("decisions_page", "decisions_aggregate", "decisions_by_ids"):
        assert all(line.search(load_query(name).text) for line in _FILTER_LINES), name
    # A page under a path applies every filter but the path rule, which its seed applies.
    under_path = load_query("decisions_page_under_path").text
    assert [line.search(under_path) is not None for line in _FILTER_LINES] == [True, True, False]


def test_an_include_is_expanded_and_may_read_its_params_from_a_map() -> None:
    text = "// the sessions the reader may see\n// params: $groups\nMATCH (s:Session) WHERE {{session_visible}} RETURN s;"
    query = parse_query_file(text, "x.cypher")
    assert "{{" not in query.text and "any(g IN s.access_groups WHERE g IN $groups)" in query.text
    assert query.params == ("groups",)
    text = "// the same, groups from a map\n// params: $scope\nWITH $scope AS scope MATCH (s:Session) WHERE {{session_visible: scope}} RETURN s;"
    query = parse_query_file(text, "x.cypher")
    assert "$groups" not in query.text and "g IN scope.groups" in query.text
    assert query.params == ("scope",)


def test_an_include_of_an_unknown_fragment_is_a_clear_error() -> None:
    with pytest.raises(CypherFileError, match="unknown fragment 'nope'"):
        parse_query_file("// x\n// params: none\nMATCH (d) WHERE {{nope}} RETURN d;", "x.cypher")


def test_an_including_query_declares_the_params_its_fragments_use() -> None:
    with pytest.raises(CypherFileError, match="uses \\['groups'\\]"):
        parse_query_file("// x\n// params: none\nMATCH (s:Session) WHERE {{session_visible}} RETURN s;", "x.cypher")


def test_every_fragment_is_included_somewhere() -> None:
    raw = "\n".join(text for name, text in _cypher_sources().items())
    for name in fragment_names():
        assert "{{" + name in raw, name


def test_every_query_example_sets_every_param_it_uses() -> None:
    for name in query_names():
        lines = browser_text(name).splitlines()
        assert sorted(line.split()[1] for line in lines if line.startswith(":param ")) == list(load_query(name).params), name
        assert "{{" not in browser_text(name) and lines[-1].endswith(";")
