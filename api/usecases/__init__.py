"""The use cases: what the product does (ingest, record, search, evolution, ADR import,
backup, export, impact, path checks, lineage reports, evaluation), wired once by
``services`` and run over a graph connection from ``runtime``. The faces (CLI, GraphQL,
MCP, the HTTP app, the Python API) are thin layers on top; nothing here imports a face."""
