// Store what link inference found for one repository: for each decision in $decisions,
// its inferred AFFECTS links to this repository's files become exactly $links (stale ones,
// which a changed rule or history no longer supports, are removed; a stated link is never
// touched or downgraded, nor is a link a session's own edits made (via 'session_edit',
// owned by that session's ingest: session_edit_links_replace). Idempotent: the same links
// again change nothing.
// params: $repository, $decisions, $links
// example: :param repository => 'github.com/acme/shop'
//          :param decisions => ['dec-1']
//          :param links => [{decision: 'dec-1', path: 'src/Pipfile', kind: 'file', via: 'manifest', confidence: 0.85, evidence: 'src/Pipfile declares django-fsm, which it takes up or drops', commits: []}]
MATCH (repo:Repository {key: $repository})
CALL (repo) {
  UNWIND $decisions AS id
  MATCH (:Decision {id: id})-[r:AFFECTS {inferred: true}]->(f:File {repository: $repository})
  WHERE coalesce(r.via, '') <> 'session_edit'
    AND NOT {decision: id, path: f.path} IN [l IN $links | {decision: l.decision, path: l.path}]
  DELETE r
}
UNWIND $links AS l
MATCH (d:Decision {id: l.decision})
MERGE (f:File {repository: $repository, path: l.path})
  ON CREATE SET f.kind = l.kind
MERGE (f)-[:IN_REPOSITORY]->(repo)
MERGE (d)-[r:AFFECTS]->(f)
  ON CREATE SET r.inferred = true
WITH r, l WHERE r.inferred = true AND coalesce(r.via, '') <> 'session_edit'
SET r.via = l.via, r.confidence = l.confidence, r.evidence = l.evidence, r.commits = l.commits
RETURN count(r) AS links;
