// The path rule of a DecisionFilter applied to a decision `d`: it affects the file
// $path_prefix, anything under the directory $path_dir, or a directory holding it, in
// $repository. Part of decision_filter; decisions_page skips it for the decisions it found
// through exactly those files (cypher/queries/decisions_page.cypher), which already pass it.
// params: $path_prefix, $path_dir, $repository
EXISTS {
        MATCH (d)-[:AFFECTS]->(f:File {repository: $repository})
        WHERE f.path = $path_prefix OR f.path STARTS WITH $path_dir
           OR (f.path ENDS WITH '/' AND $path_dir STARTS WITH f.path) }
