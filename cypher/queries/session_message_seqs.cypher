// The stored position of each message of a session, for aligning an overlapping ingest.
// params: $session_id
// example: :param session_id => 'api-design'
MATCH (m:Message {session_id: $session_id})
RETURN m.id AS id, m.seq AS seq
ORDER BY m.seq;
