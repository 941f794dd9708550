// Current decisions most similar to an embedding, other than $id: candidates for
// "does the new decision supersede or revisit an earlier one?". Only decisions readable by
// the same access groups as the new one's session, and not decided after it ($before).
// A decision of another repository than the new one's ($repository; null: none known) is no candidate.
// params: $id, $repository, $embedding, $limit, $groups, $before
// example: :param id => 'dec-456'
//          :param embedding => [0.1, ...]
//          :param limit => 5
//          :param repository => null
//          :param groups => []
//          :param before => null
CALL db.index.vector.queryNodes('decision_embedding', $limit + 1, $embedding) YIELD node, score
WITH node, score
WHERE node.id <> $id AND node.status IN ['active', 'revisited']
  AND ($before IS NULL OR node.decided_at IS NULL OR node.decided_at <= $before)
MATCH (node)-[:IN_SESSION]->(session:Session)
WHERE $repository IS NULL OR session.repository IS NULL OR session.repository = $repository
WITH node, score, session, coalesce(session.access_groups, []) AS groups
WHERE size(groups) = size($groups) AND all(group IN groups WHERE group IN $groups)
RETURN node.id AS id, node.summary AS summary, node.subject AS subject, node.context AS context,
       node.keywords AS keywords, node.tags AS tags, session.id AS session, session.series AS series,
       session.title AS session_title, coalesce(node.decided_at, node.recorded_at) AS at, score;
