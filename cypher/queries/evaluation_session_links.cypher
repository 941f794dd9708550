// Every decision of the coding-assistant sessions stored with a repository, with the files
// its session edited after it (AFFECTS via 'session_edit', as impact and check-diff show
// them), for `eval session-links` to count and to draw a blind reading from: the decision's
// summary, status and the positions of the messages that state it; each link's file,
// evidence and confidence. Decisions without such a link come with an empty list.
// params: none
MATCH (s:Session)<-[:IN_SESSION]-(d:Decision)
WHERE s.repository IS NOT NULL
RETURN s.id AS session, s.repository AS repository, d.id AS id, d.summary AS summary, d.status AS status,
       [(d)-[:STATED_IN]->(m:Message) | m.seq] AS messages,
       [(d)-[a:AFFECTS {via: 'session_edit'}]->(f:File {repository: s.repository}) |
        {path: f.path, evidence: a.evidence, confidence: a.confidence}] AS links
ORDER BY session, id;
