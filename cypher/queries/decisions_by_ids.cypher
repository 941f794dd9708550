// Decisions with everything the shared JSON shape shows, by id, that the caller may see:
// $groups is null for an unrestricted reader; otherwise a decision is visible when its
// session is open (no access groups) or shares a group with the caller.
// params: $ids, $groups
// example: :param ids => ['dec-123']
//          :param groups => null
UNWIND $ids AS wanted
MATCH (d:Decision {id: wanted})
OPTIONAL MATCH (d)-[:IN_SESSION]->(s:Session)
WITH d, s
WHERE $groups IS NULL
   OR (s IS NOT NULL AND (coalesce(s.access_groups, []) = [] OR any(g IN s.access_groups WHERE g IN $groups)))
CALL (d) {
  OPTIONAL MATCH (d)-[:SUPERSEDES|REVISITS]->{1,50}(older:Decision)
  RETURN count(DISTINCT older) AS earlier
}
RETURN d {.id, .summary, .context, .rationale, .status, .status_text, .decided_at, .recorded_at, .superseded_at,
          .confidence, .origin, .source, .source_path, .tags, .keywords, .pattern, .category,
          .reversibility, .impact, .quality, .pros, .cons, .risks, .assumptions} AS decision,
       s.id AS session,
       s {.id, .title, .source, .started_at} AS session_info,
       earlier,
       [(d)-[:STATED_IN]->(m:Message) | m {.id, .seq, .author, .role, .content, .timestamp}] AS stated_in,
       [(d)-[:STATED_IN]->(m:Message) | m.seq] AS messages,
       [(d)-[:CONSIDERED]->(a:Alternative) | a {.id, .option, .pros, .cons, .why_not_chosen}] AS alternatives,
       [(d)-[r:INVOLVES]->(h:Stakeholder) | {handle: h.handle, name: h.name, role: r.role}] AS stakeholders,
       head([(d)-[:DECIDED_BY]->(h:Stakeholder) | h.handle]) AS decision_maker,
       [(d)-[:AFFECTS]->(f:File) | f.path] AS files,
       [(d)-[:AFFECTS]->(f:Feature) | f.key] AS features,
       [(d)-[:SUPERSEDES]->(o:Decision) | o.id] AS supersedes,
       [(n:Decision)-[:SUPERSEDES]->(d) | n.id] AS superseded_by,
       [(d)-[:REVISITS]->(o:Decision) | o.id] AS revisits,
       [(n:Decision)-[:REVISITS]->(d) | n.id] AS revisited_by,
       [(d)-[:AMENDS]->(o:Decision) | o.id] AS amends,
       [(n:Decision)-[:AMENDS]->(d) | n.id] AS amended_by;
