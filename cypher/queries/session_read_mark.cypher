// Incremental ingest: remember how far a session's file has been read (its byte count and
// a fingerprint of those bytes, the format it was read as, and the tallies detection needs
// of every message read, as JSON), so that the next ingest reads only what was appended.
// params: $session_id, $mark
// example: :param session_id => '7f3c2a10-5b1e-4c2d-9a7e-0c1d2e3f4a5b'
//          :param mark => {path: 'session.jsonl', bytes: 4267, fingerprint: 'sha256:…', format: 'claude-code', tally: '{"messages": 12}', cwd: '/home/dev/shop'}
MATCH (s:Session {id: $session_id})
SET s.read_path = $mark.path, s.read_bytes = $mark.bytes, s.read_fingerprint = $mark.fingerprint,
    s.read_format = $mark.format, s.read_tally = $mark.tally, s.read_cwd = $mark.cwd, s.read_at = datetime()
RETURN s.id AS id;
