// Each session's id and the time it keeps of its latest message.
// params: none
MATCH (s:Session) RETURN s.id AS id, s.last_message_at AS last ORDER BY id;
