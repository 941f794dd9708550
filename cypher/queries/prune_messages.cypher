// Retention: remove the raw text of up to $limit messages older than $before (by their own
// time, else when they were stored). The message itself stays -- its id, session, position,
// author, time and content hash -- so every decision keeps its provenance; `pruned_at`
// says when the text went. Run until it returns 0.
// params: $before, $limit
// example: :param before => datetime('2024-01-01T00:00:00Z')
//          :param limit => 10000
MATCH (m:Message)
WHERE m.content IS NOT NULL AND coalesce(m.timestamp, m.stored_at) < $before
WITH m LIMIT $limit
SET m.content = null, m.pruned_at = datetime()
RETURN count(m) AS pruned;
