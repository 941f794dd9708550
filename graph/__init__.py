"""The only package that talks to Neo4j: models, schema, queries, writers, local server."""
