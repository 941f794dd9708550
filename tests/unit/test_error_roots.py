"""Every error a package raises on purpose derives from that package's root error, so a
caller can catch one package's failures without catching everything."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

from api.errors import ApiError
from graph.errors import GraphError
from lineage.errors import LineageError
from nlp.errors import NlpError

ROOTS: dict[str, type[Exception]] = {"api": ApiError, "graph": GraphError, "lineage": LineageError, "nlp": NlpError}


def _errors_defined_in(package: str) -> list[type[BaseException]]:
    root = importlib.import_module(package)
    found = []
    for module in pkgutil.walk_packages(root.__path__, f"{package}."):
        loaded = importlib.import_module(module.name)
        found += [
            cls for _, cls in inspect.getmembers(loaded, inspect.isclass)
            if issubclass(cls, BaseException) and cls.__module__ == module.name
        ]
    return found


@pytest.mark.parametrize("package", sorted(ROOTS))
def test_every_error_of_a_package_derives_from_its_root(package: str) -> None:
    errors = _errors_defined_in(package)
    assert ROOTS[package] in errors
    strays = [f"{cls.__module__}.{cls.__name__}" for cls in errors if not issubclass(cls, ROOTS[package])]
    assert strays == []
