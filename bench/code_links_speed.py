"""Code links on a real repository: ``import-adr``, ``ingest-git`` and ``check-diff`` timed.

Usage: python bench/code_links_speed.py CHECKOUT --adr docs/decisions [--commits 10000]
                                       [--files 35] [--runs 7]

Starts its own throwaway Neo4j (never touches your journal) and runs the command line as a
user does, each command a new process, so the times include Python's start-up and imports:

1. ``import-adr`` of the repository's ADR folder (with its link inference);
2. ``ingest-git --since REV`` where REV leaves the last ``--commits`` non-merge commits, which
   stores the commits and then links the repository's decisions to its code (issue 44's
   target: 10,000 commits in 60 s or less);
3. ``check-diff`` over the most recent non-merge commit that changed exactly ``--files``
   paths (or the nearest count above it), once cold and then ``--runs`` times with Neo4j warm;
   it prints the median and the slowest (target: 1 s or less on a 35-file commit).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.throwaway import throwaway_neo4j  # after the path set-up above


def _git(checkout: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(checkout), *args], check=True, capture_output=True, text=True).stdout


def since_for(checkout: Path, commits: int) -> str | None:
    """The revision after which the last ``commits`` non-merge commits lie (None: all of them)."""
    shas = _git(checkout, "rev-list", "--no-merges", "HEAD").split()
    return shas[commits] if len(shas) > commits else None


def commit_with_files(checkout: Path, files: int, look: int = 3000) -> tuple[str, int]:
    """The most recent non-merge commit among the last ``look`` that changed exactly ``files``
    paths, else the one with the nearest count above."""
    log = _git(checkout, "log", "--no-merges", f"-{look}", "--format=@%H", "--name-only")
    best: tuple[int, str] | None = None
    for block in log.split("@")[1:]:
        sha, *paths = [line for line in block.splitlines() if line.strip()]
        if len(paths) == files:
            return sha, files
        if len(paths) > files and (best is None or len(paths) < best[0]):
            best = (len(paths), sha)
    if best is None:
        raise SystemExit(f"no commit with {files} or more changed paths in the last {look}")
    return best[1], best[0]


def timed(command: list[str], env: dict[str, str], cwd: Path) -> tuple[float, str]:
    started = time.perf_counter()
    result = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if result.returncode not in (0, 1):  # check-diff --fail-on would exit 1; nothing here asks it to
        raise SystemExit(f"{' '.join(command)} failed ({result.returncode}):\n{result.stderr}")
    return seconds, result.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkout", type=Path, help="A git work tree of the repository.")
    parser.add_argument("--adr", default="docs/decisions", help="Its ADR folder, relative to the checkout.")
    parser.add_argument("--commits", type=int, default=10_000)
    parser.add_argument("--files", type=int, default=35)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    checkout = args.checkout.resolve()
    cli = [str(Path(sys.executable).parent / "decision-journal")]
    since = since_for(checkout, args.commits)
    sha, files = commit_with_files(checkout, args.files)
    with throwaway_neo4j() as server:
        env = {**os.environ, "NEO4J_URI": server.uri, "NEO4J_USER": server.user, "NEO4J_PASSWORD": server.password}
        seconds, _ = timed([*cli, "schema", "apply"], env, checkout)
        seconds, out = timed([*cli, "import-adr", args.adr, "--repo", "."], env, checkout)
        print(f"import-adr {args.adr:<32} {seconds:6.1f} s   {out.strip().splitlines()[-1] if out.strip() else ''}")
        since_args = ["--since", since] if since else []
        seconds, out = timed([*cli, "ingest-git", "--repo", ".", *since_args], env, checkout)
        print(f"ingest-git {args.commits} commits{'':<17} {seconds:6.1f} s")
        for line in out.strip().splitlines():
            print(f"    {line}")
        check = [*cli, "check-diff", "--base", f"{sha}~1", "--head", sha]
        cold, out = timed(check, env, checkout)
        warm = [timed(check, env, checkout)[0] for _ in range(args.runs)]
        governed = next((line for line in out.splitlines() if line.startswith(("decisions govern", "no decision"))), "")
        print(f"check-diff {sha[:10]} ({files} paths)   cold {cold:.2f} s   warm median {statistics.median(warm):.2f} s, "
              f"slowest {max(warm):.2f} s over {args.runs} runs")
        print(f"    {governed}")


if __name__ == "__main__":
    main()
