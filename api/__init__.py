"""Composition root and transports: settings, CLI, HTTP app, Python API."""
