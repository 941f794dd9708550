// Lists every index with what `decision-journal schema verify` compares.
// params: none
// example: (no parameters)
SHOW INDEXES YIELD name, type, labelsOrTypes, properties, state, options, owningConstraint
RETURN name, type, labelsOrTypes, properties, state, options, owningConstraint
ORDER BY name;
