// Test support: how many nodes carry each label (the marker node is not counted).
// params: none
// example: (no parameters)
MATCH (n) WHERE n.dj_test_marker IS NULL
UNWIND labels(n) AS label
RETURN label, count(*) AS n;
