// Migration (people's handles): note on each person and alias in $left why `schema apply`
// leaves its handle as it is (`handle_left`), and take the note off every other one, so that
// a later run says only what is new (a handle left for another reason, or left again after
// it was not). Running it again with the same $left changes nothing.
// params: $left
// example: :param left => [{kind: 'person', handle: '@unknown', why: 'whose decision is whose cannot be told'}]
OPTIONAL MATCH (noted:Stakeholder|Alias) WHERE noted.handle_left IS NOT NULL
REMOVE noted.handle_left
WITH count(noted) AS cleared
UNWIND $left AS item
CALL (item) {
  MATCH (person:Stakeholder {handle: item.handle}) WHERE item.kind = 'person'
  RETURN person AS holder
  UNION
  MATCH (alias:Alias {handle: item.handle}) WHERE item.kind = 'alias'
  RETURN alias AS holder
}
SET holder.handle_left = item.why
RETURN count(holder) AS noted;
