// The stored repositories a user's words may name: by key, by name (`acme/shop`), or by
// the root commit a clone without a remote shares with the repository it was cloned from.
// params: $key, $name, $root_commit
// example: :param key => 'github.com/acme/shop'
//          :param name => 'acme/shop'
//          :param root_commit => null
MATCH (r:Repository)
WHERE r.key = $key OR toLower(r.name) = toLower($name) OR ($root_commit IS NOT NULL AND r.root_commit = $root_commit)
RETURN r.key AS key, r.name AS name, r.remote AS remote, r.root_commit AS root_commit,
       CASE WHEN r.key = $key THEN 0 WHEN r.root_commit = $root_commit THEN 1 ELSE 2 END AS how
ORDER BY how, r.key;
