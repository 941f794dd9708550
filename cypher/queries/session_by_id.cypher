// A session the reader may see ($groups null: every group), with its messages in order;
// no row when it does not exist or lies outside the reader's groups.
// params: $id, $groups
// example: :param id => 'api-design'
//          :param groups => null
MATCH (s:Session {id: $id})
WHERE {{session_visible}}
CALL (s) {
  OPTIONAL MATCH (m:Message {session_id: s.id})
  WITH m ORDER BY m.seq
  RETURN collect(m {.id, .seq, .author, .role, .content, .timestamp}) AS messages
}
RETURN s.id AS id, s.title AS title, s.source AS source, s.started_at AS started_at, s.series AS series, messages;
