// An agent session's ledger: its decisions in the order decided.
// params: $session, $groups
// example: :param session => 'agent-run-1'
//          :param groups => null
MATCH (d:PolicyDecision)-[:IN_SESSION]->(:Session {id: $session})
WHERE {{decision_visible}}
RETURN d.lineage_json AS record
ORDER BY d.decided_at, d.id;
