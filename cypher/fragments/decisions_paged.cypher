// The end of a page query: the decisions `d` the query selected, sorted by $order (NEWEST,
// OLDEST, SUMMARY, CONFIDENCE, QUALITY; ties newest first, then by id, so pages never
// overlap), returned as how many there are in all and the ids from $skip, $limit of them;
// with $read, also those decisions read whole (decisions_read), with $linked the decisions
// they supersede, revisit, or are superseded or revisited by too, and with $commits the
// commits that followed each of the page's ids (decision_commits: under a path filter, those
// that name it or changed something there; the caller keeps those of the decisions it may
// see): a page and what it shows in one round trip. Included as {{decisions_paged}} by
// decisions_page and decisions_page_under_path.
// OLDEST is conversation order: the decisions of one undated meeting share their ingest
// time, so within a time they go by session, then by where their anchor message (the one
// whose sentence states them; else their first message) stands in it. Only OLDEST reads
// the messages: the sort keys are CASEs, and a page of another order evaluates none of them
// (a subquery per decision would run for every decision of a 100k page in any order).
// params: $order, $skip, $limit, $read, $linked, $commits, $commit_limit, $groups, $with_code, $path_prefix, $path_dir, $repository
WITH d, coalesce(d.decided_at, d.recorded_at) AS at
ORDER BY CASE WHEN $order = 'NEWEST' THEN at END DESC,
         CASE WHEN $order = 'OLDEST' THEN at END ASC,
         CASE WHEN $order = 'OLDEST' THEN head([(d)-[:STATED_IN]->(m:Message) | m.session_id]) END ASC,
         CASE WHEN $order = 'OLDEST' THEN coalesce(
           reduce(p = null, seq IN [(d)-[r:STATED_IN]->(m:Message) WHERE r.start IS NOT NULL | m.seq] |
                  CASE WHEN p IS NULL OR seq < p THEN seq ELSE p END),
           reduce(p = null, seq IN [(d)-[:STATED_IN]->(m:Message) | m.seq] | CASE WHEN p IS NULL OR seq < p THEN seq ELSE p END)
         ) END ASC,
         CASE WHEN $order = 'SUMMARY' THEN toLower(d.summary) END ASC,
         CASE WHEN $order = 'CONFIDENCE' THEN coalesce(d.confidence, 0.0) END DESC,
         CASE WHEN $order = 'QUALITY' THEN coalesce(d.quality, 0.0) END DESC,
         at DESC, d.id
WITH collect(d.id) AS ids
WITH size(ids) AS total, ids[$skip..$skip + $limit] AS page
CALL (page) {
  CALL (page) {
    UNWIND CASE WHEN $read THEN page ELSE [] END AS wanted
    MATCH (d:Decision {id: wanted})
    RETURN d
    UNION
    UNWIND CASE WHEN $read AND $linked THEN page ELSE [] END AS wanted
    MATCH (:Decision {id: wanted})-[:SUPERSEDES|REVISITS]-(d:Decision)
    RETURN d
  }
  WITH d, null AS found
  {{decisions_read}}
}
CALL (page) {
  UNWIND CASE WHEN $read AND $commits THEN page ELSE [] END AS wanted
  MATCH (d:Decision {id: wanted})
  {{decision_commits}}
  RETURN collect({id: wanted, commits: commits}) AS commits
}
RETURN total, page, decisions, commits
