// Incremental ingest of a history read whole (SpecStory, aider): the session's last stored
// message was read while it was still being written, and the file now holds its final form.
// What ingest found in the unfinished text is removed -- the decisions and drafts stated in
// that message that nothing else holds: no review label, no link stated by a person or a
// document, no decision linking to them; a supersede or revisit they inferred is undone where
// no other link holds it -- and the message takes its final id, author, role and text in its
// place (a pruned message stays without text), so detection reads it as a whole read would.
// positions: where the messages stating the removed decisions stand, which the ingest that
// follows detects from again (a decision stated in the message before it too is found again).
// No row when the message is not the session's, or the final id is stored already.
// params: $session_id, $old_id, $message
// example: :param session_id => 'queue-or-polling'
//          :param old_id => 'queue-or-polling#1a2b3c4d5e6f7a8b'
//          :param message => {id: 'queue-or-polling#8b7a6f5e4d3c2b1a', author: 'assistant', role: 'assistant', content: 'The client now listens to /orders/stream.', content_hash: '8b7a6f5e4d3c2b1a'}
MATCH (m:Message {id: $old_id})
WHERE m.session_id = $session_id AND NOT EXISTS { MATCH (:Message {id: $message.id}) }
CALL (m) {
  OPTIONAL MATCH (m)<-[:STATED_IN]-(d:Decision {source: 'conversation'})
  WHERE NOT EXISTS { MATCH (:ReviewLabel {decision_id: d.id}) }
    AND NOT EXISTS { MATCH (d)<-[:SUPERSEDES|REVISITS|AMENDS|CITES_PRECEDENT]-(:Decision) }
    AND NOT EXISTS { MATCH (d)-[r:SUPERSEDES|REVISITS|AMENDS]->(:Decision) WHERE NOT coalesce(r.inferred, false) }
  OPTIONAL MATCH (d)-[:SUPERSEDES|REVISITS]->(old:Decision)
  OPTIONAL MATCH (d)-[:CONSIDERED]->(alt:Alternative)
  OPTIONAL MATCH (d)-[:STATED_IN]->(said:Message)
  WITH collect(DISTINCT d) AS gone, collect(DISTINCT old) AS olds, collect(DISTINCT alt) AS alts,
       collect(DISTINCT said.seq) AS positions
  FOREACH (a IN alts | DETACH DELETE a)
  FOREACH (d IN gone | DETACH DELETE d)
  WITH olds, size(gone) AS removed, positions
  CALL (olds) {
    UNWIND olds AS old
    WITH old
    WHERE (old.status = 'superseded' AND NOT EXISTS { MATCH (:Decision)-[:SUPERSEDES]->(old) })
       OR (old.status = 'revisited' AND NOT EXISTS { MATCH (:Decision)-[:REVISITS]->(old) })
    SET old.status = 'active', old.superseded_at = null
  }
  RETURN removed, positions
}
SET m.id = $message.id, m.author = $message.author, m.role = $message.role,
    m.content = CASE WHEN m.pruned_at IS NULL THEN $message.content END, m.content_hash = $message.content_hash
RETURN m.id AS id, removed, positions;
