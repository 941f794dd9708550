// How many of the decisions the filters select fall under each tag, status, stakeholder,
// month or file they affect ($by: TAG | STATUS | STAKEHOLDER | MONTH | FILE), largest first. Same filters and
// visibility as decisions_page.
// params: $by, $hidden_statuses, $statuses, $tags, $tags_all, $stakeholder, $since, $until, $path_prefix, $path_dir, $repository, $feature, $session, $series, $source, $text, $groups
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
WHERE NOT d.status IN $hidden_statuses
  AND ($statuses IS NULL OR d.status IN $statuses)
  AND ($tags IS NULL OR any(tag IN d.tags WHERE tag IN $tags))
  AND ($tags_all IS NULL OR all(tag IN $tags_all WHERE tag IN coalesce(d.tags, [])))
  AND ($since IS NULL OR coalesce(d.decided_at, d.recorded_at) >= $since)
  AND ($until IS NULL OR coalesce(d.decided_at, d.recorded_at) < $until)
  AND ($source IS NULL OR d.source = $source)
  AND ($text IS NULL OR d.id IN text_ids)
  AND ($session IS NULL OR EXISTS { (d)-[:IN_SESSION]->(:Session {id: $session}) })
  AND ($series IS NULL OR EXISTS { (d)-[:IN_SESSION]->(:Session {series: $series}) })
  AND ($stakeholder IS NULL OR EXISTS {
        MATCH (d)-[:INVOLVES|DECIDED_BY]->(h:Stakeholder)
        WHERE h.handle = $stakeholder OR EXISTS { (:Alias {handle: $stakeholder})-[:ALIAS_OF]->(h) } })
  AND ($feature IS NULL OR EXISTS { (d)-[:AFFECTS]->(:Feature {key: $feature}) })
  AND ($path_prefix IS NULL OR EXISTS {
        MATCH (d)-[:AFFECTS]->(f:File {repository: $repository})
        WHERE f.path = $path_prefix OR f.path STARTS WITH $path_dir
           OR (f.path ENDS WITH '/' AND $path_dir STARTS WITH f.path) })
  AND ($groups IS NULL OR EXISTS {
        MATCH (d)-[:IN_SESSION]->(s:Session)
        WHERE coalesce(s.access_groups, []) = [] OR any(g IN s.access_groups WHERE g IN $groups) })
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
