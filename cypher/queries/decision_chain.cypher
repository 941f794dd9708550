// Every decision connected to $id by SUPERSEDES or REVISITS (either direction, up to 50
// steps), with the links each one makes to older decisions.
// params: $id
// example: :param id => 'dec-123'
MATCH (start:Decision {id: $id})
MATCH (start)-[:SUPERSEDES|REVISITS*0..50]-(member:Decision)
WITH DISTINCT member
OPTIONAL MATCH (member)-[r:SUPERSEDES|REVISITS]->(older:Decision)
RETURN member.id AS id, coalesce(member.decided_at, member.recorded_at) AS at, member.status AS status,
       member.superseded_at AS superseded_at,
       [link IN collect(CASE WHEN r IS NULL THEN null ELSE
          {type: type(r), to: older.id, at: r.at, reason: r.reason, partial: r.partial, outcome: r.outcome,
           inferred: r.inferred, confidence: r.confidence} END) WHERE link IS NOT NULL] AS links;
