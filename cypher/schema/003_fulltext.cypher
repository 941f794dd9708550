// The full-text index behind keyword search: what a decision is about and what was
// decided, its context, why, its pros and cons, status wording, abstract pattern, keywords and
// tags, and the options it considered with why each lost.
// The english analyzer stems, so "databases" finds "database".
// params: none
// example: CALL db.index.fulltext.queryNodes('decision_text', 'postgres') YIELD node, score RETURN node, score
CREATE FULLTEXT INDEX decision_text IF NOT EXISTS
FOR (n:Decision|Alternative) ON EACH [n.subject, n.summary, n.context, n.rationale, n.pros, n.cons, n.status_text, n.pattern, n.keywords, n.tags, n.option, n.why_not_chosen]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}};
