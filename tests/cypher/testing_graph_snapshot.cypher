// Tests only: every node and relationship with its labels or type and its properties (the
// marker node left out), to show that a command wrote nothing.
// params: none
// example: (no parameters)
MATCH (n) WHERE n.dj_test_marker IS NULL
RETURN elementId(n) AS id, labels(n) AS what, properties(n) AS properties
UNION ALL
MATCH (a)-[r]->(b)
RETURN elementId(r) AS id, [type(r), elementId(a), elementId(b)] AS what, properties(r) AS properties;
