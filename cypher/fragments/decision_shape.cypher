// One decision as every read returns it (the shared JSON shape): its date, the links it
// makes to older decisions and whether the caller may see it; the details only when it
// may. Included as {{decision_shape}} inside collect(), over the variables `d` (the
// decision), `s` (its session, or null), `visible`, `found` (how a search found it, or
// null) and `earlier` (how many decisions precede it in its chain) the including query
// binds. $with_code false leaves out each decision's code links.
// params: $with_code
{
  id: d.id,
  found: found,
  at: toString(coalesce(d.decided_at, d.recorded_at)),
  visible: visible,
  links: [(d)-[r:SUPERSEDES|REVISITS]->(o:Decision) |
          {type: type(r), to: o.id, at: toString(r.at), reason: r.reason, partial: r.partial, outcome: r.outcome,
           inferred: r.inferred, confidence: r.confidence}],
  detail: CASE WHEN visible THEN {
    decision: d {.id, .summary, .subject, .context, .rationale, .status, .status_text, .confidence, .origin, .source,
                 .source_path, .tags, .keywords, .pattern, .category, .reversibility, .impact, .quality, .pros,
                 .cons, .risks, .assumptions, decided_at: toString(d.decided_at),
                 recorded_at: toString(d.recorded_at), superseded_at: toString(d.superseded_at)},
    session: s.id,
    session_info: s {.id, .title, .source, .series, started_at: toString(s.started_at)},
    earlier: earlier,
    stated_in: [(d)-[r:STATED_IN]->(m:Message) | m {.id, .seq, .author, .role, .content, timestamp: toString(m.timestamp),
                                                     anchor: r.start IS NOT NULL}],
    alternatives: [(d)-[:CONSIDERED]->(a:Alternative) | a {.id, .option, .pros, .cons, .why_not_chosen}],
    stakeholders: [(d)-[r:INVOLVES]->(h:Stakeholder) | {handle: h.handle, name: h.name, role: r.role}],
    decision_maker: head([(d)-[:DECIDED_BY]->(h:Stakeholder) | h.handle]),
    code: CASE WHEN $with_code THEN [(d)-[a:AFFECTS]->(f:File) | {repository: f.repository, path: f.path, via: a.via,
                                                                  inferred: a.inferred, confidence: a.confidence,
                                                                  evidence: a.evidence}] ELSE [] END,
    features: [(d)-[:AFFECTS]->(f:Feature) | f.key],
    superseded_by: [(n:Decision)-[:SUPERSEDES]->(d) | n.id],
    revisited_by: [(n:Decision)-[:REVISITS]->(d) | n.id],
    amends: [(d)-[:AMENDS]->(o:Decision) | o.id],
    amended_by: [(n:Decision)-[:AMENDS]->(d) | n.id]
  } END
}
