// The filters of a DecisionFilter (graph/filters.py) applied to a decision `d`: a null
// filter does not filter; statuses in $hidden_statuses are left out (replaced decisions
// unless history is asked for, drafts unless drafts are); a path matches the file, anything
// under the directory, or a directory holding it, in $repository; $groups as in
// decision_visible. The text filter is each query's own: it depends on how the query ran
// the full-text index. Included as {{decision_filter}} by decisions_page,
// decisions_aggregate and decisions_by_ids (there as {{decision_filter: search}}: every
// $param read from the map `search` instead).
// params: $hidden_statuses, $statuses, $tags, $tags_all, $stakeholder, $since, $until, $path_prefix, $path_dir, $repository, $feature, $session, $series, $source, $groups
NOT d.status IN $hidden_statuses
  AND ($statuses IS NULL OR d.status IN $statuses)
  AND ($tags IS NULL OR any(tag IN d.tags WHERE tag IN $tags))
  AND ($tags_all IS NULL OR all(tag IN $tags_all WHERE tag IN coalesce(d.tags, [])))
  AND ($since IS NULL OR coalesce(d.decided_at, d.recorded_at) >= $since)
  AND ($until IS NULL OR coalesce(d.decided_at, d.recorded_at) < $until)
  AND ($source IS NULL OR d.source = $source)
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
  AND {{decision_visible}}
