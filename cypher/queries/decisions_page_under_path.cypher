// One page of the decisions the filters select when they name a path, with how many there
// are in all: impact ("what touched src/api?") and GraphQL's pathPrefix. The same answer as
// decisions_page under the same filters (graph/listing.py sends a filter with a path here),
// found from the other end: the File index gives the files the path rule holds — the file,
// anything under the directory, the directories holding it ($path_ancestors: every
// directory path $path_dir starts with but its own) — and only the decisions affecting them
// are read. They pass the path rule by construction, so it is not checked again per
// decision; the other filters (decision_filter_except_path) and the text are. Apart from
// decisions_page because its seeds' union, which a path page walks through row by row,
// cost about a third of a path page's server time at 300k (11 against 7-8 ms); checking the
// path rule again, which walks each decision's relationships, cost half of it at 100k.
// params: $order, $skip, $limit, $path_ancestors, $hidden_statuses, $statuses, $tags, $tags_all, $stakeholder, $since, $until, $path_prefix, $path_dir, $repository, $of_repository, $feature, $session, $series, $source, $text, $groups, $read, $linked, $commits, $commit_limit, $with_code
// example: :param order => 'NEWEST'
//          :param skip => 0
//          :param limit => 20
//          :param hidden_statuses => ['superseded', 'deprecated', 'rejected', 'candidate']
//          :param statuses => null
//          :param tags => null
//          :param tags_all => null
//          :param stakeholder => null
//          :param since => null
//          :param until => null
//          :param path_prefix => 'src/api'
//          :param path_dir => 'src/api/'
//          :param repository => ''
//          :param of_repository => null
//          :param path_ancestors => ['src/']
//          :param feature => null
//          :param session => null
//          :param series => null
//          :param source => null
//          :param text => null
//          :param groups => null
//          :param read => false
//          :param linked => false
//          :param commits => false
//          :param commit_limit => 10
//          :param with_code => true
CALL () {
  WITH $text AS text WHERE text IS NOT NULL
  CALL db.index.fulltext.queryNodes('decision_text', text) YIELD node
  OPTIONAL MATCH (owner:Decision)-[:CONSIDERED]->(node)
  RETURN collect(DISTINCT coalesce(owner, node)) AS text_hits
}
CALL () {
  MATCH (f:File {repository: $repository}) WHERE f.path STARTS WITH $path_dir
  RETURN f
  UNION
  MATCH (f:File {repository: $repository}) WHERE f.path = $path_prefix OR f.path IN $path_ancestors
  RETURN f
}
MATCH (d:Decision)-[:AFFECTS]->(f)
WITH DISTINCT d, text_hits
WHERE {{decision_filter_except_path}}
  AND ($text IS NULL OR d IN text_hits)
{{decisions_paged}};
