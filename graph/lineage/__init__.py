"""Decision lineage for policy-driven agents (seed 003): why an agent action was allowed.

The model and the flow are pure (``model``, ``policy``, ``exceptions``, ``flow``,
``observer``, ``replay``); ``memory_store`` and ``neo4j_store`` keep the records.
"""
