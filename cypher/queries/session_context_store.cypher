// What a coding-assistant session states about itself, stored on its Session, and the files
// each of its messages' tool calls edited. A time or branch this run does not know leaves
// the stored one alone (the session starts at the earliest time known and ends at the
// latest); the working directory is kept only relative to the repository's top ('.' for
// the top itself), never as a machine's folder. A message's `files` are the repository-
// relative paths its tool calls edited, set again on every run (they follow from the
// message and the repository, so the same input sets the same list). Idempotent.
// params: $session, $messages
// example: :param session => {id: '7f3c2a10', repository: 'github.com/acme/shop', git_branch: 'feature/cache', cwd: '.', started_at: datetime('2025-09-14T09:00:00Z'), ended_at: datetime('2025-09-14T09:02:30Z')}
//          :param messages => [{id: '7f3c2a10#u5.1', files: ['app/cache.py']}]
MATCH (s:Session {id: $session.id})
SET s.repository = coalesce($session.repository, s.repository),
    s.git_branch = coalesce($session.git_branch, s.git_branch),
    s.cwd = coalesce($session.cwd, s.cwd),
    s.started_at = CASE WHEN s.started_at IS NULL OR $session.started_at < s.started_at
                        THEN coalesce($session.started_at, s.started_at) ELSE s.started_at END,
    s.ended_at = CASE WHEN s.ended_at IS NULL OR $session.ended_at > s.ended_at
                      THEN coalesce($session.ended_at, s.ended_at) ELSE s.ended_at END
WITH s
CALL (s) {
  UNWIND $messages AS m
  MATCH (msg:Message {id: m.id})-[:IN_SESSION]->(s)
  SET msg.files = m.files
  RETURN count(msg) AS edited
}
RETURN s.id AS session, edited;
