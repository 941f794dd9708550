// Migration (people's handles): give each person or alias in $renames the handle the
// current rule makes of their name (worked out by graph.people_handles); the edges stated
// under an alias's old handle (`as`) then name its new one. A handle some person or alias
// already holds is never taken (those are $merges of schema_merge_rehandled_people, or left
// as they are), so running it again changes nothing.
// params: $renames
// example: :param renames => [{old: '@niklas-lindstr-m', new: '@niklas-lindstrom'}]
UNWIND $renames AS move
OPTIONAL MATCH (person:Stakeholder {handle: move.old})
OPTIONAL MATCH (alias:Alias {handle: move.old})
WITH move, coalesce(person, alias) AS holder
WHERE holder IS NOT NULL
  AND NOT EXISTS { (:Stakeholder {handle: move.new}) } AND NOT EXISTS { (:Alias {handle: move.new}) }
SET holder.handle = move.new
WITH move, holder
CALL (move, holder) {
  MATCH (holder)-[:ALIAS_OF]->(:Stakeholder)<-[stated:INVOLVES|DECIDED_BY]-(:Decision)
  WHERE stated.as = move.old
  SET stated.as = move.new
}
RETURN move.old AS old, holder.handle AS new;
