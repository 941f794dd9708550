// Restore the links between decisions from a backup (SUPERSEDES, REVISITS, AMENDS,
// CITES_PRECEDENT) once every decision exists, with their properties exactly.
// params: $links
// example: :param links => [{type: 'SUPERSEDES', from: 'dec-2', to: 'dec-1', properties: {reason: 'moved'}}]
UNWIND $links AS link
MATCH (a:Decision {id: link.from}), (b:Decision {id: link.to})
FOREACH (_ IN CASE WHEN link.type = 'SUPERSEDES' THEN [1] ELSE [] END |
  MERGE (a)-[r:SUPERSEDES]->(b) SET r = link.properties)
FOREACH (_ IN CASE WHEN link.type = 'REVISITS' THEN [1] ELSE [] END |
  MERGE (a)-[r:REVISITS]->(b) SET r = link.properties)
FOREACH (_ IN CASE WHEN link.type = 'AMENDS' THEN [1] ELSE [] END |
  MERGE (a)-[r:AMENDS]->(b) SET r = link.properties)
FOREACH (_ IN CASE WHEN link.type = 'CITES_PRECEDENT' THEN [1] ELSE [] END |
  MERGE (a)-[r:CITES_PRECEDENT]->(b) SET r = link.properties)
RETURN count(*) AS restored;
