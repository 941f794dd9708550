// Current decisions that name one of the same technologies (keywords), other than $id.
// params: $id, $keywords, $limit
// example: :param id => 'dec-456'
//          :param keywords => ['PostgreSQL']
//          :param limit => 5
MATCH (node:Decision)
WHERE node.id <> $id AND node.status IN ['active', 'revisited']
  AND any(keyword IN node.keywords WHERE keyword IN $keywords)
RETURN node.id AS id, node.summary AS summary, node.keywords AS keywords, node.tags AS tags,
       coalesce(node.decided_at, node.recorded_at) AS at, 0.0 AS score
ORDER BY at DESC
LIMIT $limit;
