"""The local Neo4j 5.26 Community server, assembled from Maven Central jars."""

from graph.local.config import LocalNeo4jConfig
from graph.local.install import install_neo4j, is_installed
from graph.local.server import ServerStatus, server_status, start_server, stop_server

__all__ = [
    "LocalNeo4jConfig",
    "ServerStatus",
    "install_neo4j",
    "is_installed",
    "server_status",
    "start_server",
    "stop_server",
]
