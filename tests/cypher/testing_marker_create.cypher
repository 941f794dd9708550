// Test support: mark an empty database as created by the test suite.
// params: none
// example: (no parameters)
MERGE (m:TestSuiteMarker {dj_test_marker: true})
RETURN m.dj_test_marker AS marked;
