from __future__ import annotations

from nlp.evaluation.search_baselines import Document, Fts5Index, Fts5Match, JaccardIndex, reciprocal_rank

DOCS = [
    Document("pg", "Use PostgreSQL for orders", "need transactions", "ACID guarantees"),
    Document("rest", "Use REST for the public API", "clients are simple", "team knows REST"),
]


def test_fts5_ranks_by_bm25_and_survives_fts_syntax() -> None:
    index = Fts5Index(DOCS)
    assert index.search("why did we choose PostgreSQL?") == ["pg"]
    assert index.search('"unbalanced AND (quote NEAR/3') == []
    # Both match "use"; the one that says "PostgreSQL" three times in a short record ranks first
    # whichever order the documents were indexed in.
    ranked = [
        Document("once", "Use a queue for orders", "PostgreSQL was one option among many we looked at for this", ""),
        Document("thrice", "Use PostgreSQL", "PostgreSQL", "PostgreSQL"),
    ]
    assert Fts5Index(ranked).search("use PostgreSQL") == ["thrice", "once"]
    assert Fts5Index(ranked[::-1]).search("use PostgreSQL") == ["thrice", "once"]


def test_jaccard_follows_seed_004_weights() -> None:
    index = JaccardIndex(DOCS)
    assert index.search("REST public API")[0] == "rest"
    assert index.search("nothing matches here") == []


def test_reciprocal_rank_cuts_at_ten() -> None:
    assert reciprocal_rank(["a", "b"], "b") == 0.5
    assert reciprocal_rank([str(i) for i in range(20)], "15") == 0.0


def test_fts5_every_term_configuration_stems_requires_all_and_falls_back_to_any() -> None:
    index = Fts5Index(DOCS + [Document("both", "Use REST and PostgreSQL", "", "")], Fts5Match.ALL_THEN_ANY)
    assert index.search("transaction guarantees") == ["pg"]  # porter: transactions, guarantees
    assert index.search("REST PostgreSQL") == ["both"]  # every term, when some document has them all
    assert set(index.search("PostgreSQL clients")) == {"pg", "both", "rest"}  # none has both: any of them


def test_fts5_any_term_configuration_ranks_partial_matches_too() -> None:
    index = Fts5Index(DOCS + [Document("both", "Use REST and PostgreSQL", "", "")], Fts5Match.ANY)
    assert index.search("transaction guarantees") == ["pg"]
    # The document with both terms ranks first, but those with one are still listed after it.
    found = index.search("REST PostgreSQL")
    assert found[0] == "both" and set(found) == {"both", "pg", "rest"}
    assert Fts5Index(DOCS).search("why did we choose PostgreSQL?") == ["pg"]  # the default is ANY
