// Retrieval for search: the decisions nearest to a query embedding (cosine), best first.
// params: $embedding, $k
// example: :param embedding => [0.1, ...]
//          :param k => 50
CALL db.index.vector.queryNodes('decision_embedding', $k, $embedding) YIELD node, score
RETURN node.id AS id, score
ORDER BY score DESC;
