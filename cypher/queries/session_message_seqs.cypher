// The stored position of those of a conversation's messages a session already holds, for
// aligning an overlapping ingest; plus the session's last position (a row with id null),
// where messages that overlap nothing go after. Reads only the given ids and one index
// entry, so appending to a long session does not read all of it.
// params: $session_id, $ids
// example: :param session_id => 'api-design'
//          :param ids => ['api-design#1a2b']
CALL () {
  MATCH (m:Message)
  WHERE m.session_id = $session_id AND m.seq >= 0
  RETURN null AS id, m.seq AS seq
  ORDER BY m.seq DESC
  LIMIT 1
UNION ALL
  UNWIND $ids AS wanted
  MATCH (m:Message {id: wanted})
  WHERE m.session_id = $session_id
  RETURN m.id AS id, m.seq AS seq
}
RETURN id, seq;
