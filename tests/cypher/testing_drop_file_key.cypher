// Test support: drop the (repository, path) key of File, as a graph made before files had a repository lacks it.
// params: none
// example: (no parameters)
DROP CONSTRAINT file_repository_path IF EXISTS;
