// Migration: a File stored before files belonged to a repository has no `repository`. Such
// paths were stated with no repository known, or came from an `ingest-git` whose repository
// the graph never recorded, so they become unscoped (''): matched only by reads that name no
// repository. Re-running `ingest-git` and `import-adr` in a repository stores its paths
// again under it. Touches only files without the property, so running it again changes nothing.
// params: none
// example: MATCH (f:File) WHERE f.repository IS NULL RETURN count(f)
MATCH (f:File) WHERE f.repository IS NULL
SET f.repository = ''
RETURN count(f) AS migrated;
