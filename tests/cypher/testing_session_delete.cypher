// Test support: delete a session with its messages and the decisions stated in it (a test
// that adds a session to a database other tests share takes it out again).
// params: $session_id
// example: :param session_id => '7f3c2a10-5b1e-4c2d-9a7e-0c1d2e3f4a5b'
MATCH (s:Session {id: $session_id})
OPTIONAL MATCH (m:Message)-[:IN_SESSION]->(s)
OPTIONAL MATCH (d:Decision)-[]-(m)
DETACH DELETE d, m, s;
