"""Every Cypher statement the service runs, as files that also run in Neo4j Browser."""
