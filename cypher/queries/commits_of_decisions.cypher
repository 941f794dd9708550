// The commits that followed each decision (decision_commits), newest first, at most
// $commit_limit each, with the files each changed; under a path, those that name the
// decision or changed something there ($path_prefix null: all of them).
// params: $ids, $commit_limit, $path_prefix, $path_dir, $repository
// example: :param ids => ['dec-400b65af5851']
//          :param commit_limit => 10
//          :param path_prefix => null
//          :param path_dir => null
//          :param repository => null
UNWIND $ids AS wanted
MATCH (d:Decision {id: wanted})
{{decision_commits}}
RETURN wanted AS id, commits;
