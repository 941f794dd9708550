// Whether a session was ingested as drafts: true when an ingest asked for drafts only
// (`ingest --drafts`), false when one asked for none (`--no-drafts`), null when no ingest
// chose (or a session stored before this was kept); no row when the session does not exist.
// params: $session_id
// example: :param session_id => 'chef-meeting-2016-05-05'
MATCH (s:Session {id: $session_id})
RETURN s.drafts_only AS drafts_only;
