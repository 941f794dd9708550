// People: every stakeholder with the other handles that name them (aliases) and how many
// decisions involve them or were decided by them, most involved first.
// params: none
// example: (no parameters)
MATCH (h:Stakeholder)
RETURN h.handle AS handle, h.name AS name,
       [(a:Alias)-[:ALIAS_OF]->(h) | a.handle] AS aliases,
       COUNT { MATCH (d:Decision)-[:INVOLVES|DECIDED_BY]->(h) RETURN DISTINCT d } AS decisions
ORDER BY decisions DESC, handle;
