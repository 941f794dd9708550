// Test support: delete every node and edge except the test suite's marker.
// Only ever run against a database the suite marked (tests/integration/conftest.py).
// params: none
// example: (no parameters)
MATCH (n) WHERE n.dj_test_marker IS NULL
DETACH DELETE n;
