// Test support: drop the vector index, as a journal that never had its schema applied lacks it.
// params: none
// example: (no parameters)
DROP INDEX decision_embedding IF EXISTS;
