// Test support: every person with their name and the decisions they decided or were in.
// params: none
// example: MATCH (p:Stakeholder) RETURN p.handle LIMIT 5
MATCH (p:Stakeholder)
RETURN p.handle AS handle, p.name AS name,
       [(d:Decision)-[:DECIDED_BY]->(p) | d.id] AS decided,
       [(d:Decision)-[:INVOLVES]->(p) | d.id] AS involved
ORDER BY handle;
