// Test support: two files as an older version stored them, keyed by path alone.
// params: none
// example: (no parameters)
CREATE (:File {path: 'src/api/', kind: 'directory'}), (:File {path: 'src/db.py', kind: 'file'});
