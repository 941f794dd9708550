// Retention: the messages whose raw text is older than $before (by their own time, else
// when they were stored) and still held, per session -- what `prune` would remove.
// params: $before
// example: :param before => datetime('2024-01-01T00:00:00Z')
MATCH (m:Message)-[:IN_SESSION]->(s:Session)
WHERE m.content IS NOT NULL AND coalesce(m.timestamp, m.stored_at) < $before
RETURN s.id AS session, count(m) AS messages,
       toString(min(coalesce(m.timestamp, m.stored_at))) AS oldest,
       toString(max(coalesce(m.timestamp, m.stored_at))) AS newest
ORDER BY oldest, session;
