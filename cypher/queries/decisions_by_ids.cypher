// Decisions with everything the shared JSON shape shows: those in $ids, or, with
// $chain_of, every decision connected to it by SUPERSEDES or REVISITS (either direction,
// up to 50 steps), so a chain is read in one round trip. Every member comes with its
// date, the links it makes to older decisions and whether the caller may see it ($groups
// null: unrestricted; else its session is open or shares a group with the caller); the
// details only when it may. One row holding a list, and dates as ISO text: the driver
// builds rows and temporal values in Python, which cost more than the query itself.
// params: $ids, $chain_of, $groups
// example: :param ids => ['dec-123']
//          :param chain_of => null
//          :param groups => null
CALL () {
  UNWIND $ids AS wanted
  MATCH (d:Decision {id: wanted})
  RETURN d
  UNION
  MATCH (:Decision {id: $chain_of})-[:SUPERSEDES|REVISITS*0..50]-(d:Decision)
  RETURN d
}
OPTIONAL MATCH (d)-[:IN_SESSION]->(s:Session)
WITH d, s, $groups IS NULL
   OR (s IS NOT NULL AND (coalesce(s.access_groups, []) = [] OR any(g IN s.access_groups WHERE g IN $groups))) AS visible
CALL (d, visible) {
  OPTIONAL MATCH (d)-[:SUPERSEDES|REVISITS]->{1,50}(older:Decision)
  WHERE visible
  RETURN count(DISTINCT older) AS earlier
}
RETURN collect({
  id: d.id,
  at: toString(coalesce(d.decided_at, d.recorded_at)),
  visible: visible,
  links: [(d)-[r:SUPERSEDES|REVISITS]->(o:Decision) |
          {type: type(r), to: o.id, at: toString(r.at), reason: r.reason, partial: r.partial, outcome: r.outcome,
           inferred: r.inferred, confidence: r.confidence}],
  detail: CASE WHEN visible THEN {
    decision: d {.id, .summary, .context, .rationale, .status, .status_text, .confidence, .origin, .source,
                 .source_path, .tags, .keywords, .pattern, .category, .reversibility, .impact, .quality, .pros,
                 .cons, .risks, .assumptions, decided_at: toString(d.decided_at),
                 recorded_at: toString(d.recorded_at), superseded_at: toString(d.superseded_at)},
    session: s.id,
    session_info: s {.id, .title, .source, started_at: toString(s.started_at)},
    earlier: earlier,
    stated_in: [(d)-[:STATED_IN]->(m:Message) | m {.id, .seq, .author, .role, .content, timestamp: toString(m.timestamp)}],
    alternatives: [(d)-[:CONSIDERED]->(a:Alternative) | a {.id, .option, .pros, .cons, .why_not_chosen}],
    stakeholders: [(d)-[r:INVOLVES]->(h:Stakeholder) | {handle: h.handle, name: h.name, role: r.role}],
    decision_maker: head([(d)-[:DECIDED_BY]->(h:Stakeholder) | h.handle]),
    files: [(d)-[:AFFECTS]->(f:File) | f.path],
    features: [(d)-[:AFFECTS]->(f:Feature) | f.key],
    superseded_by: [(n:Decision)-[:SUPERSEDES]->(d) | n.id],
    revisited_by: [(n:Decision)-[:REVISITS]->(d) | n.id],
    amends: [(d)-[:AMENDS]->(o:Decision) | o.id],
    amended_by: [(n:Decision)-[:AMENDS]->(d) | n.id]
  } END
}) AS decisions;
