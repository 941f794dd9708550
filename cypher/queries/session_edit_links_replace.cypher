// Store the files a session edited after each of its decisions (via 'session_edit'): for
// each decision in $decisions, its session-edit links to $repository's files become exactly
// $links (one the window no longer gives is removed). A link the decision states itself is
// never touched or downgraded; an inferred link of another kind to the same file takes this
// reason and evidence, first-hand as it is. Repository-wide link inference
// (code_links_replace) leaves these links alone. Idempotent: the same links again change nothing.
// params: $repository, $decisions, $links
// example: :param repository => 'github.com/acme/shop'
//          :param decisions => ['dec-1']
//          :param links => [{decision: 'dec-1', path: 'app/cache.py', confidence: 0.8, evidence: 'the session edited it: Edit in message 6, 2 messages, 10 s after the decision (message 4)'}]
MATCH (repo:Repository {key: $repository})
CALL (repo) {
  UNWIND $decisions AS id
  MATCH (:Decision {id: id})-[r:AFFECTS {inferred: true, via: 'session_edit'}]->(f:File {repository: $repository})
  WHERE NOT {decision: id, path: f.path} IN [l IN $links | {decision: l.decision, path: l.path}]
  DELETE r
}
UNWIND $links AS l
MATCH (d:Decision {id: l.decision})
MERGE (f:File {repository: $repository, path: l.path})
  ON CREATE SET f.kind = 'file'
MERGE (f)-[:IN_REPOSITORY]->(repo)
MERGE (d)-[r:AFFECTS]->(f)
  ON CREATE SET r.inferred = true
WITH r, l WHERE r.inferred = true
SET r.via = 'session_edit', r.confidence = l.confidence, r.evidence = l.evidence, r.commits = []
RETURN count(r) AS links;
