// Lists every constraint with what `decision-journal schema verify` compares.
// params: none
// example: (no parameters)
SHOW CONSTRAINTS YIELD name, type, labelsOrTypes, properties
RETURN name, type, labelsOrTypes, properties
ORDER BY name;
