// Decisions superseded in the last three months: what replaced them, when and why, and
// whether the link was stated or inferred.
:param since => datetime() - duration('P3M');
MATCH (newer:Decision)-[r:SUPERSEDES]->(old:Decision)
WHERE r.at >= $since
RETURN old.summary AS superseded, newer.summary AS by, r.at AS at, r.reason AS reason,
       r.partial AS partial, r.inferred AS inferred
ORDER BY at DESC;
