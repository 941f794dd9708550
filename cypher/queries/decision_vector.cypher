// The decisions nearest to an embedding (cosine), by their own vector or by that of the
// alternatives they weighed, the nearer counting; best first. The vector side of search,
// on its own (eval search replays the fusion from it).
// params: $embedding, $limit
// example: :param embedding => [0.1, 0.2, ...]  (384 numbers)
//          :param limit => 10
CALL () {
  CALL db.index.vector.queryNodes('decision_embedding', $limit, $embedding) YIELD node, score
  RETURN node, score
  UNION ALL
  CALL db.index.vector.queryNodes('decision_alternatives_embedding', $limit, $embedding) YIELD node, score
  RETURN node, score
}
WITH node, max(score) AS score
ORDER BY score DESC
LIMIT $limit
RETURN node.id AS id, score;
