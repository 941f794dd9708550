// Current decisions that name one of the same technologies (keywords), other than $id,
// readable by the same access groups and not decided after the new one ($before).
// params: $id, $repository, $keywords, $limit, $groups, $before
// example: :param id => 'dec-456'
//          :param keywords => ['PostgreSQL']
//          :param limit => 5
//          :param repository => null
//          :param groups => []
//          :param before => null
MATCH (node:Decision)-[:IN_SESSION]->(session:Session)
WHERE node.id <> $id AND node.status IN ['active', 'revisited']
  AND any(keyword IN node.keywords WHERE keyword IN $keywords)
  AND ($before IS NULL OR node.decided_at IS NULL OR node.decided_at <= $before)
  AND ($repository IS NULL OR session.repository IS NULL OR session.repository = $repository)
WITH node, session, coalesce(session.access_groups, []) AS groups
WHERE size(groups) = size($groups) AND all(group IN groups WHERE group IN $groups)
RETURN node.id AS id, node.summary AS summary, node.subject AS subject, node.context AS context,
       node.keywords AS keywords, node.tags AS tags, session.id AS session, session.series AS series,
       session.title AS session_title, coalesce(node.decided_at, node.recorded_at) AS at, 0.0 AS score
ORDER BY at DESC
LIMIT $limit;
