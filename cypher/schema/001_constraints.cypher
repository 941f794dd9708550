// Uniqueness constraints on every natural key of the graph model (docs/graph-model.md).
// Each constraint also gives a RANGE index on its key, so lookups by id use an index, and
// `File {repository: $repository}` with `path STARTS WITH $prefix` seeks the composite
// (repository, path) index: a path is only ever looked up within its repository.
// params: none
// example: run the whole file in Neo4j Browser; every statement is idempotent.
CREATE CONSTRAINT decision_id IF NOT EXISTS FOR (n:Decision) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT alternative_id IF NOT EXISTS FOR (n:Alternative) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT stakeholder_handle IF NOT EXISTS FOR (n:Stakeholder) REQUIRE n.handle IS UNIQUE;
CREATE CONSTRAINT alias_handle IF NOT EXISTS FOR (n:Alias) REQUIRE n.handle IS UNIQUE;
CREATE CONSTRAINT file_repository_path IF NOT EXISTS FOR (n:File) REQUIRE (n.repository, n.path) IS UNIQUE;
CREATE CONSTRAINT repository_key IF NOT EXISTS FOR (n:Repository) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT feature_key IF NOT EXISTS FOR (n:Feature) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT session_id IF NOT EXISTS FOR (n:Session) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT message_id IF NOT EXISTS FOR (n:Message) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT tag_name IF NOT EXISTS FOR (n:Tag) REQUIRE n.name IS UNIQUE;
CREATE CONSTRAINT policy_name_version IF NOT EXISTS FOR (n:Policy) REQUIRE (n.name, n.version) IS UNIQUE;
CREATE CONSTRAINT standing_exception_name_version IF NOT EXISTS FOR (n:StandingException) REQUIRE (n.name, n.version) IS UNIQUE;
CREATE CONSTRAINT commit_sha IF NOT EXISTS FOR (n:Commit) REQUIRE n.sha IS UNIQUE;
CREATE CONSTRAINT entity_type_id IF NOT EXISTS FOR (n:Entity) REQUIRE (n.type, n.id) IS UNIQUE;
CREATE CONSTRAINT review_label_decision_id IF NOT EXISTS FOR (n:ReviewLabel) REQUIRE n.decision_id IS UNIQUE;
