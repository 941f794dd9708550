// Agent decisions that cited a precedent and came out otherwise, newest first.
// params: $since, $limit, $groups
// example: :param since => null
//          :param limit => 50
//          :param groups => null
MATCH (d:PolicyDecision)
WHERE EXISTS { (d)-[:CITES_PRECEDENT {outcome_matched: false}]->(:Decision) }
  AND ($since IS NULL OR d.decided_at >= $since)
  AND {{decision_visible}}
RETURN d.lineage_json AS record
ORDER BY d.decided_at DESC, d.id DESC
LIMIT $limit;
