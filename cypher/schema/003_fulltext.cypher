// The full-text index behind keyword search: what was decided, why, the abstract
// pattern, keywords and tags of a decision, and the options it considered.
// The english analyzer stems, so "databases" finds "database".
// params: none
// example: CALL db.index.fulltext.queryNodes('decision_text', 'postgres') YIELD node, score RETURN node, score
CREATE FULLTEXT INDEX decision_text IF NOT EXISTS
FOR (n:Decision|Alternative) ON EACH [n.summary, n.context, n.rationale, n.pattern, n.keywords, n.tags, n.option]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}};
