// The messages of a session in order.
// params: $session_id
// example: :param session_id => 'api-design'
MATCH (m:Message {session_id: $session_id})
RETURN m.id AS id, m.seq AS seq, m.author AS author, m.role AS role, m.content AS content,
       m.timestamp AS timestamp
ORDER BY m.seq;
