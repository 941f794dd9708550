// Search filters over retrieved candidates ($candidates: [{id, score}]), best first.
// A null filter does not filter. Current decisions only unless $include_history.
// (search_filter_all.cypher applies the same filters when there is no text to retrieve by.)
// params: $candidates, $include_history, $statuses, $tags, $stakeholder, $since, $until, $path_prefix, $session, $limit
// example: :param candidates => [{id: 'dec-123', score: 0.03}]
//          :param include_history => false
//          :param statuses => null
//          :param tags => null
//          :param stakeholder => null
//          :param since => null
//          :param until => null
//          :param path_prefix => null
//          :param session => null
//          :param limit => 10
UNWIND $candidates AS candidate
MATCH (d:Decision {id: candidate.id})
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
RETURN d.id AS id, candidate.score AS score
ORDER BY score DESC, coalesce(d.decided_at, d.recorded_at) DESC
LIMIT $limit;
