// Make sessions look as ingest stored them before it kept their latest message's time.
// params: none
MATCH (s:Session) REMOVE s.last_message_at;
