// Test support: the id of every Decision node, whatever its status (drafts too).
// params: none
// example: (no parameters)
MATCH (d:Decision)
RETURN d.id AS id
ORDER BY id;
