from __future__ import annotations

from api.usecases.search_eval import _Asked, fused
from graph.search import fulltext_weights


def test_fulltext_hits_weigh_their_score_over_the_best() -> None:
    weights = fulltext_weights({"ids": ["a", "b", "a"], "scores": [4.0, 1.0, 0.5]}, weight=0.2)
    assert weights == {"a": 0.2, "b": 0.05}  # an alternative's later, weaker hit does not add
    assert fulltext_weights(None) == {} and fulltext_weights({"ids": [], "scores": []}) == {}


def test_fusion_adds_full_text_to_cosine_and_drops_far_vectors() -> None:
    asked = _Asked("c", "q", "adr", "b", [], {"ids": ["b", "a"], "scores": [2.0, 1.0]},
                   [("a", 0.80), ("b", 0.78), ("far", 0.60)])
    assert fused(asked, 0.0)[:2] == ["a", "b"]  # cosine 0.60 vs 0.56
    assert fused(asked, 0.1) == ["b", "a"]  # 0.56 + 0.1 beats 0.60 + 0.05
    assert "far" not in fused(asked, 0.1)  # below the vector retriever's floor
