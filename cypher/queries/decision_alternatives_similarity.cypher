// How near an embedding is to the alternatives each of some decisions weighed (cosine,
// scored as the vector index scores, 0..1); decisions that name none are left out. Search
// compares this for its candidates in decisions_by_ids; eval search replays it.
// params: $ids, $embedding
// example: :param ids => ['dec-123']
//          :param embedding => [0.1, 0.2, ...]  (384 numbers)
UNWIND $ids AS wanted
MATCH (d:Decision {id: wanted})
WHERE d.alternatives_embedding IS NOT NULL
RETURN d.id AS id, vector.similarity.cosine(d.alternatives_embedding, $embedding) AS score;
