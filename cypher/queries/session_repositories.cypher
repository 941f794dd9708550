// The repository each of these sessions is about (null: none named), for those that exist:
// a folder ingest asks before storing, so that another repository's file of the same name
// never lands in its session.
// params: $ids
// example: :param ids => ['styling', 'styling@acme/web']
UNWIND $ids AS id
MATCH (s:Session {id: id})
RETURN s.id AS id, s.repository AS repository;
