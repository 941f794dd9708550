"""Install the local server's jars from Maven Central with ``mvn``, once per version."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from graph.errors import LocalNeo4jError
from graph.local.config import NEO4J_VERSION, LocalNeo4jConfig

_MARKER = ".installed"
_ENTRY_JAR = f"neo4j-server-{NEO4J_VERSION}.jar"
_DOWNLOADED = re.compile(r"Downloaded from \S+: (\S+)")

Progress = Callable[[str], None]


@dataclass(frozen=True)
class InstallReport:
    """What ``install_neo4j`` did.

    Attributes:
        lib_dir: Where the jars are.
        jars: How many jars the folder holds.
        downloaded: How many artifacts Maven fetched (0 when they were cached or installed).
        already_installed: True when nothing had to be done.
    """

    lib_dir: Path
    jars: int
    downloaded: int
    already_installed: bool


def is_installed(config: LocalNeo4jConfig) -> bool:
    """True when ``config.lib_dir`` holds a complete install of this version."""
    marker = config.lib_dir / _MARKER
    return marker.is_file() and marker.read_text().strip() == NEO4J_VERSION and (
        config.lib_dir / _ENTRY_JAR
    ).is_file()


def require_java(java: str) -> int:
    """Return the major version of ``java``, or raise a one-sentence error.

    Raises:
        LocalNeo4jError: Java is missing or older than 17.
    """
    hint = (
        "install a Java 17+ runtime (for example `apt-get install openjdk-17-jre-headless`) "
        "or set NEO4J_URI to use an existing Neo4j"
    )
    path = shutil.which(java)
    if path is None:
        raise LocalNeo4jError(f"Java was not found (looked for {java!r}): {hint}.")
    try:
        probe = subprocess.run(
            [path, "-version"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise LocalNeo4jError(f"{path} -version failed ({exc}): {hint}.") from exc
    match = re.search(r'version "(\d+)(?:\.(\d+))?', probe.stderr + probe.stdout)
    if match is None:
        raise LocalNeo4jError(f"could not read the version of {path}: {hint}.")
    major = int(match.group(1))
    if major == 1 and match.group(2):  # "1.8" style
        major = int(match.group(2))
    if major < 17:
        raise LocalNeo4jError(f"Neo4j {NEO4J_VERSION} needs Java 17+, {path} is Java {major}: {hint}.")
    return major


def install_neo4j(config: LocalNeo4jConfig, progress: Progress | None = None) -> InstallReport:
    """Put the Neo4j server jars in ``config.lib_dir``; do nothing if they are there.

    The jars are resolved into a temporary folder next to ``lib_dir`` and moved into
    place only when Maven succeeded, so an interrupted install never looks complete.

    Args:
        config: The instance whose ``lib_dir`` and ``mvn`` are used.
        progress: Called with one short line per step and per downloaded artifact.

    Raises:
        LocalNeo4jError: Java or Maven is missing, or Maven failed.
    """
    say = progress or (lambda _line: None)
    require_java(config.java)
    if is_installed(config):
        jars = sum(1 for _ in config.lib_dir.glob("*.jar"))
        return InstallReport(config.lib_dir, jars, 0, already_installed=True)
    mvn = shutil.which(config.mvn)
    if mvn is None:
        raise LocalNeo4jError(
            f"Maven was not found (looked for {config.mvn!r}): install it "
            "(for example `apt-get install maven`) or set NEO4J_URI to use an existing Neo4j."
        )
    config.lib_dir.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=config.lib_dir.parent, prefix=".install-") as tmp:
        build = Path(tmp)
        pom = resources.files("graph.local").joinpath("pom.xml").read_text()
        (build / "pom.xml").write_text(pom)
        staged = build / "lib"
        say(f"resolving Neo4j {NEO4J_VERSION} with Maven into {config.lib_dir}")
        downloaded = _run_maven(mvn, build, staged, say)
        (staged / _MARKER).write_text(NEO4J_VERSION + "\n")
        if config.lib_dir.exists():
            shutil.rmtree(config.lib_dir)
        staged.rename(config.lib_dir)
    jars = sum(1 for _ in config.lib_dir.glob("*.jar"))
    say(f"installed {jars} jars ({downloaded} downloaded)")
    return InstallReport(config.lib_dir, jars, downloaded, already_installed=False)


def _run_maven(mvn: str, build: Path, staged: Path, say: Progress) -> int:
    command = [
        mvn,
        "-B",  # batch mode: one "Downloaded from" line per artifact, no progress bars
        "-f",
        str(build / "pom.xml"),
        "dependency:copy-dependencies",
        f"-DoutputDirectory={staged}",
        "-DincludeScope=runtime",
    ]
    tail: list[str] = []
    downloaded = 0
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=build
    ) as proc:
        assert proc.stdout is not None  # stdout=PIPE guarantees it
        for line in proc.stdout:
            tail = (tail + [line.rstrip()])[-15:]
            match = _DOWNLOADED.search(line)
            if match:
                downloaded += 1
                say(f"downloaded {match.group(1).rsplit('/', 1)[-1]}")
    if proc.returncode != 0:
        details = "\n".join(tail)
        raise LocalNeo4jError(
            f"Maven could not resolve Neo4j {NEO4J_VERSION} (exit {proc.returncode}); "
            f"check the network to Maven Central or set NEO4J_URI. Last lines:\n{details}"
        )
    return downloaded
