// Ingest: create or find a session and its messages (MERGE on the natural keys), link
// each message to the session. Properties are set only when a node is created, so a
// re-run changes nothing.
// params: $session, $messages
// example: :param session => {id: 'api-design', title: 'API design', source: 'transcript', access_groups: []}
//          :param messages => [{id: 'api-design#1a2b', seq: 0, author: 'alice', role: null, content: 'Should we use REST?', content_hash: '1a2b', timestamp: null, topic: null}]
MERGE (s:Session {id: $session.id})
ON CREATE SET s.title = $session.title, s.source = $session.source, s.started_at = $session.started_at,
              s.access_groups = $session.access_groups
WITH s
UNWIND $messages AS m
MERGE (msg:Message {id: m.id})
ON CREATE SET msg.session_id = s.id, msg.seq = m.seq, msg.author = m.author, msg.role = m.role,
              msg.content = m.content, msg.content_hash = m.content_hash, msg.timestamp = m.timestamp,
              msg.topic = m.topic
MERGE (msg)-[:IN_SESSION]->(s)
RETURN count(msg) AS messages;
