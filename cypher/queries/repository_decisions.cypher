// The decisions of one repository, as link inference reads them: those of the sessions
// about it (its ADRs, conversations ingested with it), with their words, the options they
// weighed, the text of the messages that state them (an ADR's whole file), the file they
// came from and the paths they state. Decisions whose status is in $hidden_statuses (drafts,
// which link to nothing until a person confirms them) are left out.
// params: $repository, $hidden_statuses
// example: :param repository => 'github.com/acme/shop'
//          :param hidden_statuses => ['candidate']
MATCH (s:Session {repository: $repository})<-[:IN_SESSION]-(d:Decision)
WHERE NOT d.status IN $hidden_statuses
RETURN d.id AS id, coalesce(d.subject, '') AS title, d.summary AS summary, d.context AS context,
       d.rationale AS rationale, d.source_path AS source_path, d.status AS status,
       toString(coalesce(d.decided_at, d.recorded_at)) AS decided_at,
       [(d)-[:CONSIDERED]->(a:Alternative) | a.option] AS alternatives,
       [(d)-[:STATED_IN]->(m:Message) | coalesce(m.content, '')] AS texts,
       [(d)-[r:AFFECTS]->(f:File {repository: $repository}) WHERE NOT coalesce(r.inferred, false) | f.path] AS stated
ORDER BY d.id;
