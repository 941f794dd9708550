// The commits that followed the decision `d` — those that mention it and those that changed
// a file it governs after it was decided (`ingest-git`) — newest first, at most $commit_limit,
// each with the files it changed, as the list `commits`. Included as {{decision_commits}} by
// commits_of_decisions, and by decisions_paged for a page that shows its commits.
// params: $commit_limit
CALL (d) {
  MATCH (c:Commit)-[r:MENTIONS|FOLLOWS]->(d)
  WITH c, collect(type(r)) AS how
  ORDER BY c.date DESC, c.sha
  LIMIT $commit_limit
  RETURN collect({sha: c.sha, author: c.author, date: toString(c.date), message: c.message, how: how,
                  files: [(c)-[:CHANGED]->(f:File) | f.path]}) AS commits
}
