// Retrieval for search: the decisions nearest to a query embedding (cosine), best first,
// with status and date (a search with no filters needs no further query), as one row
// holding the list, dates as ISO text (cheaper for the driver than a row per hit).
// params: $embedding, $k
// example: :param embedding => [0.1, ...]
//          :param k => 50
CALL db.index.vector.queryNodes('decision_embedding', $k, $embedding) YIELD node, score
WITH node, score
ORDER BY score DESC
RETURN collect({id: node.id, status: node.status, at: toString(coalesce(node.decided_at, node.recorded_at)),
                score: score}) AS hits;
