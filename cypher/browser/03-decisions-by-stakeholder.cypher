// Everything a person decided or took part in, with their role, newest first.
:param handle => '@alice';
MATCH (h:Stakeholder {handle: $handle})<-[r:INVOLVES|DECIDED_BY]-(d:Decision)
RETURN d.summary AS decision, d.status AS status, collect(DISTINCT coalesce(r.role, 'decision_maker')) AS roles,
       coalesce(d.decided_at, d.recorded_at) AS decided
ORDER BY decided DESC;
