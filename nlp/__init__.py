"""Conversation in, typed decisions out; knows nothing of Neo4j or HTTP."""
