// Remember an ingest's explicit choice of drafts on its session (`ingest --drafts`: true,
// `--no-drafts`: false), so that a later ingest that does not choose keeps it.
// params: $session_id, $drafts_only
// example: :param session_id => 'chef-meeting-2016-05-05'
//          :param drafts_only => true
MATCH (s:Session {id: $session_id})
SET s.drafts_only = $drafts_only
RETURN s.id AS id;
