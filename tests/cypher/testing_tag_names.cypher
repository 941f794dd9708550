// Test support: the names of every Tag node, sorted.
// params: none
// example: (no parameters)
MATCH (t:Tag)
RETURN t.name AS name ORDER BY name;
