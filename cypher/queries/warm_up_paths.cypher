// A sample of the paths decisions affect, by repository: what `neo4j start` asks the
// governing-decisions read about once, so that a fresh server has planned and run the reads
// of `check-diff` on real data before a pre-commit hook asks (api/usecases/warm_up.py).
// params: $limit
// example: :param limit => 20
MATCH (:Decision)-[:AFFECTS]->(f:File)
WITH f.repository AS repository, f.path AS path
LIMIT $limit
RETURN repository, collect(DISTINCT path) AS paths
ORDER BY repository;
