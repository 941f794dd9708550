// A draft (a decision with status 'candidate') the reviewer may see, with what confirming or
// rejecting it needs: its sentence, its whole extraction (`proposal`), its session and the
// messages of its unit in order, the anchor (the message whose sentence it is) marked, and
// the repository its session is about (the key its stated paths belong to). No
// row when there is no such draft or its session lies outside $groups (null: every group).
// params: $id, $groups
// example: :param id => 'dec-400b65af5851'
//          :param groups => null
MATCH (d:Decision {id: $id, status: 'candidate'})-[:IN_SESSION]->(s:Session)
WHERE {{session_visible}}
CALL (d) {
  MATCH (d)-[r:STATED_IN]->(m:Message)
  WITH m, r ORDER BY m.seq
  RETURN collect(m {.id, .seq, .author, .role, .content, timestamp: toString(m.timestamp),
                    anchor: r.start IS NOT NULL, start: r.start, end: r.end}) AS unit
}
RETURN d.id AS id, d.summary AS summary, d.subject AS subject, d.confidence AS confidence, d.proposal AS proposal,
       d.source AS source, d.source_path AS source_path, toString(d.decided_at) AS decided_at,
       s {.id, .title, .source, .series, .repository, started_at: toString(s.started_at),
          access_groups: coalesce(s.access_groups, [])} AS session,
       unit;
