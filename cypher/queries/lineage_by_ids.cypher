// Agent decisions (seed 003 records, as JSON) by id, that the caller may see ($groups null:
// unrestricted).
// params: $ids, $groups
// example: :param ids => ['5f0c…']
//          :param groups => null
MATCH (d:PolicyDecision)
WHERE d.id IN $ids
  AND ($groups IS NULL OR EXISTS {
        MATCH (d)-[:IN_SESSION]->(s:Session)
        WHERE coalesce(s.access_groups, []) = [] OR any(g IN s.access_groups WHERE g IN $groups) })
RETURN d.id AS id, d.lineage_json AS record;
