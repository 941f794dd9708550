// Agent decisions (seed 003 records, as JSON) by id, that the caller may see ($groups null:
// unrestricted).
// params: $ids, $groups
// example: :param ids => ['5f0c…']
//          :param groups => null
MATCH (d:PolicyDecision)
WHERE d.id IN $ids
  AND {{decision_visible}}
RETURN d.id AS id, d.lineage_json AS record;
