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
   it prints the median and the slowest (target: 1 s or less on a 35-file commit);
4. with ``--breakdown N``, N more warm runs through ``bench/check_diff_stages.py`` (the same
   command in a new process, timed from the inside): the median of each stage, from the
   interpreter's start to its exit.

With ``--no-ingest`` it only times ``check-diff``, against the journal the ``NEO4J_*``
variables name (one this script or ``import-adr`` and ``ingest-git`` filled before).
"""

from __future__ import annotations

import argparse
import json
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


STAGES = Path(__file__).resolve().parent / "check_diff_stages.py"


def stage_breakdown(args: list[str], env: dict[str, str], cwd: Path, runs: int) -> list[tuple[str, float]]:
    """The median seconds of each stage of ``check-diff ARGS`` over ``runs`` new processes
    (``bench/check_diff_stages.py``), in the order the stages first ran; ``exit`` and
    ``whole process`` measured from outside."""
    seen: dict[str, list[float]] = {}
    for _ in range(runs):
        spawned = time.time()
        result = subprocess.run([sys.executable, str(STAGES), *args], env={**env, "DJ_STAGES_SPAWNED": repr(spawned)},
                                cwd=cwd, capture_output=True, text=True, check=False)
        ended = time.time()
        if result.returncode not in (0, 1):
            raise SystemExit(f"{STAGES.name} failed ({result.returncode}):\n{result.stderr}")
        report = json.loads(result.stderr.strip().splitlines()[-1])
        for stage, seconds in [*report["stages"].items(), ("exit", ended - report["ended"]), ("whole process", ended - spawned)]:
            seen.setdefault(stage, []).append(seconds)
    # A stage missing from a run (a git command it did not need) counts 0 there.
    return [(stage, statistics.median(values + [0.0] * (runs - len(values)))) for stage, values in seen.items()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkout", type=Path, help="A git work tree of the repository.")
    parser.add_argument("--adr", default="docs/decisions", help="Its ADR folder, relative to the checkout.")
    parser.add_argument("--commits", type=int, default=10_000)
    parser.add_argument("--files", type=int, default=35)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--breakdown", type=int, default=0, metavar="N",
                        help="Then N runs timed stage by stage (bench/check_diff_stages.py); medians printed.")
    parser.add_argument("--no-ingest", action="store_true",
                        help="Only check-diff, against the journal NEO4J_URI/NEO4J_USER/NEO4J_PASSWORD name.")
    args = parser.parse_args()
    checkout = args.checkout.resolve()
    sha, files = commit_with_files(checkout, args.files)
    if args.no_ingest:
        time_check_diff(checkout, sha, files, dict(os.environ), args.runs, args.breakdown)
        return
    cli = [str(Path(sys.executable).parent / "decision-journal")]
    since = since_for(checkout, args.commits)
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
        time_check_diff(checkout, sha, files, env, args.runs, args.breakdown)


def time_check_diff(checkout: Path, sha: str, files: int, env: dict[str, str], runs: int, breakdown: int) -> None:
    """``check-diff`` over ``sha``: once cold, ``runs`` times warm, then the stage breakdown."""
    cli = [str(Path(sys.executable).parent / "decision-journal")]
    args = ["--base", f"{sha}~1", "--head", sha]
    check = [*cli, "check-diff", *args]
    cold, out = timed(check, env, checkout)
    warm = [timed(check, env, checkout)[0] for _ in range(runs)]
    governed = next((line for line in out.splitlines() if line.startswith(("decisions govern", "no decision"))), "")
    print(f"check-diff {sha[:10]} ({files} paths)   cold {cold:.2f} s   warm median {statistics.median(warm):.2f} s, "
          f"slowest {max(warm):.2f} s over {runs} runs   (load {os.getloadavg()[0]:.1f} after)")
    print(f"    {governed}")
    if breakdown:
        print(f"    where a warm run's time goes, median of {breakdown} runs (bench/check_diff_stages.py):")
        for stage, seconds in stage_breakdown(args, env, checkout, breakdown):
            print(f"    {stage:<28} {seconds * 1000:7.0f} ms")


if __name__ == "__main__":
    main()
