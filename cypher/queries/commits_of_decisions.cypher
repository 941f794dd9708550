// The commits that followed each decision — those that mention it and those that changed a
// file it governs after it was decided (`ingest-git`) — newest first, at most $limit each,
// with the files each changed.
// params: $ids, $limit
// example: :param ids => ['dec-400b65af5851']
//          :param limit => 10
UNWIND $ids AS wanted
MATCH (d:Decision {id: wanted})
CALL (d) {
  MATCH (c:Commit)-[r:MENTIONS|FOLLOWS]->(d)
  WITH c, collect(type(r)) AS how
  ORDER BY c.date DESC, c.sha
  LIMIT $limit
  RETURN collect({sha: c.sha, author: c.author, date: toString(c.date), message: c.message, how: how,
                  files: [(c)-[:CHANGED]->(f:File) | f.path]}) AS commits
}
RETURN wanted AS id, commits;
