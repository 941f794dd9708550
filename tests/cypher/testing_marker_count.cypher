// Test support: how many nodes the database holds, and whether the test suite's
// marker node is among them (the suite wipes only databases it marked).
// params: none
// example: (no parameters)
MATCH (n)
RETURN count(n) AS nodes, count(n.dj_test_marker) AS markers;
