"""Cold start of the command line: whole-process runs of ``search`` and ``check-diff``, timed.

Usage: python bench/cold_start.py [--runs 15] [--before TREE] [--prepare] [--json FILE]
                                  [--only search|check-diff] [--repo CHECKOUT [--files 35]]

Each run is a new ``decision-journal`` process, as a user or a pre-commit hook starts one,
so the time includes Python's start-up, the imports, reading the settings, finding and
connecting to the local Neo4j, the question's embedding and the queries. It runs against
the journal's running local Neo4j (the one ``make run`` leaves; ``DJ_CONFIG`` and
``NEO4J_URI`` are honoured as by the CLI) with ``examples/platform-sync.txt`` ingested;
``--prepare`` starts the server, applies the schema and ingests the example first
(idempotent).

- ``search "why did we choose PostgreSQL?"``;
- ``check-diff --base HEAD~1 --head HEAD`` in a small temporary git repository whose last
  commit changes the paths the example's decisions name; with ``--repo CHECKOUT``, over the
  most recent commit of that checkout that changed ``--files`` paths (as
  bench/code_links_speed.py picks it), against a journal that holds the repository (issue
  44's target: 1 s or less on a 35-file commit, Neo4j warm).

``--before TREE`` times a second source tree (reported as ``before``; this checkout as ``this``) (say ``git worktree add`` or ``git archive`` of
the commit before a change, run through this venv with ``PYTHONPATH=TREE``) in the same
sitting, alternating run by run (before, after, after, before, …) so both see the same load.
Every run records the one-minute load average (``os.getloadavg()``) taken as it starts and
the CPU time the process used; on a shared machine the CPU time moves less than the wall
time. One run of each command and tree before the timed ones is not counted (it fills the
OS file cache and Neo4j's query cache). A script that prints figures, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUESTION = "why did we choose PostgreSQL?"
EXAMPLE = ROOT / "examples" / "platform-sync.txt"


@dataclass(frozen=True)
class Run:
    tree: str
    command: str
    wall: float
    cpu: float
    load: float
    exit_code: int


def cli_path() -> str:
    return str(Path(sys.executable).parent / "decision-journal")


def commands(repo: Path, head: str = "HEAD") -> dict[str, list[str]]:
    cli = cli_path()
    return {
        "search": [cli, "search", QUESTION],
        "check-diff": [cli, "check-diff", "--repo", str(repo), "--base", f"{head}~1", "--head", head],
    }


def small_repository(where: Path) -> Path:
    """A git repository of two commits; the second changes the files the example names."""
    repo = where / "repo"
    repo.mkdir()

    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)

    git("init", "-q", "-b", "main")
    git("config", "user.email", "bench@example.invalid")
    git("config", "user.name", "bench")
    files = ["services/orders/schema.sql", "services/catalogue/cache.py", "src/api/routes.py", "README.md"]
    for name in files:
        path = repo / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"-- {name}\n")
    git("add", ".")
    git("commit", "-q", "-m", "first")
    for name in files:
        (repo / name).write_text(f"-- {name}, changed\n")
    git("commit", "-q", "-am", "change the orders schema and the catalogue cache")
    return repo


def env_for(tree: Path | None) -> dict[str, str]:
    env = dict(os.environ)
    if tree is not None:
        # Before this venv's editable install of the checkout (sys.path wins over its finder).
        env["PYTHONPATH"] = os.pathsep.join([str(tree), *filter(None, [env.get("PYTHONPATH")])])
    return env


def timed(name: str, tree: Path | None, command: list[str], cwd: Path) -> Run:
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run(command, env=env_for(tree), cwd=cwd, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({result.returncode}):\n{result.stderr}")
    return Run("before" if tree is not None else "this", name, wall, cpu, load, result.returncode)


def prepare(cwd: Path) -> None:
    cli = cli_path()
    for args in (["neo4j", "start"], ["schema", "apply"], ["ingest", str(EXAMPLE)]):
        subprocess.run([cli, *args], cwd=cwd, check=True, capture_output=True, text=True)


def check_example(cwd: Path) -> None:
    out = subprocess.run([cli_path(), "search", QUESTION, "--json"], cwd=cwd, check=True, capture_output=True, text=True)
    if not json.loads(out.stdout)["hits"]:
        raise SystemExit("the example is not in the journal: run `make run`, or this script with --prepare")


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[18] if len(values) > 1 else values[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="Timed runs of each command (and tree).")
    parser.add_argument("--before", type=Path, help="A source tree to time in the same sitting (PYTHONPATH=TREE).")
    parser.add_argument("--prepare", action="store_true", help="Start the local Neo4j, apply the schema, ingest the example.")
    parser.add_argument("--json", type=Path, help="Write every run here.")
    parser.add_argument("--only", choices=["search", "check-diff"], help="Time this command alone.")
    parser.add_argument("--repo", type=Path, help="check-diff over a commit of this checkout instead.")
    parser.add_argument("--files", type=int, default=35, help="With --repo: the commit's number of changed paths.")
    args = parser.parse_args()
    trees: list[Path | None] = [args.before.resolve(), None] if args.before else [None]
    with tempfile.TemporaryDirectory(prefix="dj-cold-start-") as scratch:
        where = Path(scratch)
        if args.repo is not None:
            sys.path.insert(0, str(ROOT / "bench"))
            from code_links_speed import commit_with_files

            repo = args.repo.resolve()
            sha, files = commit_with_files(repo, args.files)
            print(f"check-diff over {sha[:10]} of {repo} ({files} paths)")
            chosen = commands(repo, sha)
        else:
            repo = small_repository(where)
            chosen = commands(repo)
        if args.only:
            chosen = {args.only: chosen[args.only]}
        if args.prepare:
            prepare(where)
        if "search" in chosen:
            check_example(where)
        runs: list[Run] = []
        for name, command in chosen.items():
            for tree in trees:
                timed(name, tree, command, where)  # not counted: file cache, Neo4j's plans
            for i in range(args.runs):
                for tree in trees if i % 2 == 0 else trees[::-1]:
                    runs.append(timed(name, tree, command, where))
    print(f"{args.runs} runs each, alternating; wall and CPU seconds; load = 1-minute load average at each start "
          f"({os.cpu_count()} cores)")
    print(f"{'command':<12}{'tree':<8}{'wall median':>12}{'wall p95':>10}{'CPU median':>12}{'load median':>13}{'load range':>13}")
    for name in chosen:
        for label in ("before", "this") if args.before else ("this",):
            mine = [r for r in runs if r.command == name and r.tree == label]
            walls, cpus, loads = [r.wall for r in mine], [r.cpu for r in mine], [r.load for r in mine]
            print(f"{name:<12}{label:<8}{statistics.median(walls):>12.2f}{p95(walls):>10.2f}{statistics.median(cpus):>12.2f}"
                  f"{statistics.median(loads):>13.1f}{f'{min(loads):.1f}-{max(loads):.1f}':>13}")
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in runs], indent=1))


if __name__ == "__main__":
    main()
