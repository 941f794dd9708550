// Test support: remove the TAGGED relationships of agent decisions, leaving them as they
// were recorded before agent decisions were TAGGED.
// params: none
// example: (no parameters)
MATCH (:PolicyDecision)-[r:TAGGED]->()
DELETE r
RETURN count(r) AS unlinked;
