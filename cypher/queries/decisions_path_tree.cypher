// The paths the selected decisions affect, per repository: every file or directory a
// decision affects and every directory above it, each with how many distinct decisions
// affect it or anything under it (a decision naming 50 files of src/ counts once for src/),
// and the key '' with how many affect anything in the repository.
// One row per repository ('' for paths not tied to one), its keys and counts as two lists
// (the driver builds each record in Python; a large repository has thousands of paths).
// Same filters and visibility as decisions_page (cypher/fragments/decision_filter.cypher).
// params: $hidden_statuses, $statuses, $tags, $tags_all, $stakeholder, $since, $until, $path_prefix, $path_dir, $repository, $of_repository, $feature, $session, $series, $source, $text, $groups
// example: :param hidden_statuses => ['candidate']
//          :param statuses => null
//          :param tags => null
//          :param tags_all => null
//          :param stakeholder => null
//          :param since => null
//          :param until => null
//          :param path_prefix => null
//          :param path_dir => null
//          :param repository => ''
//          :param of_repository => null
//          :param feature => null
//          :param session => null
//          :param series => null
//          :param source => null
//          :param text => null
//          :param groups => null
CALL () {
  WITH $text AS text WHERE text IS NOT NULL
  CALL db.index.fulltext.queryNodes('decision_text', text) YIELD node
  OPTIONAL MATCH (owner:Decision)-[:CONSIDERED]->(node)
  RETURN collect(DISTINCT coalesce(owner, node).id) AS text_ids
}
MATCH (d:Decision)
WHERE {{decision_filter}}
  AND ($text IS NULL OR d.id IN text_ids)
MATCH (d)-[:AFFECTS]->(f:File)
WITH DISTINCT d, f.repository AS repository, f.path AS path
// src/events/models.py -> '' (the whole repository), src/, src/events/, src/events/models.py, and
// a directory (src/events/) -> '', src/, src/events/.
WITH d, repository, path,
     split(CASE WHEN path ENDS WITH '/' THEN left(path, size(path) - 1) ELSE path END, '/') AS parts
UNWIND range(0, size(parts)) AS depth
WITH d, repository,
     CASE WHEN depth = size(parts) THEN path ELSE reduce(prefix = '', part IN parts[0..depth] | prefix + part + '/') END AS key
WITH repository, key, count(DISTINCT d) AS count
ORDER BY repository, key
WITH repository, collect(key) AS keys, collect(count) AS counts
OPTIONAL MATCH (r:Repository {key: repository})
RETURN repository, r.name AS name, keys, counts
ORDER BY repository = '', coalesce(r.name, repository);
