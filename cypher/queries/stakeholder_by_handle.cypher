// A stakeholder by normalized handle -- their own or one of their aliases (people merge) --
// with the display name ingestion found and every alias.
// params: $handle
// example: :param handle => '@alice'
CALL () {
  MATCH (h:Stakeholder {handle: $handle})
  RETURN h
  UNION
  MATCH (:Alias {handle: $handle})-[:ALIAS_OF]->(h:Stakeholder)
  RETURN h
}
RETURN h.handle AS handle, h.name AS name, [(a:Alias)-[:ALIAS_OF]->(h) | a.handle] AS aliases;
