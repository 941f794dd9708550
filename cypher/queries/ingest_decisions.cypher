// Ingest: create or update decisions with their alternatives, stakeholders, files,
// features, tags and the messages that state them. recorded_at is set only on creation;
// so is status, so re-ingesting never undoes a later supersede -- except for an ADR, whose
// file is the source of truth: its status follows the file unless a newer decision in the
// graph supersedes it (wholly: a partial supersede an ADR states leaves it in force). The paths a decision states belong to $repository (the session's
// repository key; '' when none is known), and their AFFECTS links say so: via 'stated', not
// inferred. A draft (status 'candidate') comes with its evidence only, and its whole
// extraction as `proposal`; a draft found again as a decision becomes one (and counts as
// new, so it is related like one). A draft a person reviewed (a ReviewLabel names it) is
// never written again, so a rejection or an edited confirmation survives re-ingesting, and a
// decision found again only as a draft is left as it is. `created` says which decisions are
// new; a row that was left alone returns nothing.
// params: $session_id, $repository, $decisions
// example: :param session_id => 'api-design'
//          :param repository => ''
//          :param decisions => [{id: 'dec-1', summary: 'Use REST', subject: 'API style', subject_key: 'api style', status: 'active', status_text: null, source: 'conversation', proposal: null, alternatives: [], stakeholders: [], decision_maker: null, files: [], features: [], tags: [], stated_in: []}]
MATCH (s:Session {id: $session_id})
OPTIONAL MATCH (repo:Repository {key: $repository})
UNWIND $decisions AS d
OPTIONAL MATCH (stored:Decision {id: d.id})
WITH s, repo, d, stored
WHERE NOT EXISTS { (:ReviewLabel {decision_id: d.id}) }
  AND NOT (d.status = 'candidate' AND stored IS NOT NULL AND stored.status <> 'candidate')
MERGE (dec:Decision {id: d.id})
ON CREATE SET dec.recorded_at = datetime(), dec.status = d.status, dec.is_new = true
SET dec.is_new = CASE WHEN dec.status = 'candidate' AND d.status <> 'candidate' THEN true ELSE dec.is_new END
SET dec.status = CASE WHEN d.source = 'adr' AND NOT EXISTS {
                        (newer:Decision)-[r:SUPERSEDES]->(dec)
                        WHERE NOT (coalesce(r.partial, false) AND NOT coalesce(r.inferred, false) AND newer.source = 'adr') }
                      THEN d.status
                      WHEN dec.status = 'candidate' THEN d.status ELSE dec.status END,
    dec.proposal = d.proposal,
    dec.status_text = d.status_text,
    dec.summary = d.summary, dec.subject = d.subject, dec.subject_key = d.subject_key, dec.context = d.context, dec.rationale = d.rationale,
    dec.decided_at = d.decided_at, dec.confidence = d.confidence, dec.origin = d.origin,
    dec.source = d.source, dec.source_path = d.source_path, dec.tags = d.tags,
    dec.keywords = d.keywords, dec.pattern = d.pattern, dec.category = d.category,
    dec.reversibility = d.reversibility, dec.impact = d.impact, dec.pros = d.pros,
    dec.cons = d.cons, dec.risks = d.risks, dec.assumptions = d.assumptions, dec.quality = d.quality,
    dec.embedding = d.embedding, dec.alternatives_embedding = d.alternatives_embedding
MERGE (dec)-[:IN_SESSION]->(s)
WITH s, repo, d, dec
FOREACH (alt IN d.alternatives |
  MERGE (a:Alternative {id: alt.id})
  SET a.option = alt.option, a.pros = alt.pros, a.cons = alt.cons, a.why_not_chosen = alt.why_not_chosen
  MERGE (dec)-[:CONSIDERED]->(a))
// A handle merged into another person's (people merge) stays theirs; `as` keeps the
// handle it was stated under.
WITH dec, d, repo
CALL (dec, d) {
  UNWIND d.stakeholders AS p
  OPTIONAL MATCH (:Alias {handle: p.handle})-[:ALIAS_OF]->(owner:Stakeholder)
  WITH dec, p, coalesce(owner.handle, p.handle) AS handle
  MERGE (h:Stakeholder {handle: handle})
  ON CREATE SET h.name = p.name
  MERGE (dec)-[r:INVOLVES]->(h)
  SET r.role = p.role, r.as = CASE WHEN handle <> p.handle THEN p.handle END
}
CALL (dec, d) {
  UNWIND CASE WHEN d.decision_maker IS NULL THEN [] ELSE [d.decision_maker] END AS stated
  OPTIONAL MATCH (:Alias {handle: stated})-[:ALIAS_OF]->(owner:Stakeholder)
  WITH dec, stated, coalesce(owner.handle, stated) AS handle
  MERGE (h:Stakeholder {handle: handle})
  MERGE (dec)-[r:DECIDED_BY]->(h)
  SET r.as = CASE WHEN handle <> stated THEN stated END
}
WITH dec, d, repo
FOREACH (f IN d.files |
  MERGE (file:File {repository: $repository, path: f.path})
  ON CREATE SET file.kind = f.kind
  MERGE (dec)-[a:AFFECTS]->(file)
  SET a.via = 'stated', a.inferred = false, a.confidence = 1.0, a.evidence = f.evidence
  FOREACH (r IN CASE WHEN repo IS NULL THEN [] ELSE [repo] END | MERGE (file)-[:IN_REPOSITORY]->(r)))
FOREACH (key IN d.features |
  MERGE (feature:Feature {key: key})
  MERGE (dec)-[:AFFECTS]->(feature))
FOREACH (tag IN d.tags |
  MERGE (t:Tag {name: tag})
  MERGE (dec)-[:TAGGED]->(t))
FOREACH (st IN d.stated_in |
  MERGE (m:Message {id: st.message_id})
  MERGE (dec)-[r:STATED_IN]->(m)
  SET r.start = st.start, r.end = st.end)
WITH dec, coalesce(dec.is_new, false) AS created
REMOVE dec.is_new
RETURN dec.id AS id, created;
