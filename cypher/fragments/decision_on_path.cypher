// The path rule of a DecisionFilter applied to a decision `d`: it affects the file
// $path_prefix, anything under the directory $path_dir, or a directory holding it, in
// $repository. Part of decision_filter; decisions_page_under_path leaves it out: it finds
// its decisions through exactly those files, so they pass it already.
// params: $path_prefix, $path_dir, $repository
EXISTS {
        MATCH (d)-[:AFFECTS]->(f:File {repository: $repository})
        WHERE f.path = $path_prefix OR f.path STARTS WITH $path_dir
           OR (f.path ENDS WITH '/' AND $path_dir STARTS WITH f.path) }
