// Agent decisions recorded before they were TAGGED carry their tags only as a property:
// link each to its Tag nodes, as every other decision is, so that a tag filter can start
// from the tag. Touches only decisions with a tag they are not linked to, so running it
// again changes nothing.
// params: none
// example: MATCH (d:PolicyDecision) WHERE NOT (d)-[:TAGGED]->() RETURN count(d)
MATCH (d:PolicyDecision)
WHERE any(tag IN coalesce(d.tags, []) WHERE NOT EXISTS { (d)-[:TAGGED]->(:Tag {name: tag}) })
CALL (d) {
  UNWIND d.tags AS tag
  MERGE (t:Tag {name: tag})
  MERGE (d)-[:TAGGED]->(t)
}
RETURN count(d) AS linked;
