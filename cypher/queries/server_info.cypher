// The server's version and edition, for readiness checks and `doctor`.
// params: none
// example: (no parameters)
CALL dbms.components() YIELD name, versions, edition
RETURN name, versions[0] AS version, edition;
