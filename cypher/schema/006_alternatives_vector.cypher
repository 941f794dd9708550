// The second vector index of search, over Decision.alternatives_embedding (cosine): the
// options a decision weighed and did not choose, with why not. A question about what else
// was considered finds the decision through it; search keeps the nearer of a decision's two
// vectors. Decisions that name no alternative have no such vector.
// $dimension is the configured embedder's output size (384 for all-MiniLM-L6-v2).
// params: $dimension
// example: :param dimension => 384
CREATE VECTOR INDEX decision_alternatives_embedding IF NOT EXISTS
FOR (n:Decision) ON n.alternatives_embedding
OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine'}};
