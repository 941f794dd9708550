// Current decisions whose subject shares words or issue references with a new decision's
// ($terms, from its subject_key), other than $id, readable by the same access groups and not
// decided after it ($before). The caller decides which of them are on the same subject.
// params: $id, $repository, $terms, $limit, $groups, $before
// example: :param id => 'dec-456'
//          :param terms => 'class scoped framing ref29'
//          :param limit => 10
//          :param repository => null
//          :param groups => []
//          :param before => null
CALL db.index.fulltext.queryNodes('decision_subject', $terms, {limit: $limit * 3}) YIELD node, score
WITH node, score
WHERE node.id <> $id AND node.status IN ['active', 'revisited']
  AND ($before IS NULL OR node.decided_at IS NULL OR node.decided_at <= $before)
MATCH (node)-[:IN_SESSION]->(session:Session)
WHERE $repository IS NULL OR session.repository IS NULL OR session.repository = $repository
WITH node, score, session, coalesce(session.access_groups, []) AS groups
WHERE size(groups) = size($groups) AND all(group IN groups WHERE group IN $groups)
WITH node, session, score
ORDER BY score DESC
LIMIT $limit
// score is 0.0: a full-text score is not a similarity of meaning.
RETURN node.id AS id, node.summary AS summary, node.subject AS subject, node.context AS context,
       node.keywords AS keywords, node.tags AS tags, session.id AS session, session.series AS series,
       session.title AS session_title, coalesce(node.decided_at, node.recorded_at) AS at, 0.0 AS score;
