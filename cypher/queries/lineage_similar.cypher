// Precedents for a new call: earlier decisions about the same tool, scored by the seed's
// overlap (shared entities + shared input sources over their union), optionally blended
// with the cosine similarity of the decision contexts' embeddings ($semantic_weight).
// params: $tool, $entities, $sources, $embedding, $semantic_weight, $min_similarity, $limit, $groups
// example: :param tool => 'write_file'
//          :param entities => ['file:src/api/routes.py']
//          :param sources => ['params', 'session']
//          :param embedding => null
//          :param semantic_weight => 0.0
//          :param min_similarity => 0.7
//          :param limit => 3
//          :param groups => null
MATCH (d:PolicyDecision {tool_name: $tool})
WHERE {{decision_visible}}
WITH d, size([k IN d.entity_keys WHERE k IN $entities]) AS shared_entities,
        size([k IN d.source_keys WHERE k IN $sources]) AS shared_sources
WITH d, shared_entities + shared_sources AS shared,
     size(d.entity_keys) + size($entities) - shared_entities + size(d.source_keys) + size($sources) - shared_sources AS total
WHERE total > 0
WITH d, toFloat(shared) / total AS overlap
WITH d, CASE WHEN $embedding IS NULL OR d.embedding IS NULL OR $semantic_weight = 0.0 THEN overlap
             ELSE (1.0 - $semantic_weight) * overlap + $semantic_weight * vector.similarity.cosine(d.embedding, $embedding)
        END AS similarity
WHERE similarity >= $min_similarity
RETURN d.lineage_json AS record, similarity
ORDER BY similarity DESC, d.decided_at DESC, d.id
LIMIT $limit;
