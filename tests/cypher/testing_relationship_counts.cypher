// Tests only: how many relationships of each type the graph holds (an idempotent write
// leaves them unchanged).
// params: none
// example: (no parameters)
MATCH ()-[r]->()
RETURN type(r) AS type, count(*) AS n
ORDER BY type;
