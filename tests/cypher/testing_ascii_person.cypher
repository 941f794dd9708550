// Test support: store the person $handle as the rule before Unicode handles did, under $old:
// renamed, or, when a person is under $old already (every name without a-z went by
// @unknown), folded into them with their INVOLVES and DECIDED_BY edges; the name kept is
// the first person's, as ingest kept it.
// params: $handle, $old
// example: :param handle => '@niklas-lindstrom'
//          :param old => '@niklas-lindstr-m'
MATCH (person:Stakeholder {handle: $handle})
MERGE (folded:Stakeholder {handle: $old})
ON CREATE SET folded.name = person.name
WITH person, folded
CALL (person, folded) {
  MATCH (d:Decision)-[r:INVOLVES]->(person)
  MERGE (d)-[moved:INVOLVES]->(folded)
  SET moved.role = r.role
  DELETE r
}
CALL (person, folded) {
  MATCH (d:Decision)-[r:DECIDED_BY]->(person)
  MERGE (d)-[:DECIDED_BY]->(folded)
  DELETE r
}
WITH person, folded
DETACH DELETE person
RETURN folded.handle AS handle;
