// Test support: a write, sent down the read path to check that the server refuses it
// there (a read runs in a READ access-mode transaction, which a cluster may route to a
// secondary; Neo4j refuses writes in one).
// params: none
// example: (no parameters)
CREATE (p:ReadPathProbe {made: true})
RETURN p.made AS made;
