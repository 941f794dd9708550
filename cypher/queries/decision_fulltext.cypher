// Decisions and alternatives matching a Lucene query in the full-text index, best first.
// $text must already be escaped for Lucene when it comes from a user.
// params: $text, $limit
// example: :param text => 'postgres'
//          :param limit => 10
CALL db.index.fulltext.queryNodes('decision_text', $text, {limit: $limit}) YIELD node, score
RETURN node.id AS id, labels(node) AS labels, score;
