// Test support: each decision's id and whether it stores the vector of its alternatives.
// params: none
// example: (no parameters)
MATCH (d:Decision)
RETURN d.id AS id, d.alternatives_embedding IS NOT NULL AS weighed;
