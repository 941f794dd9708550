// The filters of a DecisionFilter (graph/filters.py) applied to a decision `d`: every
// filter but the path (decision_filter_except_path: statuses, tags, dates, source, session,
// series, stakeholder, feature, access), and the path (decision_on_path: the file, anything
// under the directory, or a directory holding it, in $repository). The text filter is each
// query's own: it depends on how the query ran the full-text index. Included as
// {{decision_filter}} by decisions_page and decisions_aggregate, and as
// {{decision_filter: search}} by decisions_by_ids (every $param read from the map `search`
// instead); decisions_page_under_path includes the first part only.
// params: $hidden_statuses, $statuses, $tags, $tags_all, $stakeholder, $since, $until, $path_prefix, $path_dir, $repository, $of_repository, $feature, $session, $series, $source, $groups
{{decision_filter_except_path}}
  AND ($path_prefix IS NULL OR {{decision_on_path}})
