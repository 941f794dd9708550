"""End-to-end ingest throughput: read → detect → extract → embed → store → relate.

Usage: python bench/ingest_throughput.py [--shared ../shared/data] [--meetings N]

Starts its own throwaway Neo4j (never touches your database), applies the schema, ingests
QMSum meetings with the offline pipeline and prints messages/s. Run it twice over the same
meetings to see the idempotent re-run cost as well.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api.settings import Settings
from api.usecases.ingest import ingest_conversation  # after the path set-up above
from api.usecases.services import build_services
from graph.connection import open_driver
from graph.executor import Neo4jExecutor
from graph.schema import apply_schema
from nlp.readers.qmsum import read_qmsum_meetings
from nlp.schema import Conversation
from tests.support.throwaway import throwaway_neo4j


async def _run(uri: str, user: str, password: str, meetings: list[Conversation]) -> None:
    async with open_driver(uri, user, password) as driver:
        executor = Neo4jExecutor(driver)
        await apply_schema(executor, 384)
        services = build_services(Settings(), executor)
        services.ingest.pipeline.run(meetings[0])  # load and warm the pipelines outside the timing
        total = sum(len(m.messages) for m in meetings)
        for label in ("first ingest", "re-run (idempotent)"):
            started = time.perf_counter()
            decisions = new = related = 0
            for meeting in meetings:
                report = await ingest_conversation(meeting, services.ingest)
                decisions += report.decisions_found
                new += report.new_decisions
                related += report.superseded + report.revisited
            seconds = time.perf_counter() - started
            print(
                f"{label:<20} {total:>7} messages {seconds:>7.2f} s {total / seconds:>7.0f} messages/s  "
                f"decisions {decisions} (new {new}, linked to earlier {related})  round trips {executor.round_trips}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=Path("../shared/data"))
    parser.add_argument("--meetings", type=int, default=40)
    args = parser.parse_args()
    meetings = read_qmsum_meetings(args.shared / "qmsum" / "meetings.jsonl", args.meetings)
    with throwaway_neo4j() as server:
        asyncio.run(_run(server.uri, server.user, server.password, meetings))


if __name__ == "__main__":
    main()
