// Agent decisions a policy decided (any version), optionally with one outcome and since an
// instant, newest first.
// params: $name, $outcome, $since, $limit, $groups
// example: :param name => 'deadline_enforcement'
//          :param outcome => 'allowed_by_exception'
//          :param since => null
//          :param limit => 100
//          :param groups => null
MATCH (d:PolicyDecision)-[:EVALUATED_UNDER {deciding: true}]->(:Policy {name: $name})
WHERE ($outcome IS NULL OR d.outcome = $outcome)
  AND ($since IS NULL OR d.decided_at >= $since)
  AND {{decision_visible}}
RETURN d.lineage_json AS record
ORDER BY d.decided_at DESC, d.id DESC
LIMIT $limit;
