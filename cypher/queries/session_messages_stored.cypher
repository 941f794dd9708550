// Incremental ingest: which of a file's messages a session already holds (a file read
// whole again detects decisions only from its first message not stored yet on).
// params: $session_id, $ids
// example: :param session_id => 'aider-shop'
//          :param ids => ['aider-shop#1a2b3c4d5e6f7a8b']
UNWIND $ids AS id
MATCH (m:Message {id: id})
WHERE m.session_id = $session_id
RETURN m.id AS id;
