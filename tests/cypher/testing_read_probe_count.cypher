// Test support: how many ReadPathProbe nodes exist (none, if the read path refused the write).
// params: none
// example: (no parameters)
MATCH (p:ReadPathProbe)
RETURN count(p) AS probes;
