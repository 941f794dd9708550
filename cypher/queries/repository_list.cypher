// Every repository in the journal, with how many of its files some decision affects.
// params: none
// example: run as is
MATCH (r:Repository)
RETURN r.key AS key, r.name AS name, r.remote AS remote, r.root_commit AS root_commit,
       COUNT { (:Decision)-[:AFFECTS]->(:File {repository: r.key}) } AS linked
ORDER BY r.name, r.key;
