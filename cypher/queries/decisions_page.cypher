// One page of the decisions the filters select, with how many there are in all: the
// listing behind GraphQL's connections, timelines, review queues, and search when there is
// nothing to retrieve by. A filter that names a path goes to decisions_page_under_path
// instead (graph/listing.py; impact and GraphQL's pathPrefix), which gives the same answer
// from the File index; here a path only filters. The filters are
// cypher/fragments/decision_filter.cypher: a null filter does not filter; decisions
// whose status is in $hidden_statuses are left out (graph/filters.py: replaced ones unless
// history is asked for, drafts unless drafts are); $groups null reads without restriction, else
// a decision is visible when its session is open or shares a group. $order is one of
// NEWEST, OLDEST, SUMMARY, CONFIDENCE, QUALITY (cypher/fragments/decisions_paged.cypher).
// The most selective filter given seeds the scan through an index — text (the full-text
// index), a session, a feature, a stakeholder or tags (any of
// $tags; the rarest of $tags_all) — so only those decisions are examined, not every
// decision; the filters then apply to all of them. Seeding by tag relies on every tag a
// decision carries having its TAGGED relationship (the writers and `schema apply` see to it).
// params: $order, $skip, $limit, $hidden_statuses, $statuses, $tags, $tags_all, $stakeholder, $since, $until, $path_prefix, $path_dir, $repository, $of_repository, $feature, $session, $series, $source, $text, $groups, $read, $linked, $commits, $commit_limit, $with_code
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
WITH text_hits,
     CASE WHEN $text IS NOT NULL THEN 'text'
          WHEN $session IS NOT NULL THEN 'session' WHEN $feature IS NOT NULL THEN 'feature'
          WHEN $stakeholder IS NOT NULL THEN 'stakeholder'
          WHEN $tags IS NOT NULL OR $tags_all IS NOT NULL THEN 'tag' ELSE 'all' END AS seed
// Exactly one branch runs: the others unwind an empty list, which stops them before any
// scan (a WHERE on parameters would be checked only after it).
CALL (text_hits, seed) {
  UNWIND CASE WHEN seed = 'text' THEN text_hits ELSE [] END AS d
  RETURN d
  UNION
  UNWIND CASE WHEN seed = 'session' THEN [true] ELSE [] END AS seeded
  MATCH (:Session {id: $session})<-[:IN_SESSION]-(d:Decision)
  RETURN d
  UNION
  UNWIND CASE WHEN seed = 'feature' THEN [true] ELSE [] END AS seeded
  MATCH (:Feature {key: $feature})<-[:AFFECTS]-(d:Decision)
  RETURN d
  UNION
  UNWIND CASE WHEN seed = 'stakeholder' THEN [true] ELSE [] END AS seeded
  CALL () {  // the person, asked by their handle or one of their aliases
    MATCH (h:Stakeholder {handle: $stakeholder})
    RETURN h
    UNION
    MATCH (:Alias {handle: $stakeholder})-[:ALIAS_OF]->(h:Stakeholder)
    RETURN h
  }
  MATCH (h)<-[:INVOLVES|DECIDED_BY]-(d:Decision)
  RETURN DISTINCT d
  UNION
  UNWIND CASE WHEN seed = 'tag' THEN [true] ELSE [] END AS seeded
  CALL () {
    MATCH (t:Tag) WHERE t.name IN $tags
    RETURN t
    UNION
    MATCH (t:Tag) WHERE t.name IN $tags_all
    WITH t ORDER BY COUNT { (t)<-[:TAGGED]-() } LIMIT 1
    RETURN t
  }
  MATCH (t)<-[:TAGGED]-(d:Decision)
  RETURN DISTINCT d
  UNION
  UNWIND CASE WHEN seed = 'all' THEN [true] ELSE [] END AS seeded
  MATCH (d:Decision)
  RETURN d
}
WITH d, text_hits, seed
WHERE {{decision_filter}}
  AND ($text IS NULL OR seed = 'text' OR d IN text_hits)  // seeded by the text: a hit already
{{decisions_paged}};
