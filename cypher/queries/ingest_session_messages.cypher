// Ingest: create or find a session and its messages (MERGE on the natural keys), link
// each message to the session. Properties are set only when a node is created, so a
// re-run changes nothing (text removed by `prune` stays removed) -- except what a later run knows better: a date given or found
// now (`ingest --date`) dates messages stored without one (the session starts at the
// earliest time known), and a series the user names
// (series_given) replaces an inferred one; an inferred series never replaces a stored one.
// A session ingested with a repository keeps that repository's key (never cleared by a
// later run that names none). A message's time with a zone comes as ISO text, read here:
// the driver turns a zoned datetime into its wire form slowly in Python (0.5 s for the
// 9,105 messages of a 20 MB session, against 0.01 s to write them as text).
// params: $session, $messages
// example: :param session => {id: 'api-design', title: 'API design', source: 'transcript', access_groups: [], started_at: null, series: null, series_given: false, repository: null}
//          :param messages => [{id: 'api-design#1a2b', seq: 0, author: 'alice', role: null, content: 'Should we use REST?', content_hash: '1a2b', timestamp: null, topic: null}]
MERGE (s:Session {id: $session.id})
ON CREATE SET s.title = $session.title, s.source = $session.source, s.access_groups = $session.access_groups
SET s.started_at = CASE WHEN s.started_at IS NULL OR $session.started_at < s.started_at
                        THEN $session.started_at ELSE s.started_at END,
    s.series = CASE WHEN $session.series_given THEN $session.series ELSE coalesce(s.series, $session.series) END,
    s.repository = coalesce($session.repository, s.repository)
WITH s
UNWIND $messages AS m
MERGE (msg:Message {id: m.id})
ON CREATE SET msg.session_id = s.id, msg.seq = m.seq, msg.author = m.author, msg.role = m.role,
              msg.content = m.content, msg.content_hash = m.content_hash, msg.topic = m.topic,
              msg.stored_at = datetime()
SET msg.timestamp = coalesce(CASE WHEN m.timestamp IS :: STRING THEN datetime(m.timestamp) ELSE m.timestamp END, msg.timestamp)
MERGE (msg)-[:IN_SESSION]->(s)
// The session keeps its latest message's time, by which the list of sessions is ordered
// without reading every message.
WITH s, count(msg) AS messages, max(msg.timestamp) AS newest
SET s.last_message_at = CASE WHEN newest IS NOT NULL AND (s.last_message_at IS NULL OR newest > s.last_message_at)
                             THEN newest ELSE s.last_message_at END
RETURN messages;
