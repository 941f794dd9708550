"""Helpers shared by the test command and the test fixtures."""
