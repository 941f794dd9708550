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


def _version_catalog(text: str) -> list[str]:
    """A Gradle version catalog (``gradle/libs.versions.toml``): what it declares for every
    module of the build, by Maven coordinates."""
    return [c for accessor, found in catalog_aliases(text).items() if not accessor.startswith("bundles.") for c in found]


def catalog_aliases(text: str) -> dict[str, tuple[str, ...]]:
    """A version catalog's libraries and bundles: the accessor a build script writes after
    the catalog's name (``androidx.core.ktx`` for the alias ``androidx-core-ktx``,
    ``bundles.testing`` for a bundle) → the ``group:artifact`` of each library it stands for."""
    data = _toml(text)
    libraries = data.get("libraries")
    out: dict[str, tuple[str, ...]] = {}
    by_alias: dict[str, str] = {}
    for alias, entry in (libraries.items() if isinstance(libraries, dict) else ()):
        coordinate = _coordinate(entry)
        if coordinate:
            by_alias[str(alias)] = coordinate
            out[_accessor(str(alias))] = (coordinate,)
    bundles = data.get("bundles")
    for alias, members in (bundles.items() if isinstance(bundles, dict) else ()):
        if isinstance(members, list):
            found = tuple(by_alias[str(m)] for m in members if str(m) in by_alias)
            if found:
                out["bundles." + _accessor(str(alias))] = found
    return out


def _accessor(alias: str) -> str:
    return re.sub(r"[-_]", ".", alias)


def _coordinate(entry: object) -> str | None:
    """``group:artifact`` of one catalog entry (a ``"g:a:v"`` string, a ``module`` or a
    ``group`` and ``name``)."""
    if isinstance(entry, str):
        parts = entry.split(":")
        return f"{parts[0]}:{parts[1]}" if len(parts) >= 2 else None
    if isinstance(entry, dict):
        module, group, name = entry.get("module"), entry.get("group"), entry.get("name")
        if isinstance(module, str) and ":" in module:
            return module
        if isinstance(group, str) and isinstance(name, str):
            return f"{group}:{name}"
    return None


_CATALOG_REFERENCE = re.compile(r"(?<![\w.])(\w+)\.((?:[A-Za-z0-9]+\.)*[A-Za-z0-9]+)")


def catalog_dependencies(text: str, catalogs: dict[str, dict[str, tuple[str, ...]]]) -> list[str]:
    """The libraries a Gradle build script takes from version catalogs (``catalogs``: a
    catalog's name, ``libs`` for ``libs.versions.toml``, → its ``catalog_aliases``):
    ``implementation(libs.assertk)`` declares assertk for that module, as a coordinate
    written in the script would. A trailing ``.get()`` or a longer chain is cut back to
    the alias it starts with."""
    found: list[str] = []
    for name, chain in _CATALOG_REFERENCE.findall(text):
        aliases = catalogs.get(name)
        if not aliases or chain.startswith(("versions.", "plugins.")):
            continue
        parts = chain.split(".")
        for end in range(len(parts), 0, -1):
            coordinates = aliases.get(".".join(parts[:end]))
            if coordinates:
                found += coordinates
                break
    return found


def is_build_script(path: str) -> bool:
    """A Gradle build script: a module's ``build.gradle(.kts)`` or a convention plugin's
    ``*.gradle.kts`` (which declares what every module applying it depends on)."""
    name = PurePosixPath(path).name
    return name.endswith((".gradle", ".gradle.kts")) and not name.startswith("settings.")


def catalog_name(path: str) -> str | None:
    """The name build scripts use for a version catalog file (``libs`` for
    ``gradle/libs.versions.toml``), or None when ``path`` is not one."""
    name = PurePosixPath(path).name
    return name.removesuffix(".versions.toml") if name.endswith(".versions.toml") else None


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
}


def manifest_reader(path: str) -> Reader | None:
    """The reader for a manifest file, or None when ``path`` is not one."""
    name = PurePosixPath(path).name
    if name in _BY_NAME:
        return _BY_NAME[name]
    if re.match(r"^requirements.*\.(txt|in)$", name):
        return _requirements
    if catalog_name(path):
        return _version_catalog
    if is_build_script(path):
        return _gradle
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
