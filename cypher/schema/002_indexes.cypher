// Range and text indexes for the filters every read uses: dates, status, message order,
// and substring matches on file paths (prefix matches use the file_repository_path constraint).
// params: none
// example: run the whole file in Neo4j Browser; every statement is idempotent.
CREATE RANGE INDEX decision_decided_at IF NOT EXISTS FOR (n:Decision) ON (n.decided_at);
CREATE RANGE INDEX decision_recorded_at IF NOT EXISTS FOR (n:Decision) ON (n.recorded_at);
CREATE RANGE INDEX decision_status IF NOT EXISTS FOR (n:Decision) ON (n.status);
CREATE RANGE INDEX message_session_seq IF NOT EXISTS FOR (n:Message) ON (n.session_id, n.seq);
CREATE RANGE INDEX session_series IF NOT EXISTS FOR (n:Session) ON (n.series);
CREATE TEXT INDEX file_path_text IF NOT EXISTS FOR (n:File) ON (n.path);
CREATE RANGE INDEX policy_decision_tool IF NOT EXISTS FOR (n:PolicyDecision) ON (n.tool_name);
CREATE RANGE INDEX commit_date IF NOT EXISTS FOR (n:Commit) ON (n.date);
