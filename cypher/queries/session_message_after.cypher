// Incremental ingest of a history read whole (SpecStory, aider): the session's stored
// messages at the position right after a stored one (its first position when $after_id is
// null): where the file's first message not stored yet stands. More than one row only when a
// position already holds two messages.
// params: $session_id, $after_id
// example: :param session_id => 'queue-or-polling'
//          :param after_id => 'queue-or-polling#1a2b3c4d5e6f7a8b'
OPTIONAL MATCH (a:Message {id: $after_id})
WHERE a.session_id = $session_id
WITH CASE WHEN $after_id IS NULL THEN 0 ELSE a.seq + 1 END AS position
MATCH (m:Message)
WHERE m.session_id = $session_id AND m.seq = position
RETURN m.id AS id;
