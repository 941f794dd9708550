// The decisions of the rows `d` (with `found`, how a search found each, or null) read
// whole, as one row holding the list `decisions`: each in the shape of decision_shape, with
// whether the reader may see it ($groups, session_visible) and how many decisions precede
// it in its chain. Included as {{decisions_read}} at the end of decisions_by_ids, and by
// decisions_paged for a page read with its decisions.
// params: $groups, $with_code
OPTIONAL MATCH (d)-[:IN_SESSION]->(s:Session)
WITH d, found, s, {{session_visible}} AS visible
CALL (d, visible) {
  OPTIONAL MATCH (d)-[:SUPERSEDES|REVISITS]->{1,50}(older:Decision)
  WHERE visible
  RETURN count(DISTINCT older) AS earlier
}
RETURN collect({{decision_shape}}) AS decisions
