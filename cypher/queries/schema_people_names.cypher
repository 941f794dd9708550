// Migration (people's handles): every person and alias with the handle and name they keep,
// and every name a message was written under, from which `schema apply` works out which
// handles the rule before Unicode handles made (it kept only a-z and 0-9 of a name:
// `Niklas Lindström` was @niklas-lindstr-m, `王小明` @unknown) and what they are now;
// `left` is why an earlier run left a handle as it is (so a later run does not say it again).
// params: none
// example: MATCH (p:Stakeholder) RETURN p.handle, p.name LIMIT 25
MATCH (person:Stakeholder)
RETURN 'person' AS kind, person.handle AS handle, person.name AS name, person.handle_left AS left
UNION ALL
MATCH (alias:Alias)
RETURN 'alias' AS kind, alias.handle AS handle, alias.name AS name, alias.handle_left AS left
UNION ALL
MATCH (m:Message) WHERE m.author IS NOT NULL
RETURN DISTINCT 'speaker' AS kind, null AS handle, m.author AS name, null AS left;
