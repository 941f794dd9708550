// Everything about a page of decisions, for a lossless backup: each decision's labels and
// properties and every relationship leaving it, with the properties of its target and the
// target's session when it is a message. Ordered by id, $skip/$limit page through. Decisions
// whose status is in $hidden_statuses are left out (drafts, unless the export asks for them).
// params: $skip, $limit, $hidden_statuses
// example: :param skip => 0
//          :param limit => 500
//          :param hidden_statuses => ['candidate']
MATCH (d:Decision)
WHERE NOT d.status IN $hidden_statuses
WITH d ORDER BY d.id SKIP $skip LIMIT $limit
RETURN d.id AS id, labels(d) AS labels, properties(d) AS properties,
       [(d)-[r]->(t) | {type: type(r), properties: properties(r), target_labels: labels(t),
                        target: properties(t)}] AS relationships;
