// Restore decisions from a backup (backup_export's rows): each decision's properties
// exactly, the PolicyDecision label, and its relationships to everything but other
// decisions (backup_restore_links adds those once every decision exists). Targets are
// merged on their keys and get their backed-up properties -- written only when they differ,
// since thousands of decisions share a session, a tag or a person; labels and relationship
// types come from this fixed list, never from the data. A file's repository is merged by
// its key (a backup before files had one restores them unscoped: '').
// params: $rows
// example: :param rows => [{labels: ['Decision'], properties: {id: 'dec-1', summary: 'Use REST'}, relationships: []}]
UNWIND $rows AS row
MERGE (d:Decision {id: row.properties.id})
SET d = row.properties
FOREACH (_ IN CASE WHEN 'PolicyDecision' IN row.labels THEN [1] ELSE [] END | SET d:PolicyDecision)
FOREACH (r IN [x IN row.relationships WHERE x.type = 'IN_SESSION'] |
  MERGE (t:Session {id: r.target.id}) FOREACH (_ IN CASE WHEN properties(t) = r.target THEN [] ELSE [1] END | SET t = r.target) MERGE (d)-[rel:IN_SESSION]->(t) SET rel = r.properties)
FOREACH (r IN [x IN row.relationships WHERE x.type = 'STATED_IN'] |
  MERGE (t:Message {id: r.target.id}) FOREACH (_ IN CASE WHEN properties(t) = r.target THEN [] ELSE [1] END | SET t = r.target)
  MERGE (s:Session {id: r.target.session_id})
  MERGE (t)-[:IN_SESSION]->(s)
  MERGE (d)-[rel:STATED_IN]->(t) SET rel = r.properties)
FOREACH (r IN [x IN row.relationships WHERE x.type = 'CONSIDERED'] |
  MERGE (t:Alternative {id: r.target.id}) FOREACH (_ IN CASE WHEN properties(t) = r.target THEN [] ELSE [1] END | SET t = r.target) MERGE (d)-[rel:CONSIDERED]->(t) SET rel = r.properties)
FOREACH (r IN [x IN row.relationships WHERE x.type = 'INVOLVES' AND 'Stakeholder' IN x.target_labels] |
  MERGE (t:Stakeholder {handle: r.target.handle}) FOREACH (_ IN CASE WHEN properties(t) = r.target THEN [] ELSE [1] END | SET t = r.target) MERGE (d)-[rel:INVOLVES]->(t) SET rel = r.properties)
FOREACH (r IN [x IN row.relationships WHERE x.type = 'INVOLVES' AND 'Entity' IN x.target_labels] |
  MERGE (t:Entity {type: r.target.type, id: r.target.id}) FOREACH (_ IN CASE WHEN properties(t) = r.target THEN [] ELSE [1] END | SET t = r.target) MERGE (d)-[rel:INVOLVES]->(t) SET rel = r.properties)
FOREACH (r IN [x IN row.relationships WHERE x.type = 'DECIDED_BY'] |
  MERGE (t:Stakeholder {handle: r.target.handle}) FOREACH (_ IN CASE WHEN properties(t) = r.target THEN [] ELSE [1] END | SET t = r.target) MERGE (d)-[rel:DECIDED_BY]->(t) SET rel = r.properties)
FOREACH (r IN [x IN row.relationships WHERE x.type = 'AFFECTS' AND 'File' IN x.target_labels] |
  MERGE (t:File {repository: coalesce(r.target.repository, ''), path: r.target.path}) FOREACH (_ IN CASE WHEN properties(t) = r.target THEN [] ELSE [1] END | SET t = r.target, t.repository = coalesce(r.target.repository, '')) MERGE (d)-[rel:AFFECTS]->(t) SET rel = r.properties
  FOREACH (key IN CASE WHEN coalesce(r.target.repository, '') = '' THEN [] ELSE [r.target.repository] END |
    MERGE (repo:Repository {key: key}) MERGE (t)-[:IN_REPOSITORY]->(repo)))
FOREACH (r IN [x IN row.relationships WHERE x.type = 'AFFECTS' AND 'Feature' IN x.target_labels] |
  MERGE (t:Feature {key: r.target.key}) FOREACH (_ IN CASE WHEN properties(t) = r.target THEN [] ELSE [1] END | SET t = r.target) MERGE (d)-[rel:AFFECTS]->(t) SET rel = r.properties)
FOREACH (r IN [x IN row.relationships WHERE x.type = 'TAGGED'] |
  MERGE (t:Tag {name: r.target.name}) FOREACH (_ IN CASE WHEN properties(t) = r.target THEN [] ELSE [1] END | SET t = r.target) MERGE (d)-[rel:TAGGED]->(t) SET rel = r.properties)
// A backup made before agent decisions were TAGGED: link the tags it has no TAGGED for.
FOREACH (tag IN [x IN coalesce(row.properties.tags, [])
                 WHERE NOT x IN [r IN row.relationships WHERE r.type = 'TAGGED' | r.target.name]] |
  MERGE (t:Tag {name: tag}) MERGE (d)-[:TAGGED]->(t))
FOREACH (r IN [x IN row.relationships WHERE x.type = 'EVALUATED_UNDER'] |
  MERGE (t:Policy {name: r.target.name, version: r.target.version}) FOREACH (_ IN CASE WHEN properties(t) = r.target THEN [] ELSE [1] END | SET t = r.target)
  MERGE (d)-[rel:EVALUATED_UNDER]->(t) SET rel = r.properties)
FOREACH (r IN [x IN row.relationships WHERE x.type = 'APPLIED_EXCEPTION'] |
  MERGE (t:StandingException {name: r.target.name, version: r.target.version}) FOREACH (_ IN CASE WHEN properties(t) = r.target THEN [] ELSE [1] END | SET t = r.target)
  MERGE (d)-[rel:APPLIED_EXCEPTION]->(t) SET rel = r.properties)
RETURN count(d) AS restored;
