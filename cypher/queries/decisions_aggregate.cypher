// How many of the decisions the filters select fall under each tag, status, stakeholder,
// month or file they affect ($by: TAG | STATUS | STAKEHOLDER | MONTH | FILE), largest first. Same filters and
// visibility as decisions_page (cypher/fragments/decision_filter.cypher).
// params: $by, $hidden_statuses, $statuses, $tags, $tags_all, $stakeholder, $since, $until, $path_prefix, $path_dir, $repository, $of_repository, $feature, $session, $series, $source, $text, $groups
// example: :param by => 'TAG'
//          :param hidden_statuses => ['superseded', 'deprecated', 'rejected', 'candidate']
//          :param statuses => null
//          :param tags => null
//          :param tags_all => null
//          :param stakeholder => null
//          :param since => null
//          :param until => null
//          :param path_prefix => 'src/api'
//          :param path_dir => 'src/api/'
//          :param repository => ''
//          :param of_repository => null
//          :param feature => null
//          :param session => null
//          :param series => null
//          :param source => null
//          :param text => null
//          :param groups => null
CALL () {
  WITH $text AS text WHERE text IS NOT NULL
  CALL db.index.fulltext.queryNodes('decision_text', text) YIELD node
  OPTIONAL MATCH (owner:Decision)-[:CONSIDERED]->(node)
  RETURN collect(DISTINCT coalesce(owner, node).id) AS text_ids
}
MATCH (d:Decision)
WHERE {{decision_filter}}
  AND ($text IS NULL OR d.id IN text_ids)
CALL (d) {
  WITH d WHERE $by = 'TAG'
  UNWIND coalesce(d.tags, []) AS key
  RETURN key
  UNION
  WITH d WHERE $by = 'STATUS'
  RETURN coalesce(d.status, 'active') AS key
  UNION
  WITH d WHERE $by = 'STAKEHOLDER'
  MATCH (d)-[:INVOLVES|DECIDED_BY]->(h:Stakeholder)
  RETURN h.handle AS key
  UNION
  WITH d WHERE $by = 'MONTH'
  RETURN substring(toString(coalesce(d.decided_at, d.recorded_at)), 0, 7) AS key
  UNION
  WITH d WHERE $by = 'FILE'
  MATCH (d)-[:AFFECTS]->(f:File)
  RETURN f.path AS key
}
WITH key, count(DISTINCT d) AS count
WHERE key IS NOT NULL
ORDER BY count DESC, key
// One row of two lists: the driver builds each record in Python, and a FILE aggregate
// over 10k decisions has thousands of keys (1.5 s as rows).
RETURN collect(key) AS keys, collect(count) AS counts;
