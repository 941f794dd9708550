// What a commit message may name an ADR by: the id, source file and title of each ADR
// decision imported from $repository, for `ingest-git` to resolve "ADR-7" or a title to
// decisions of that repository only (another repository's ADR 7 is not this one's).
// params: $repository
// example: :param repository => 'github.com/cisagov/manage.get.gov'
MATCH (s:Session {repository: $repository})<-[:IN_SESSION]-(d:Decision {source: 'adr'})
RETURN d.id AS id, d.source_path AS path, d.subject AS title;
