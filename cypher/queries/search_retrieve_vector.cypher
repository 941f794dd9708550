// Retrieval for search: the decisions nearest to a query embedding (cosine), best first,
// with status and date (a search with no filters needs no further query).
// params: $embedding, $k
// example: :param embedding => [0.1, ...]
//          :param k => 50
CALL db.index.vector.queryNodes('decision_embedding', $k, $embedding) YIELD node, score
RETURN node.id AS id, node.status AS status, coalesce(node.decided_at, node.recorded_at) AS at, score
ORDER BY score DESC;
