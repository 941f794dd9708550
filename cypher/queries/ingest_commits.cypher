// Store git commits (`ingest-git`), idempotently: each Commit by its sha, CHANGED to the
// File of every path it touched in $repository (the key of the repository they come from), MENTIONS to the decisions its message names (ids resolved
// by the caller from decision ids, ADR numbers and titles), and FOLLOWS to the decisions
// that govern a file it changed (the file or a directory holding it) and were decided at or
// before it, in the same repository. Re-running adds the FOLLOWS links of decisions stored since.
// params: $repository, $commits
// example: :param repository => 'github.com/acme/shop'
//          :param commits => [{sha: 'a1b2c3', author: 'alice', email: 'alice@example.org', date: '2024-03-16T10:00:00+00:00', message: 'Orders schema (dec-400b65af5851)', files: [{path: 'services/orders/schema.sql', ancestors: ['services/', 'services/orders/']}], mentions: ['dec-400b65af5851']}]
MATCH (repo:Repository {key: $repository})
UNWIND $commits AS c
MERGE (commit:Commit {sha: c.sha})
SET commit.author = c.author, commit.email = c.email, commit.date = datetime(c.date), commit.message = c.message
MERGE (commit)-[:IN_REPOSITORY]->(repo)
WITH commit, c, repo
CALL (commit, c, repo) {
  UNWIND c.files AS changed
  MERGE (f:File {repository: $repository, path: changed.path})
    ON CREATE SET f.kind = 'file'
  MERGE (f)-[:IN_REPOSITORY]->(repo)
  MERGE (commit)-[:CHANGED]->(f)
  WITH changed
  MATCH (g:File {repository: $repository}) WHERE g.path IN [changed.path] + changed.ancestors
  MATCH (d:Decision)-[:AFFECTS]->(g)
  WHERE coalesce(d.decided_at, d.recorded_at) <= commit.date
  MERGE (commit)-[:FOLLOWS]->(d)
}
CALL (commit, c) {
  UNWIND c.mentions AS id
  MATCH (d:Decision {id: id})
  MERGE (commit)-[:MENTIONS]->(d)
}
RETURN count(commit) AS commits;
