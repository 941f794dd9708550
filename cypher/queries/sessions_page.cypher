// What the journal has read: the sessions (conversations, meetings, ADR collections, agent
// sessions, hand-recorded decisions) the reader may see, each with how many messages it
// stored, how many decisions came from it (drafts counted apart) and its first and last
// time; newest first, one page of them and how many there are in all.
// Sessions are ordered by what each keeps of its times, newest first: its latest message's
// time (`last_message_at`, kept by ingest), else its recorded end, else its start; sessions
// with no time at all come after every dated one, and equal times go by id, so pages never
// overlap. Only the page's sessions are then read in full (a journal of a million messages
// reads the messages of 20 sessions, not of all): their counts, and their first and last
// time as shown (the latest message's, else the recorded end, else the latest decision's
// date, else the start). $ids (not null) reads those sessions alone, in the same order (a
// session named elsewhere in an answer, with its counts).
// params: $groups, $series, $source, $repository, $ids, $skip, $limit
// example: :param groups => null
//          :param series => null
//          :param source => null
//          :param repository => null
//          :param ids => null
//          :param skip => 0
//          :param limit => 20
MATCH (s:Session)
WHERE ($ids IS NULL OR s.id IN $ids)
  AND ($series IS NULL OR s.series = $series)
  AND ($source IS NULL OR s.source = $source)
  AND ($repository IS NULL OR s.repository = $repository)
  AND {{session_visible}}
WITH s, coalesce(s.last_message_at, s.ended_at, s.started_at) AS newest
ORDER BY newest IS NULL, newest DESC, s.id
WITH collect(s) AS sessions
WITH sessions, sessions[$skip..$skip + $limit] AS page
// An empty page still gives one row, so that the total is returned.
UNWIND CASE WHEN page = [] THEN [-1] ELSE range(0, size(page) - 1) END AS at
WITH sessions, at, CASE WHEN at < 0 THEN null ELSE page[at] END AS s
CALL (s) {
  MATCH (m:Message)-[:IN_SESSION]->(s)
  RETURN count(m) AS messages, min(m.timestamp) AS first_message, max(m.timestamp) AS last_message
}
CALL (s) {
  MATCH (d:Decision)-[:IN_SESSION]->(s)
  RETURN count(CASE WHEN d.status <> 'candidate' THEN d END) AS decisions,
         count(CASE WHEN d.status = 'candidate' THEN d END) AS drafts,
         min(d.decided_at) AS first_decided, max(d.decided_at) AS last_decided
}
// The repository by what people call it (`acme/shop`, a folder's name), not its key alone.
CALL (s) {
  OPTIONAL MATCH (r:Repository {key: s.repository})
  RETURN r.name AS repository_name
}
WITH size(sessions) AS total, at, s, messages, decisions, drafts, repository_name,
     coalesce(first_message, s.started_at, first_decided, s.ended_at) AS first_at,
     coalesce(last_message, s.ended_at, last_decided, s.started_at) AS last_at
ORDER BY at
RETURN total, collect(s {.id, .title, .source, .series, .repository, .started_at, repository_name: repository_name,
                         messages: messages, decisions: decisions, drafts: drafts,
                         first_at: first_at, last_at: last_at}) AS page;
