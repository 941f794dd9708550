// Migration: before files belonged to a repository, `File.path` alone was unique. Drop that
// constraint so that two repositories' `src/api` can be two nodes; `schema apply` runs this
// before the constraints file, and it does nothing once the constraint is gone.
// params: none
// example: SHOW CONSTRAINTS YIELD name WHERE name = 'file_path'
DROP CONSTRAINT file_path IF EXISTS;
