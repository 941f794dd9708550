// Test support: every relationship type with the labels at its ends and the property keys it stores.
// params: none
// example: (no parameters)
MATCH (a)-[r]->(b)
WITH type(r) AS type, labels(a) AS from_labels, labels(b) AS to_labels, keys(r) AS properties
UNWIND CASE WHEN properties = [] THEN [null] ELSE properties END AS property
RETURN DISTINCT type, from_labels, to_labels, property;
