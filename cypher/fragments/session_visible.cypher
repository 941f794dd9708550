// The access rule (DESIGN.md), the one place it is spelt: the reader may see what belongs
// to session `s` when the reader has no groups ($groups null: unrestricted), or `s` exists
// and is open (no access groups) or shares one of the reader's groups. A missing session
// (an OPTIONAL MATCH that found none) is visible only to an unrestricted reader.
// Included as {{session_visible}}, over a variable `s` the including query binds.
// params: $groups
($groups IS NULL OR (s IS NOT NULL AND (coalesce(s.access_groups, []) = [] OR any(g IN s.access_groups WHERE g IN $groups))))
