// Test support: store the alias $handle as the rule before Unicode handles did, under $old,
// with the edges stated under it (`as`) saying so.
// params: $handle, $old
// example: :param handle => '@lukasz'
//          :param old => '@ukasz'
MATCH (alias:Alias {handle: $handle})-[:ALIAS_OF]->(person:Stakeholder)
SET alias.handle = $old
WITH person
OPTIONAL MATCH (person)<-[stated:INVOLVES|DECIDED_BY]-(:Decision) WHERE stated.as = $handle
SET stated.as = $old
RETURN count(stated) AS stated;
