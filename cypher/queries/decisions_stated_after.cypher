// The decisions of a session first stated after position $seq (drafts too): what a draft
// confirmed now must not be related to as an earlier decision, as ingest leaves out the
// later decisions of the conversation it stores.
// params: $session, $seq
// example: :param session => 'platform-sync'
//          :param seq => 3
MATCH (:Session {id: $session})<-[:IN_SESSION]-(d:Decision)-[:STATED_IN]->(m:Message)
WITH d, min(m.seq) AS first
WHERE first > $seq
RETURN collect(d.id) AS ids;
