// Agent decisions that involved an entity, newest first.
// params: $type, $id, $limit, $groups
// example: :param type => 'customer'
//          :param id => 'acme'
//          :param limit => 100
//          :param groups => null
MATCH (d:PolicyDecision)-[:INVOLVES]->(:Entity {type: $type, id: $id})
WHERE {{decision_visible}}
RETURN DISTINCT d.lineage_json AS record, d.decided_at AS at, d.id AS id
ORDER BY at DESC, id DESC
LIMIT $limit;
