"""The ``decision-journal`` command line: one module per command group."""
