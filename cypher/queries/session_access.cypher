// The access groups of a session (an empty list: open to every reader); no row when the
// session does not exist.
// params: $id
// example: :param id => 'api-design'
MATCH (s:Session {id: $id})
RETURN coalesce(s.access_groups, []) AS groups;
