// The commits that followed the decision `d` — those that mention it and those that changed
// a file it governs after it was decided (`ingest-git`) — newest first, at most $commit_limit,
// each with the files it changed, as the list `commits`. Included as {{decision_commits}} by
// commits_of_decisions, and by decisions_paged for a page that shows its commits.
// Under a path ($path_prefix, in $repository: impact, a page filtered by path) a commit
// is shown when it changed something there: what touched the path, not every governed file
// elsewhere, nor a commit that names the decision and changed only its document or a README.
// params: $commit_limit, $path_prefix, $path_dir, $repository
CALL (d) {
  MATCH (c:Commit)-[r:MENTIONS|FOLLOWS]->(d)
  WHERE $path_prefix IS NULL OR EXISTS {
    MATCH (c)-[:CHANGED]->(f:File {repository: $repository})
    WHERE f.path = $path_prefix OR f.path STARTS WITH $path_dir }
  WITH c, collect(type(r)) AS how
  ORDER BY c.date DESC, c.sha
  LIMIT $commit_limit
  RETURN collect({sha: c.sha, author: c.author, date: toString(c.date), message: c.message, how: how,
                  files: [(c)-[:CHANGED]->(f:File) | f.path]}) AS commits
}
