"""The committed SDL, cursors and the cost rule, without a database."""

from __future__ import annotations

import pytest
from graphql import parse, validate
from strawberry.extensions.validation_cache import _get_validate_cache

from api.graphql.limits import cost_limit_rule
from api.graphql.paging import CursorError, decode_cursor, encode_cursor, page_size
from api.graphql.schema import CACHED_DOCUMENTS, SDL_FILE, build_schema, sdl


def test_committed_sdl_matches_the_code() -> None:
    assert SDL_FILE.read_text() == sdl(), "run: decision-journal graphql-schema --write"


def test_sdl_names_the_portal_entry_points() -> None:
    text = sdl()
    for entry in ("decision(id: ID!, includeDrafts: Boolean! = false): Decision", "impact(", "chain(id: ID!, asOf: DateTime = null): Chain",
                  "union LinkResult = LinkSuccess | NotFound | ValidationError | Forbidden", "totalCount: Int!"):
        assert entry in text


def test_cursors_round_trip_and_foreign_ones_are_refused() -> None:
    assert decode_cursor(None) == 0
    assert decode_cursor(encode_cursor(41)) == 42
    for foreign in ("", "abc", encode_cursor(3).replace("=", "") + "!!", "b2Zmc2V0Oi0x"):  # the last is "offset:-1"
        with pytest.raises(CursorError):
            decode_cursor(foreign)


def test_page_size_bounds() -> None:
    assert page_size(None, 20, 100) == 20
    assert page_size(0, 20, 100) == 0
    with pytest.raises(ValueError, match="between 0 and 100"):
        page_size(101, 20, 100)


def _errors(query: str, max_cost: int) -> list[str]:
    schema = build_schema()._schema
    return [e.message for e in validate(schema, parse(query), [cost_limit_rule(max_cost, 20, 100)])]


def test_cost_multiplies_by_page_sizes() -> None:
    nested = "{ decisions(first: 50) { edges { node { id stakeholders { decisions(first: 40) { totalCount } } } } } }"
    # 1 (decisions) + 50 x (edges, node, id, stakeholders) + 50 x (decisions) + 50 x 40 x (totalCount)
    assert _errors(nested, 2252) == []
    assert "would cost 2,251" in _errors(nested, 2250)[0]


def test_cost_counts_fragments_and_variables_at_the_maximum_page() -> None:
    query = """query($n: Int) { decisions(first: $n) { ...page } }
               fragment page on DecisionConnection { edges { node { id summary } } }"""
    assert _errors(query, 401) == []  # 1 + 100 x (edges, node, id, summary)
    assert _errors(query, 400)


def test_a_repeated_document_is_validated_once_and_a_refused_one_stays_refused() -> None:
    schema = build_schema()
    cache = _get_validate_cache(CACHED_DOCUMENTS)
    deep = "{ " + "decisions { edges { node { stakeholders { " * 4 + "handle" + " } } } }" * 4 + " }"
    before = cache.cache_info()
    verdicts = [schema.execute_sync(deep).errors for _ in range(3)]
    after = cache.cache_info()
    assert all(errors and "exceeds maximum operation depth" in errors[0].message for errors in verdicts)
    assert after.misses - before.misses == 1 and after.hits - before.hits == 2
