// Sessions stored before ingest kept their latest message's time (`last_message_at`, by
// which the list of sessions is ordered without reading every message): work it out from
// their messages. Touches only sessions without it that have a timed message, so running
// it again changes nothing.
// params: none
// example: MATCH (s:Session) WHERE s.last_message_at IS NULL RETURN count(s)
MATCH (s:Session)
WHERE s.last_message_at IS NULL
CALL (s) {
  MATCH (m:Message)-[:IN_SESSION]->(s)
  WHERE m.timestamp IS NOT NULL
  RETURN max(m.timestamp) AS newest
}
WITH s, newest
WHERE newest IS NOT NULL
SET s.last_message_at = newest;
