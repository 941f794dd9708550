// Append one agent decision (seed 003) to its session's ledger: the Decision:PolicyDecision
// node with the exact record as JSON, the policies it was evaluated under (the deciding one
// marked), the standing exception it applied, the precedents it cited, the entities it
// involved, the File nodes of its file entities (the same ones conversation decisions
// AFFECT), and its Tag nodes (TAGGED, as for every decision). CREATE, not MERGE: an
// existing id fails on the uniqueness constraint, and the store turns that into "already
// recorded" or a ledger violation.
// params: $decision, $session, $policies, $exception, $precedents, $entities, $files
// example: :param decision => {id: '5f0c…', summary: 'deploy allowed', rationale: 'Allowed by deploy_window v1.0.0', status: 'active', source: 'agent', origin: 'stated', confidence: 1.0, decided_at: datetime(), recorded_at: datetime(), tool_name: 'deploy', params_digest: 'sha256:…', outcome: 'allowed', tags: ['agent'], keywords: [], entity_keys: [], source_keys: ['session'], lineage_json: '{}'}
//          :param session => {id: 'agent-run-1', title: 'agent-run-1', access_groups: []}
//          :param policies => [{name: 'deploy_window', version: '1.0.0', hash: 'sha256:…', base_decision: 'allow', denial_reason: null, conditions: '[]', deciding: true}]
//          :param exception => null
//          :param precedents => []
//          :param entities => []
//          :param files => []
MERGE (s:Session {id: $session.id})
ON CREATE SET s.title = $session.title, s.source = 'agent', s.started_at = $decision.decided_at,
              s.access_groups = $session.access_groups
CREATE (d:Decision:PolicyDecision)
SET d = $decision
CREATE (d)-[:IN_SESSION]->(s)
WITH d
CALL (d) {
  UNWIND $policies AS p
  MERGE (policy:Policy {name: p.name, version: p.version})
  ON CREATE SET policy.content_hash = p.hash
  CREATE (d)-[:EVALUATED_UNDER {base_decision: p.base_decision, denial_reason: p.denial_reason,
                                conditions: p.conditions, policy_hash: p.hash, deciding: p.deciding}]->(policy)
}
CALL (d) {
  WITH $exception AS e
  WHERE e IS NOT NULL
  MERGE (x:StandingException {name: e.name, version: e.version})
  CREATE (d)-[:APPLIED_EXCEPTION {condition_matched: e.condition_matched, override_action: e.override_action,
                                  rationale: e.rationale, expires_at: e.expires_at}]->(x)
}
CALL (d) {
  UNWIND $precedents AS p
  MATCH (older:Decision {id: p.id})
  CREATE (d)-[:CITES_PRECEDENT {similarity: p.similarity, match_reason: p.match_reason,
                                outcome_matched: p.outcome_matched}]->(older)
}
CALL (d) {
  UNWIND $entities AS e
  MERGE (entity:Entity {type: e.type, id: e.id})
  CREATE (d)-[:INVOLVES {role: e.type}]->(entity)
}
CALL (d) {
  UNWIND $files AS path
  MERGE (f:File {repository: '', path: path})
  CREATE (d)-[:AFFECTS {via: 'agent call', inferred: false, confidence: 1.0}]->(f)
}
CALL (d) {
  UNWIND coalesce(d.tags, []) AS tag
  MERGE (t:Tag {name: tag})
  MERGE (d)-[:TAGGED]->(t)
}
RETURN d.id AS id;
