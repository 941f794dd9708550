// Test support: leave a session as an ingest that stopped part way leaves it, its messages
// stored and neither its decisions nor its read mark.
// params: $session_id
// example: :param session_id => '7f3c2a10-5b1e-4c2d-9a7e-0c1d2e3f4a5b'
MATCH (s:Session {id: $session_id})
REMOVE s.read_path, s.read_bytes, s.read_fingerprint, s.read_format, s.read_tally, s.read_cwd
WITH s
OPTIONAL MATCH (d:Decision)-[:IN_SESSION]->(s)
DETACH DELETE d;
