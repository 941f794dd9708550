// Test support: every File node's repository and path.
// params: none
// example: (no parameters)
MATCH (f:File)
RETURN f.repository AS repository, f.path AS path
ORDER BY repository, path;
