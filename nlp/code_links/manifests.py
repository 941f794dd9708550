"""The libraries a repository depends on, read from its dependency manifests.

Each reader takes a manifest's text and returns the names it declares, as the ecosystem
spells them (``django-fsm``, ``@nestjs/core``, ``github.com/spf13/cobra``,
``Confluent.Kafka``, ``hashicorp/aws``, ``laminas/laminas-form``, ``org.scala-js:sbt-scalajs``). Malformed manifests give what could be read:
a manifest is evidence, not input a user must fix.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable
from pathlib import PurePosixPath
from typing import Any

_REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
_GO_REQUIRE = re.compile(r"^\s*(?:require\s+)?([a-z0-9][\w.-]*\.[a-z]{2,}/[\w./-]+)\s+v[\w.+-]+", re.MULTILINE)
_XML_DEPENDENCY = re.compile(r"<(?:PackageReference|PackageVersion)\s+[^>]*?Include\s*=\s*\"([^\"]+)\"", re.IGNORECASE)
_MAVEN = re.compile(r"<dependency>\s*(?:<!--.*?-->\s*)?<groupId>([^<]+)</groupId>\s*<artifactId>([^<]+)</artifactId>", re.DOTALL)
_GRADLE = re.compile(r"""(?:implementation|api|compileOnly|runtimeOnly|testImplementation)\s*\(?\s*['"]([\w.-]+):([\w.-]+)""")
_SBT = re.compile(r'"([\w.-]+)"\s*%{1,3}\s*"([\w.-]+)"')
_GEM = re.compile(r"""^\s*gem\s+['"]([\w.-]+)['"]""", re.MULTILINE)
_TF_PROVIDER = re.compile(r"""source\s*=\s*"([\w.-]+/[\w.-]+)\"""")
_TF_MODULE = re.compile(r"""module\s+"[^"]+"\s*\{[^}]*?source\s*=\s*"([^"]+)\"""", re.DOTALL)

Reader = Callable[[str], list[str]]


def _package_json(text: str) -> list[str]:
    data = _loads(text)
    names: list[str] = []
    for key in ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies"):
        section = data.get(key) if isinstance(data, dict) else None
        if isinstance(section, dict):
            names += [str(name) for name in section]
    return names


def _requirements(text: str) -> list[str]:
    names: list[str] = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line or line.startswith(("-", "git+", "http")):
            continue
        found = _REQUIREMENT.match(line)
        if found:
            names.append(found.group(1))
    return names


def _pyproject(text: str) -> list[str]:
    data = _toml(text)
    project = data.get("project", {}) if isinstance(data.get("project"), dict) else {}
    names = _requirements("\n".join(str(d) for d in project.get("dependencies", []) or []))
    for extra in (project.get("optional-dependencies") or {}).values():
        names += _requirements("\n".join(str(d) for d in extra))
    poetry = ((data.get("tool") or {}).get("poetry") or {}) if isinstance(data.get("tool"), dict) else {}
    for key in ("dependencies", "dev-dependencies"):
        names += [str(n) for n in (poetry.get(key) or {}) if str(n).lower() != "python"]
    for group in (poetry.get("group") or {}).values():
        names += [str(n) for n in ((group or {}).get("dependencies") or {})]
    return names


def _pipfile(text: str) -> list[str]:
    data = _toml(text)
    return [str(n) for key in ("packages", "dev-packages") for n in (data.get(key) or {})]


def _cargo(text: str) -> list[str]:
    data = _toml(text)
    names: list[str] = []
    for key in ("dependencies", "dev-dependencies", "build-dependencies"):
        names += [str(n) for n in (data.get(key) or {})]
    workspace = data.get("workspace") if isinstance(data.get("workspace"), dict) else {}
    names += [str(n) for n in ((workspace or {}).get("dependencies") or {})]
    return names


def _go_mod(text: str) -> list[str]:
    return _GO_REQUIRE.findall(text)


def _dotnet(text: str) -> list[str]:
    return _XML_DEPENDENCY.findall(text)


def _pom(text: str) -> list[str]:
    return [f"{group.strip()}:{artifact.strip()}" for group, artifact in _MAVEN.findall(text)]


def _gradle(text: str) -> list[str]:
    return [f"{group}:{artifact}" for group, artifact in _GRADLE.findall(text)]


def _composer(text: str) -> list[str]:
    data = _loads(text)
    names: list[str] = []
    for key in ("require", "require-dev"):
        section = data.get(key) if isinstance(data, dict) else None
        if isinstance(section, dict):
            # ``php`` and ``ext-intl`` are the platform and its extensions, no packages.
            names += [str(name) for name in section if "/" in str(name)]
    return names


def _sbt(text: str) -> list[str]:
    return [f"{group}:{artifact}" for group, artifact in _SBT.findall(text)]


def _gemfile(text: str) -> list[str]:
    return _GEM.findall(text)


def _terraform(text: str) -> list[str]:
    return _TF_PROVIDER.findall(text) + [s for s in _TF_MODULE.findall(text) if not s.startswith((".", "/"))]


_BY_NAME: dict[str, Reader] = {
    "package.json": _package_json,
    "pyproject.toml": _pyproject,
    "Pipfile": _pipfile,
    "Cargo.toml": _cargo,
    "go.mod": _go_mod,
    "pom.xml": _pom,
    "Gemfile": _gemfile,
    "composer.json": _composer,
    "Directory.Packages.props": _dotnet,
    "packages.config": _dotnet,
    "build.gradle": _gradle,
    "build.gradle.kts": _gradle,
}


def manifest_reader(path: str) -> Reader | None:
    """The reader for a manifest file, or None when ``path`` is not one."""
    name = PurePosixPath(path).name
    if name in _BY_NAME:
        return _BY_NAME[name]
    if re.match(r"^requirements.*\.(txt|in)$", name):
        return _requirements
    if name.endswith((".csproj", ".fsproj", ".vbproj", ".props")):
        return _dotnet
    if name.endswith(".tf"):
        return _terraform
    if name.endswith(".sbt") or (name.endswith(".scala") and PurePosixPath(path).parent.name == "project"):
        # sbt's build definition: ``build.sbt`` and the Scala files of its ``project/``
        # folder, where larger builds keep their dependency lists.
        return _sbt
    return None


def is_manifest(path: str) -> bool:
    """Whether ``path`` declares dependencies (a file ``manifest_reader`` can read)."""
    return manifest_reader(path) is not None


def dependencies(path: str, text: str) -> list[str]:
    """The names ``path``'s manifest declares (nothing when it cannot be read)."""
    reader = manifest_reader(path)
    if reader is None:
        return []
    try:
        return list(dict.fromkeys(name.strip() for name in reader(text) if name.strip()))
    except (ValueError, TypeError, AttributeError):
        return []


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return {}


def _toml(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError):
        return {}
