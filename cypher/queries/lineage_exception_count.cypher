// How many agent decisions applied a standing exception (all of them, whoever may read
// them: max_applications is a global budget).
// params: $name, $version
// example: :param name => 'healthcare_extended_timeout'
//          :param version => '1.0.0'
OPTIONAL MATCH (d:PolicyDecision)-[:APPLIED_EXCEPTION]->(:StandingException {name: $name, version: $version})
RETURN count(d) AS applications;
