// The chain of a decision in one round trip: every decision connected to $chain_of by
// SUPERSEDES or REVISITS (either direction, up to 50 steps), each in the shape of
// cypher/fragments/decision_shape.cypher and visible as decisions_by_ids reads it. How many
// decisions precede each member is left to the reader, which has the whole chain: counted
// here, member by member, it walked the chain once per member (1.1 ms of a 50-member
// chain's 6.7 at the p95, 100k decisions).
// params: $chain_of, $groups, $with_code
// example: :param chain_of => 'dec-123'
//          :param groups => null
//          :param with_code => true
MATCH (:Decision {id: $chain_of})-[:SUPERSEDES|REVISITS]-{0,50}(d:Decision)
WITH DISTINCT d
OPTIONAL MATCH (d)-[:IN_SESSION]->(s:Session)
WITH d, null AS found, s, {{session_visible}} AS visible, null AS earlier
RETURN collect({{decision_shape}}) AS decisions;
