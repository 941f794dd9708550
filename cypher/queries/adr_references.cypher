// What a commit message may name an ADR by: each ADR decision's id, the file it was read
// from and its title, for `ingest-git` to resolve "ADR-7" or a title to decisions.
// params: none
// example: run as is
MATCH (d:Decision {source: 'adr'})
RETURN d.id AS id, d.source_path AS path, d.subject AS title;
