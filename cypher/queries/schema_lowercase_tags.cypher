// Tags stored before every face matched them in any case kept the case they were given
// (`Database` beside `database`): store each decision's tags lower case, trimmed and without
// repeats, link it to the Tag nodes of those names, and remove Tag nodes that no decision
// is tagged with any more. Touches only decisions with a tag not already so, so running it
// again changes nothing.
// params: none
// example: MATCH (d:Decision) WHERE any(tag IN coalesce(d.tags, []) WHERE tag <> toLower(trim(tag))) RETURN count(d)
MATCH (d:Decision)
WHERE any(tag IN coalesce(d.tags, []) WHERE tag <> toLower(trim(tag)))
CALL (d) {
  WITH d, [tag IN d.tags | toLower(trim(tag))] AS lowered
  WITH d, reduce(kept = [], tag IN lowered | CASE WHEN tag = '' OR tag IN kept THEN kept ELSE kept + tag END) AS tags
  SET d.tags = tags
  WITH d, tags
  OPTIONAL MATCH (d)-[old:TAGGED]->(t:Tag) WHERE NOT t.name IN tags
  DELETE old
  WITH DISTINCT d, tags
  UNWIND tags AS tag
  MERGE (t:Tag {name: tag})
  MERGE (d)-[:TAGGED]->(t)
}
WITH count(d) AS lowered
OPTIONAL MATCH (t:Tag) WHERE t.name <> toLower(trim(t.name)) AND NOT (t)<-[:TAGGED]-()
DELETE t
RETURN lowered;
