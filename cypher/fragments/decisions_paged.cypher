// The end of a page query: the decisions `d` the query selected, sorted by $order (NEWEST,
// OLDEST, SUMMARY, CONFIDENCE, QUALITY; ties newest first, then by id, so pages never
// overlap), returned as how many there are in all and the ids from $skip, $limit of them.
// Included as {{decisions_paged}} by decisions_page and decisions_page_under_path.
// params: $order, $skip, $limit
WITH d, coalesce(d.decided_at, d.recorded_at) AS at
ORDER BY CASE WHEN $order = 'NEWEST' THEN at END DESC,
         CASE WHEN $order = 'OLDEST' THEN at END ASC,
         CASE WHEN $order = 'SUMMARY' THEN toLower(d.summary) END ASC,
         CASE WHEN $order = 'CONFIDENCE' THEN coalesce(d.confidence, 0.0) END DESC,
         CASE WHEN $order = 'QUALITY' THEN coalesce(d.quality, 0.0) END DESC,
         at DESC, d.id
WITH collect(d.id) AS ids
RETURN size(ids) AS total, ids[$skip..$skip + $limit] AS page
