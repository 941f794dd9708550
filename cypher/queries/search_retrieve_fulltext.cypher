// Retrieval for search: decisions matching an (escaped) Lucene query, best first. A hit
// on an alternative counts for the decision that considered it. Status and date come
// along so that a search with no filters needs no further query. One row holding the
// list, dates as ISO text: cheaper for the driver than a row and a DateTime per hit.
// params: $text, $k
// example: :param text => 'postgres'
//          :param k => 50
CALL db.index.fulltext.queryNodes('decision_text', $text, {limit: $k}) YIELD node, score
OPTIONAL MATCH (owner:Decision)-[:CONSIDERED]->(node)
WITH coalesce(owner, node) AS decision, score
WHERE decision:Decision
WITH decision, max(score) AS score
ORDER BY score DESC
RETURN collect({id: decision.id, status: decision.status,
                at: toString(coalesce(decision.decided_at, decision.recorded_at)), score: score}) AS hits;
