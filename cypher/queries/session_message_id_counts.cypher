// Incremental ingest: how many stored messages already carry each content id (the id
// itself or an occurrence of it, `<id>.<n>`; a content id is `<session>#<16 hex digits>`, so
// nothing else starts with it), so that a repeated message appended later gets the
// occurrence number a whole-file read would give it. A prefix seek on the id constraint.
// params: $ids
// example: :param ids => ['chat#1a2b3c4d5e6f7a8b']
UNWIND $ids AS id
CALL (id) {
  MATCH (m:Message)
  WHERE m.id STARTS WITH id
  RETURN count(m) AS stored
}
RETURN id, stored;
