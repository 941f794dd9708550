// Incremental ingest: how far a session's file was read last time (bytes, a fingerprint of
// those bytes, its format, the tallies detection needs of what was read) and the session's
// last stored messages, the window detection reads the new ones against. No row: the
// session was never ingested.
// params: $session_id, $window
// example: :param session_id => '7f3c2a10-5b1e-4c2d-9a7e-0c1d2e3f4a5b'
//          :param window => 40
MATCH (s:Session {id: $session_id})
CALL (s) {
  MATCH (m:Message)
  WHERE m.session_id = s.id AND m.seq >= 0
  WITH m ORDER BY m.seq DESC LIMIT $window
  RETURN collect({id: m.id, seq: m.seq, author: m.author, role: m.role, content: m.content,
                  timestamp: m.timestamp}) AS last
}
RETURN s.read_path AS path, s.read_bytes AS bytes, s.read_fingerprint AS fingerprint, s.read_cwd AS cwd,
       s.read_format AS format, s.read_tally AS tally, last;
