// Decisions matching an (escaped) Lucene query over the full-text index; a hit on an
// alternative counts for the decision that considered it. Current decisions only unless
// $include_history.
// params: $text, $limit, $include_history
// example: :param text => 'postgres'
//          :param limit => 10
//          :param include_history => false
CALL db.index.fulltext.queryNodes('decision_text', $text, {limit: $limit * 4}) YIELD node, score
OPTIONAL MATCH (owner:Decision)-[:CONSIDERED]->(node)
WITH coalesce(owner, node) AS decision, score
WHERE decision:Decision AND ($include_history OR NOT decision.status IN ['superseded', 'deprecated', 'rejected'])
RETURN decision.id AS id, max(score) AS score
ORDER BY score DESC
LIMIT $limit;
