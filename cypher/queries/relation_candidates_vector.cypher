// Current decisions most similar to an embedding, other than $id: candidates for
// "does the new decision supersede or revisit an earlier one?".
// params: $id, $embedding, $limit
// example: :param id => 'dec-456'
//          :param embedding => [0.1, ...]
//          :param limit => 5
CALL db.index.vector.queryNodes('decision_embedding', $limit + 1, $embedding) YIELD node, score
WITH node, score
WHERE node.id <> $id AND node.status IN ['active', 'revisited']
RETURN node.id AS id, node.summary AS summary, node.keywords AS keywords, node.tags AS tags,
       coalesce(node.decided_at, node.recorded_at) AS at, score;
