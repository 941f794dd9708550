// Decisions with everything the shared JSON shape shows, by id.
// params: $ids
// example: :param ids => ['dec-123']
UNWIND $ids AS wanted
MATCH (d:Decision {id: wanted})
OPTIONAL MATCH (d)-[:IN_SESSION]->(s:Session)
RETURN d {.id, .summary, .context, .rationale, .status, .decided_at, .recorded_at, .superseded_at,
          .confidence, .origin, .source, .source_path, .tags, .keywords, .pattern, .category,
          .reversibility, .impact, .quality, .pros, .cons, .risks, .assumptions} AS decision,
       s.id AS session,
       [(d)-[:STATED_IN]->(m:Message) | m.seq] AS messages,
       [(d)-[:CONSIDERED]->(a:Alternative) | a {.id, .option, .pros, .cons, .why_not_chosen}] AS alternatives,
       [(d)-[r:INVOLVES]->(h:Stakeholder) | {handle: h.handle, name: h.name, role: r.role}] AS stakeholders,
       head([(d)-[:DECIDED_BY]->(h:Stakeholder) | h.handle]) AS decision_maker,
       [(d)-[:AFFECTS]->(f:File) | f.path] AS files,
       [(d)-[:AFFECTS]->(f:Feature) | f.key] AS features,
       [(d)-[:SUPERSEDES]->(o:Decision) | o.id] AS supersedes,
       [(n:Decision)-[:SUPERSEDES]->(d) | n.id] AS superseded_by,
       [(d)-[:REVISITS]->(o:Decision) | o.id] AS revisits,
       [(n:Decision)-[:REVISITS]->(d) | n.id] AS revisited_by;
