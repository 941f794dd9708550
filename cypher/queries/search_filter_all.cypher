// Decisions selected by filters alone, newest first (a tag-only or "decisions by @alice"
// search). A null filter does not filter. Current decisions only unless $include_history.
// params: $include_history, $statuses, $tags, $stakeholder, $since, $until, $path_prefix, $session, $limit
// example: :param include_history => false
//          :param statuses => null
//          :param tags => ['database']
//          :param stakeholder => null
//          :param since => null
//          :param until => null
//          :param path_prefix => null
//          :param session => null
//          :param limit => 10
MATCH (d:Decision)
WHERE ($include_history OR NOT d.status IN ['superseded', 'deprecated', 'rejected'])
  AND ($statuses IS NULL OR d.status IN $statuses)
  AND ($tags IS NULL OR any(tag IN d.tags WHERE tag IN $tags))
  AND ($since IS NULL OR coalesce(d.decided_at, d.recorded_at) >= $since)
  AND ($until IS NULL OR coalesce(d.decided_at, d.recorded_at) < $until)
  AND ($session IS NULL OR EXISTS { (d)-[:IN_SESSION]->(:Session {id: $session}) })
  AND ($stakeholder IS NULL OR EXISTS { (d)-[:INVOLVES|DECIDED_BY]->(:Stakeholder {handle: $stakeholder}) })
  AND ($path_prefix IS NULL OR EXISTS {
        MATCH (d)-[:AFFECTS]->(f:File)
        WHERE f.path STARTS WITH $path_prefix OR (f.path ENDS WITH '/' AND $path_prefix STARTS WITH f.path) })
RETURN d.id AS id, 0.0 AS score
ORDER BY coalesce(d.decided_at, d.recorded_at) DESC
LIMIT $limit;
