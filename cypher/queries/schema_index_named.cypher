// Whether the index named $name exists: a journal that has its vector index has had its schema
// applied (`decision-journal schema apply`), so a command need not apply it first.
// params: $name
// example: :param name => 'decision_embedding'
SHOW INDEXES YIELD name
WHERE name = $name
RETURN name;
