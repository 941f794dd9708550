// The vector index behind semantic search, over Decision.embedding (cosine).
// $dimension is the configured embedder's output size (384 for all-MiniLM-L6-v2).
// params: $dimension
// example: :param dimension => 384
CREATE VECTOR INDEX decision_embedding IF NOT EXISTS
FOR (n:Decision) ON n.embedding
OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine'}};
