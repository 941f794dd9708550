// Test support: give a decision tags as a version before tags were stored lower case would
// have, in the case given, each with its Tag node and TAGGED link.
// params: $id, $tags
// example: :param id => 'dec-1'
//          :param tags => ['Storage', 'AWS']
MATCH (d:Decision {id: $id})
SET d.tags = $tags
WITH d
OPTIONAL MATCH (d)-[old:TAGGED]->()
DELETE old
WITH DISTINCT d
UNWIND $tags AS tag
MERGE (t:Tag {name: tag})
MERGE (d)-[:TAGGED]->(t)
RETURN count(*) AS tagged;
