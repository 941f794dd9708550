// Test support: every property key stored on nodes, per label combination (the marker node is not counted).
// params: none
// example: (no parameters)
MATCH (n) WHERE n.dj_test_marker IS NULL
UNWIND keys(n) AS property
WITH labels(n) AS labels, property
RETURN DISTINCT labels, property;
