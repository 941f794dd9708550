// The ADR decisions of $repository already imported from the files $paths (their paths in
// the repository), with the collection (session) that holds each and the message that
// states it: `import-adr` updates such a file in that collection instead of storing it a
// second time when it is imported again through another folder or under another
// collection name (an ADR file is one decision of its repository). The collection that
// first held a file comes first (a journal may hold a file twice, imported before this rule).
// params: $repository, $paths
// example: :param repository => 'github.com/acme/shop'
//          :param paths => ['doc/adr/0001-record-architecture-decisions.md']
MATCH (s:Session {repository: $repository})<-[:IN_SESSION]-(d:Decision {source: 'adr'})
WHERE d.source_path IN $paths
RETURN d.source_path AS path, s.id AS collection, d.id AS id,
       head([(d)-[:STATED_IN]->(m:Message) | m.id]) AS message
ORDER BY path, d.recorded_at, collection, id;
