// People stored before a session's roles were known to be no one: a coding-assistant session
// names its speakers by role (user, assistant, system, tool), and ingest once stored each role
// as a person shared by every developer's sessions ("@user", "@assistant"). Remove those
// people, with their DECIDED_BY and INVOLVES edges and the aliases that name only them: such a
// decision has no decider, as one ingested now. A person is removed only when both the handle
// and the stored name are the role, so nobody named otherwise is touched, and running it again
// changes nothing.
// params: none
// example: MATCH (p:Stakeholder) WHERE p.handle IN ['@user', '@assistant', '@system', '@tool'] RETURN p.handle, p.name
MATCH (p:Stakeholder)
WHERE p.handle IN ['@user', '@assistant', '@system', '@tool']
  AND (p.name IS NULL OR '@' + toLower(trim(p.name)) = p.handle)
OPTIONAL MATCH (alias:Alias)-[:ALIAS_OF]->(p)
WITH p, collect(alias) AS aliases
FOREACH (alias IN aliases | DETACH DELETE alias)
DETACH DELETE p
RETURN count(*) AS removed;
