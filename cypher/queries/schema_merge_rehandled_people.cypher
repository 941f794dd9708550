// Migration (people's handles): a person stored under an old handle whose new one another
// person of the same name already holds (stored since, under the current rule) becomes that
// person: their INVOLVES and DECIDED_BY edges (with the handle each was stated under, `as`)
// and their aliases move to them, the name is kept where the person had none, and the old
// node goes. graph.people_handles decides which pairs are the same name; running it again
// finds no old node and changes nothing.
// params: $merges
// example: :param merges => [{old: '@jos', new: '@jose'}]
UNWIND $merges AS move
MATCH (old:Stakeholder {handle: move.old})
MATCH (person:Stakeholder {handle: move.new})
WHERE old <> person
CALL (old, person) {
  MATCH (d:Decision)-[r:INVOLVES]->(old)
  MERGE (d)-[moved:INVOLVES]->(person)
  ON CREATE SET moved.role = r.role, moved.as = r.as
  DELETE r
}
CALL (old, person) {
  MATCH (d:Decision)-[r:DECIDED_BY]->(old)
  MERGE (d)-[moved:DECIDED_BY]->(person)
  ON CREATE SET moved.as = r.as
  DELETE r
}
CALL (old, person) {
  MATCH (other:Alias)-[link:ALIAS_OF]->(old)
  DELETE link
  MERGE (other)-[:ALIAS_OF]->(person)
}
SET person.name = coalesce(person.name, old.name)
WITH move, old, person
CALL (old) {
  WITH old WHERE NOT EXISTS { (old)--() }
  DELETE old
}
RETURN move.old AS old, person.handle AS new;
