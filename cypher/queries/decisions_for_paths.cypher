// The current decisions that govern each path a change touches: those affecting the file
// itself, anything under it (when it is a directory) or a directory that holds it — what
// `check-diff`, GraphQL `decisionsForPaths` and MCP `decisions_for_paths` answer. Superseded,
// deprecated and rejected decisions and drafts ($hidden_statuses) are left out here: the
// replaced ones are reached through the chains of the ones found. Newest first, by each
// path as asked ($paths[].asked; `path` is it without a trailing slash). Paths are those of
// $repository (a repository key; '' for paths stated where no repository was known):
// another repository's `src/api` is never matched. Each decision comes with how it was
// linked to the path (`via`, `evidence`, `inferred`, `confidence`, `commits`: the strongest
// link, stated before inferred). $groups as in decisions_page (null: unrestricted).
// params: $repository, $paths, $hidden_statuses, $groups
// example: :param repository => ''
//          :param paths => [{asked: 'services/orders/schema.sql', path: 'services/orders/schema.sql', dir: 'services/orders/schema.sql/', ancestors: ['services/', 'services/orders/']}]
//          :param hidden_statuses => ['superseded', 'deprecated', 'rejected', 'candidate']
//          :param groups => null
UNWIND $paths AS changed
CALL (changed) {
  MATCH (f:File {repository: $repository}) WHERE f.path = changed.path OR f.path STARTS WITH changed.dir
  RETURN f
  UNION
  MATCH (f:File {repository: $repository}) WHERE f.path IN changed.ancestors
  RETURN f
}
MATCH (d:Decision)-[a:AFFECTS]->(f)
WHERE NOT d.status IN $hidden_statuses
  AND {{decision_visible}}
WITH changed.asked AS path, d, a, f
ORDER BY coalesce(a.inferred, false), coalesce(a.confidence, 1.0) DESC, size(f.path) DESC
WITH path, d, head(collect({file: f.path, via: coalesce(a.via, 'stated'), inferred: coalesce(a.inferred, false),
                            confidence: coalesce(a.confidence, 1.0), evidence: a.evidence,
                            commits: coalesce(a.commits, [])})) AS link
ORDER BY path, coalesce(d.decided_at, d.recorded_at) DESC, d.id
RETURN path, collect(d.id) AS ids, collect(link) AS links;
