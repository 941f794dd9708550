// The repositories in which the selected decisions affect a path (the file $path_prefix,
// anything under the directory $path_dir, or a directory holding it), with how many; '' for
// paths not tied to a repository. Asked when a path read in one repository finds nothing: a
// path is a path in one repository, and an answer of 0 should name where the path is.
// Same filters and visibility as decisions_page, but the repository.
// params: $hidden_statuses, $statuses, $tags, $tags_all, $stakeholder, $since, $until, $feature, $session, $series, $source, $of_repository, $groups, $path_prefix, $path_dir
// example: :param hidden_statuses => ['superseded', 'deprecated', 'rejected', 'candidate']
//          :param statuses => null
//          :param tags => null
//          :param tags_all => null
//          :param stakeholder => null
//          :param since => null
//          :param until => null
//          :param feature => null
//          :param session => null
//          :param series => null
//          :param source => null
//          :param of_repository => null
//          :param groups => null
//          :param path_prefix => 'src/api'
//          :param path_dir => 'src/api/'
// The repositories whose files could hold the path, then in each the path rule itself
// (decision_on_path, read from the map `here`): it is written once, in its fragment.
MATCH (:Decision)-[:AFFECTS]->(f:File)
WHERE f.path = $path_prefix OR f.path STARTS WITH $path_dir OR f.path ENDS WITH '/'
WITH DISTINCT f.repository AS repository
CALL (repository) {
  WITH {path_prefix: $path_prefix, path_dir: $path_dir, repository: repository} AS here
  MATCH (d:Decision)
  WHERE {{decision_filter_except_path}}
    AND {{decision_on_path: here}}
  RETURN count(d) AS decisions
}
WITH repository, decisions WHERE decisions > 0
OPTIONAL MATCH (r:Repository {key: repository})
RETURN repository, r.name AS name, decisions
ORDER BY decisions DESC, coalesce(r.name, repository);
