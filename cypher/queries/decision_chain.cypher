// Every decision connected to $id by SUPERSEDES or REVISITS (either direction, up to 50
// steps), with the links each one makes to older decisions, and whether the caller may
// see it ($groups null: unrestricted; else its session is open or shares a group).
// params: $id, $groups
// example: :param id => 'dec-123'
//          :param groups => null
MATCH (start:Decision {id: $id})
MATCH (start)-[:SUPERSEDES|REVISITS*0..50]-(member:Decision)
WITH DISTINCT member
OPTIONAL MATCH (member)-[r:SUPERSEDES|REVISITS]->(older:Decision)
WITH member, collect(CASE WHEN r IS NULL THEN null ELSE
          {type: type(r), to: older.id, at: r.at, reason: r.reason, partial: r.partial, outcome: r.outcome,
           inferred: r.inferred, confidence: r.confidence} END) AS links
RETURN member.id AS id, coalesce(member.decided_at, member.recorded_at) AS at, member.status AS status,
       member.superseded_at AS superseded_at, links,
       $groups IS NULL OR EXISTS {
         MATCH (member)-[:IN_SESSION]->(s:Session)
         WHERE coalesce(s.access_groups, []) = [] OR any(g IN s.access_groups WHERE g IN $groups)
       } AS visible;
