"""Every benchmark in one command, each in its own process (and its own throwaway Neo4j).

Usage: python bench/run_all.py [--quick]

Runs, in order: the offline nlp throughput, end-to-end ingest throughput, read latency at
1k, 10k and 100k decisions beside the SQLite baselines, and 50 concurrent GraphQL clients
for 60 s. ``--quick`` stops at 10k decisions and loads for 20 s. Each benchmark prints its
own figures; docs/performance.md records them with these commands. About 25 minutes in
full on two cores.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="up to 10k decisions, a 20 s load test")
    args = parser.parse_args()
    sizes = [1_000, 10_000] if args.quick else [1_000, 10_000, 100_000]
    runs = [
        ["nlp_throughput.py"],
        ["ingest_throughput.py"],
        *(["graph_latency.py", "--decisions", str(size), "--queries", "200"] for size in sizes),
        ["graphql_load.py", "--clients", "50", "--seconds", "20" if args.quick else "60"],
    ]
    failed = []
    for run in runs:
        print(f"\n=== {' '.join(run)}", flush=True)
        started = time.perf_counter()
        result = subprocess.run([sys.executable, str(BENCH / run[0]), *run[1:]], check=False)
        print(f"=== {run[0]} finished in {time.perf_counter() - started:.0f} s (exit {result.returncode})", flush=True)
        if result.returncode:
            failed.append(run[0])
    if failed:
        sys.exit(f"failed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
