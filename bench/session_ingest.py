"""Ingest of a large Claude Code session, end to end, and of the same session as it grows.

Usage: python bench/session_ingest.py [--megabytes 20] [--seed 46]

Builds the session with ``tests/support/claude_sessions.py`` (deterministic: the fixture
session's structure, tool calls, kilobytes of tool output and long assistant turns, words
and sizes drawn from a seeded generator), starts its own throwaway Neo4j, applies the
schema, warms the journal with a 2 MB session of another seed (ingested, then grown), and times, with the offline
pipeline and the embedder of the default settings:

1. the first ingest of the whole file (read → detect → extract → embed → store → relate),
   in messages per second;
2. re-running it unchanged;
3. the file grown by 1% and then by 10% more, each ingested incrementally (only the
   appended bytes are parsed), against the same growth ingested whole under a new id.

Prints the load average before and after: run it on an idle machine (and ``nice``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api.settings import Settings  # after the path set-up above
from api.usecases.services import build_services
from api.usecases.session_files import SessionIngest, ingest_session_file
from graph.connection import open_driver
from graph.executor import Neo4jExecutor
from graph.schema import apply_schema
from graph.session_reads import SessionReads
from nlp.readers import read_conversation
from tests.support.claude_sessions import claude_code_session
from tests.support.throwaway import throwaway_neo4j

FIXTURE = Path(__file__).resolve().parents[1] / "tests/unit/nlp/sessions/7f3c2a10-5b1e-4c2d-9a7e-0c1d2e3f4a5b.jsonl"


def _line(label: str, done: SessionIngest, seconds: float) -> str:
    r = done.report
    rate = f"{r.messages_read / seconds:>6.0f} msg/s" if r.messages_read else " " * 12
    return (f"{label:<34} {done.mode:<9} {done.bytes_read / 1e6:>6.2f} MB parsed {r.messages_read:>6} messages "
            f"({r.new_messages:>5} new) {seconds:>7.2f} s {rate}  decisions {r.decisions_found} ({r.new_decisions} new)")


async def _run(uri: str, user: str, password: str, size: int, seed: int, folder: Path) -> None:
    async with open_driver(uri, user, password) as driver:
        executor = Neo4jExecutor(driver)
        await apply_schema(executor, 384)
        services = build_services(Settings(), executor)
        reads = SessionReads(executor)
        services.ingest.pipeline.run(read_conversation(FIXTURE))  # load and warm the pipelines outside the timing
        session = folder / "bench-session.jsonl"
        # A journal that has been running: the server's caches and compiled queries warm.
        warm = folder / "warm-up.jsonl"
        warm.write_bytes(claude_code_session(2_000_000, seed + 1, session_id="warm-up"))
        await ingest_session_file(warm, services.ingest, reads)
        warm.write_bytes(claude_code_session(2_200_000, seed + 1, session_id="warm-up"))
        await ingest_session_file(warm, services.ingest, reads)  # and its incremental path

        async def timed(label: str, path: Path, data: bytes) -> float:
            path.write_bytes(data)
            started = time.perf_counter()
            done = await ingest_session_file(path, services.ingest, reads)
            seconds = time.perf_counter() - started
            print(_line(label, done, seconds), flush=True)
            return seconds

        base = claude_code_session(size, seed)
        lines = base.count(b"\n")
        print(f"session: {len(base) / 1e6:.2f} MB, {lines} lines (seed {seed})")
        await timed("first ingest (whole file)", session, base)
        await timed("re-run, unchanged", session, base)
        grown = base
        for percent in (1, 10):
            grown = claude_code_session(len(grown) + len(base) * percent // 100, seed)
            await timed(f"grown by {percent}%: incremental", session, grown)
            await timed(f"grown by {percent}%: same file read whole", folder / f"whole-{percent}.jsonl", grown)
        await services.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=20)
    parser.add_argument("--seed", type=int, default=46)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder, throwaway_neo4j() as server:
        asyncio.run(_run(server.uri, server.user, server.password, int(args.megabytes * 1e6), args.seed, Path(folder)))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
