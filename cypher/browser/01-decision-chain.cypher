// How a decision evolved: every decision linked to it by SUPERSEDES or REVISITS, drawn
// as a graph (open Neo4j Browser's graph view). Any member of the chain will do.
:param id => 'dec-400b65af5851';
MATCH p = (:Decision {id: $id})-[:SUPERSEDES|REVISITS|AMENDS*0..50]-(:Decision)
RETURN p;
