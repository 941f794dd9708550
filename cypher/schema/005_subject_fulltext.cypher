// Relation candidates by subject: the words of a decision's subject and the issues it names
// ("class scoped framing ref29"), tokenised on spaces only, so a later decision on the same
// agenda item or issue finds its earlier ones (graph/evolution.py).
// params: none
// example: CALL db.index.fulltext.queryNodes('decision_subject', 'framing OR ref29') YIELD node, score RETURN node, score
CREATE FULLTEXT INDEX decision_subject IF NOT EXISTS
FOR (n:Decision) ON EACH [n.subject_key]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace'}};
