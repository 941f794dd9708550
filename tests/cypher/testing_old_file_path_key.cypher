// Test support: the key File had before files belonged to a repository (path alone).
// params: none
// example: (no parameters)
CREATE CONSTRAINT file_path IF NOT EXISTS FOR (n:File) REQUIRE n.path IS UNIQUE;
