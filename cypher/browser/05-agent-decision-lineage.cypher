// Why was an agent's tool call allowed? Its policy (version and content hash), the
// conditions checked, the standing exception applied, and the precedents it cited and
// whether it followed them. Without an id: the latest decisions allowed by exception.
:param id => null;
MATCH (d:PolicyDecision)-[e:EVALUATED_UNDER {deciding: true}]->(p:Policy)
WHERE ($id IS NULL AND d.outcome = 'allowed_by_exception') OR d.id = $id
OPTIONAL MATCH (d)-[x:APPLIED_EXCEPTION]->(ex:StandingException)
OPTIONAL MATCH (d)-[c:CITES_PRECEDENT]->(prior:Decision)
RETURN d.summary AS call, d.outcome AS outcome, d.rationale AS rationale, d.decided_at AS at,
       p.name + ' v' + p.version AS policy, e.policy_hash AS policy_hash, e.conditions AS conditions,
       ex.name + ' v' + ex.version AS exception, x.condition_matched AS because,
       collect({precedent: prior.summary, similarity: c.similarity, followed: c.outcome_matched}) AS precedents
ORDER BY at DESC
LIMIT 25;
