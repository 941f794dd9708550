// Store a repository by its key (a normalised remote URL or `git:<root commit>`, never a
// machine path), with the name people call it, its remote and root commit. Idempotent.
// params: $repository
// example: :param repository => {key: 'github.com/acme/shop', name: 'acme/shop', remote: 'https://github.com/acme/shop.git', root_commit: '4b825dc642cb6eb9a060e54bf8d69288fbee4904'}
MERGE (r:Repository {key: $repository.key})
SET r.name = $repository.name,
    r.remote = coalesce($repository.remote, r.remote),
    r.root_commit = coalesce($repository.root_commit, r.root_commit)
RETURN r.key AS key;
