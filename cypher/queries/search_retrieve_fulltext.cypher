// Retrieval for search: the ids of the decisions matching an (escaped) Lucene query, best
// first, with their scores, at most $k of them. A hit on an alternative counts for the
// decision that considered it. Within a $session or a $series (either may be null), the
// index's best $scan hits are kept to that scope first, so a session's matches are not
// crowded out by better ones elsewhere. One row holding the lists: cheaper for the driver
// than a row per hit. Its scores are fused with the vector scores in decisions_by_ids.
// params: $text, $k, $scan, $session, $series
// example: :param text => 'postgres'
//          :param k => 50
//          :param scan => 50
//          :param session => null
//          :param series => null
CALL db.index.fulltext.queryNodes('decision_text', $text, {limit: $scan}) YIELD node, score
OPTIONAL MATCH (owner:Decision)-[:CONSIDERED]->(node)
WITH coalesce(owner, node) AS decision, score
WHERE decision:Decision
  AND ($session IS NULL OR EXISTS { (decision)-[:IN_SESSION]->(:Session {id: $session}) })
  AND ($series IS NULL OR EXISTS { (decision)-[:IN_SESSION]->(:Session {series: $series}) })
WITH decision, max(score) AS score
ORDER BY score DESC
LIMIT $k
RETURN collect(decision.id) AS ids, collect(score) AS scores;
