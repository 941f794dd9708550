// What touched src/api? Decisions (from conversations, ADRs and agents) that affect a file
// under the directory, or the directory itself, newest first, with their status and what
// replaced them.
:param dir => 'src/api/';
MATCH (d:Decision)-[:AFFECTS]->(f:File)
WHERE f.path STARTS WITH $dir OR $dir STARTS WITH f.path
OPTIONAL MATCH (newer:Decision)-[:SUPERSEDES|REVISITS]->(d)
RETURN d.summary AS decision, d.status AS status, d.source AS source,
       coalesce(d.decided_at, d.recorded_at) AS decided, collect(DISTINCT f.path) AS files,
       collect(DISTINCT newer.summary) AS replaced_or_revisited_by
ORDER BY decided DESC;
