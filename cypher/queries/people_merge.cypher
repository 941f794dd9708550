// People: make each pair's `alias` handle another name of the person `into` names (itself
// or, when `into` is an alias already, whom it names). The alias's INVOLVES and
// DECIDED_BY edges move to that person, each keeping the handle it was stated under in
// `as` (so an unmerge can move it back and nothing is lost); the alias's own aliases follow
// it; the alias's Stakeholder node goes once nothing else points at it; an Alias node
// keeps its handle and name. Merging again changes nothing. Returns one row per pair that
// merged something new.
// params: $pairs
// example: :param pairs => [{alias: '@asmith', into: '@alice'}]
UNWIND $pairs AS pair
OPTIONAL MATCH (:Alias {handle: pair.into})-[:ALIAS_OF]->(owner:Stakeholder)
WITH pair, coalesce(owner.handle, pair.into) AS into
WHERE pair.alias <> into
MERGE (target:Stakeholder {handle: into})
WITH pair, target
OPTIONAL MATCH (old:Stakeholder {handle: pair.alias})
OPTIONAL MATCH (:Alias {handle: pair.alias})-[already:ALIAS_OF]->(target)
CALL (old, target) {
  MATCH (d:Decision)-[r:INVOLVES]->(old)
  MERGE (d)-[moved:INVOLVES]->(target)
  ON CREATE SET moved.role = r.role, moved.as = coalesce(r.as, old.handle)
  DELETE r
}
CALL (old, target) {
  MATCH (d:Decision)-[r:DECIDED_BY]->(old)
  MERGE (d)-[moved:DECIDED_BY]->(target)
  ON CREATE SET moved.as = coalesce(r.as, old.handle)
  DELETE r
}
CALL (old, target) {
  MATCH (other:Alias)-[link:ALIAS_OF]->(old)
  DELETE link
  MERGE (other)-[:ALIAS_OF]->(target)
}
MERGE (alias:Alias {handle: pair.alias})
ON CREATE SET alias.name = old.name
WITH pair, old, target, alias, already
CALL (alias, target) {
  MATCH (alias)-[stale:ALIAS_OF]->(elsewhere:Stakeholder) WHERE elsewhere <> target
  DELETE stale
}
MERGE (alias)-[:ALIAS_OF]->(target)
WITH pair, old, target, already
CALL (old) {
  WITH old WHERE old IS NOT NULL AND NOT EXISTS { (old)--() }
  DELETE old
}
WITH pair, old, target, already WHERE already IS NULL OR old IS NOT NULL
RETURN pair.alias AS alias, target.handle AS into;
