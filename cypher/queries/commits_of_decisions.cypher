// The commits that followed each decision (decision_commits), newest first, at most
// $commit_limit each, with the files each changed.
// params: $ids, $commit_limit
// example: :param ids => ['dec-400b65af5851']
//          :param commit_limit => 10
UNWIND $ids AS wanted
MATCH (d:Decision {id: wanted})
{{decision_commits}}
RETURN wanted AS id, commits;
