// The decisions of one session nearest to an embedding (cosine, best first), each compared:
// what search's vector retriever brings when it is asked within a session.
// params: $embedding, $session, $limit
// example: :param embedding => [0.1, 0.2, ...]  (384 numbers)
//          :param session => 'thomvaill__log4brains'
//          :param limit => 10
MATCH (d:Decision)-[:IN_SESSION]->(:Session {id: $session})
WITH d, vector.similarity.cosine(d.embedding, $embedding) AS score
ORDER BY score DESC
LIMIT $limit
RETURN d.id AS id, score;
