// Test support: a session's stored properties, the files its messages edited, and every
// AFFECTS link of its decisions with the file's repository.
// params: $session_id
// example: :param session_id => '7f3c2a10-5b1e-4c2d-9a7e-0c1d2e3f4a5b'
MATCH (s:Session {id: $session_id})
RETURN properties(s) AS session,
       [(m:Message)-[:IN_SESSION]->(s) WHERE size(coalesce(m.files, [])) > 0 | {id: m.id, seq: m.seq, files: m.files}] AS messages,
       [(s)<-[:IN_SESSION]-(d:Decision)-[r:AFFECTS]->(f:File) |
          {decision: d.id, repository: f.repository, path: f.path, via: r.via, inferred: r.inferred,
           confidence: r.confidence, evidence: r.evidence}] AS links;
