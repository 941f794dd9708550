// People: undo a merge. The handle becomes a person of its own again, with the name it had,
// and takes back every INVOLVES and DECIDED_BY edge stated under it (`as`). Returns the
// person it was an alias of, or nothing when the handle is no alias.
// params: $alias
// example: :param alias => '@asmith'
MATCH (alias:Alias {handle: $alias})-[:ALIAS_OF]->(owner:Stakeholder)
MERGE (person:Stakeholder {handle: $alias})
ON CREATE SET person.name = alias.name
WITH alias, owner, person
CALL (owner, person) {
  MATCH (d:Decision)-[r:INVOLVES {as: person.handle}]->(owner)
  MERGE (d)-[back:INVOLVES]->(person)
  SET back.role = r.role
  DELETE r
}
CALL (owner, person) {
  MATCH (d:Decision)-[r:DECIDED_BY {as: person.handle}]->(owner)
  MERGE (d)-[:DECIDED_BY]->(person)
  DELETE r
}
WITH alias, owner
DETACH DELETE alias
RETURN owner.handle AS was;
