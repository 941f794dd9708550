// The commits that followed each of $decisions in $repository: those that changed a file
// it affects (or a file under a directory it affects) at or after it was decided.
// `ingest-git` draws FOLLOWS as it stores commits; this draws them for links made since
// (ADRs imported, or links inferred, after the history was stored). Idempotent.
// params: $repository, $decisions
// example: :param repository => 'github.com/acme/shop'
//          :param decisions => ['dec-1']
UNWIND $decisions AS id
MATCH (d:Decision {id: id})-[:AFFECTS]->(g:File {repository: $repository})
CALL (d, g) {
  MATCH (f:File {repository: $repository}) WHERE f.path = g.path OR (g.path ENDS WITH '/' AND f.path STARTS WITH g.path)
  MATCH (c:Commit)-[:CHANGED]->(f)
  WHERE coalesce(d.decided_at, d.recorded_at) <= c.date
  MERGE (c)-[:FOLLOWS]->(d)
}
RETURN count(DISTINCT d) AS decisions;
