"""Decision lineage for policy-driven agents (seed 003): why an agent action was allowed.

Pure domain logic, no I/O: the model (``model``; seed 003's ``Decision`` is
``AgentDecisionRecord``), versioned policies (``policy``), standing exceptions
(``standing_exceptions``), the flow (``flow``), replay, the observer, digests and the JSON
codec. ``store`` is the precedent-store protocol; ``memory_store`` keeps records in memory,
``graph.lineage_store`` in Neo4j.
"""
