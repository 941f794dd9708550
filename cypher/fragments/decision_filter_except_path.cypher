// Every filter of a DecisionFilter (graph/filters.py) but the path, applied to a decision
// `d`: a null filter does not filter; statuses in $hidden_statuses are left out (replaced
// decisions unless history is asked for, drafts unless drafts are); $groups as in
// decision_visible. decision_filter adds the path (decision_on_path);
// decisions_page_under_path includes this part alone: its seed applies the path rule.
// $of_repository (a repository's key, asked without a path) keeps the decisions of that
// repository: from a session about it or affecting one of its files.
// params: $hidden_statuses, $statuses, $tags, $tags_all, $stakeholder, $since, $until, $feature, $session, $series, $source, $of_repository, $groups
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
  AND ($of_repository IS NULL OR EXISTS { (d)-[:IN_SESSION]->(:Session {repository: $of_repository}) }
       OR EXISTS { (d)-[:AFFECTS]->(:File {repository: $of_repository}) })
  AND {{decision_visible}}
