// Retrieval for search: the ids of the decisions matching an (escaped) Lucene query, best
// first, with their scores. A hit on an alternative counts for the decision that considered
// it. One row holding the lists: cheaper for the driver than a row per hit. Its scores are
// fused with the vector scores in decisions_by_ids.
// params: $text, $k
// example: :param text => 'postgres'
//          :param k => 50
CALL db.index.fulltext.queryNodes('decision_text', $text, {limit: $k}) YIELD node, score
OPTIONAL MATCH (owner:Decision)-[:CONSIDERED]->(node)
WITH coalesce(owner, node) AS decision, score
WHERE decision:Decision
WITH decision, max(score) AS score
ORDER BY score DESC
RETURN collect(decision.id) AS ids, collect(score) AS scores;
