// Everything about a page of decisions, for a lossless backup: each decision's labels and
// properties and every relationship leaving it, with the properties of its target and the
// target's session when it is a message. Ordered by id, $skip/$limit page through.
// params: $skip, $limit
// example: :param skip => 0
//          :param limit => 500
MATCH (d:Decision)
WITH d ORDER BY d.id SKIP $skip LIMIT $limit
RETURN d.id AS id, labels(d) AS labels, properties(d) AS properties,
       [(d)-[r]->(t) | {type: type(r), properties: properties(r), target_labels: labels(t),
                        target: properties(t)}] AS relationships;
