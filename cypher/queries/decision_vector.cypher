// The decisions nearest to an embedding in the vector index (cosine), best first.
// params: $embedding, $limit
// example: :param embedding => [0.1, 0.2, ...]  (384 numbers)
//          :param limit => 10
CALL db.index.vector.queryNodes('decision_embedding', $limit, $embedding) YIELD node, score
RETURN node.id AS id, score;
