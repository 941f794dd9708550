"""``python -m nlp.evaluation.w3c_build MIRRORS OUT``: write ``OUT/w3c`` and ``OUT/w3c_unseen``.

``MIRRORS`` holds a git copy of each source as ``owner+name/repo``; ``OUT`` is the evaluation data
folder beside the clone (``../eval-data``): the built data is derived from fetched repositories and
is never committed (``eval/w3c/README.md``).
Each split gets ``meetings.jsonl`` and ``licenses/<owner>__<name>/`` (the licence files,
verbatim); the sources' table for the README is printed.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from nlp.evaluation.w3c_build.build import GitMirror, SourceReport, build_split
from nlp.evaluation.w3c_build.report import checks_table, draw, group_checks, show, source_table
from nlp.evaluation.w3c_build.sources import SOURCES, Split

FOLDERS: dict[Split, str] = {"dev": "w3c", "unseen": "w3c_unseen"}


def write_split(reports: list[SourceReport], folder: Path, mirrors: Path) -> None:
    """The split's ``meetings.jsonl`` and licence files under ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "meetings.jsonl").open("w", encoding="utf-8") as out:
        for report in reports:
            for record in report.kept:
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
    for report in reports:
        source = report.source
        target = folder / "licenses" / source.repo.replace("/", "__")
        target.mkdir(parents=True, exist_ok=True)
        mirror = GitMirror.under(mirrors, source)
        for name in source.license_files:
            (target / name).write_bytes(mirror.read(source.commit, name))


def main(argv: list[str] | None = None) -> None:
    """Build both splits and print each one's sources table."""
    parser = argparse.ArgumentParser(prog="python -m nlp.evaluation.w3c_build", description=__doc__)
    parser.add_argument("mirrors", type=Path, help="folder with owner+name/repo git copies of the sources")
    parser.add_argument("out", type=Path, help="the evaluation data folder, ../eval-data (w3c/ and w3c_unseen/ are written below it)")
    parser.add_argument("--show", type=int, default=0, metavar="N", help="print N resolutions per group, drawn at random, with their context")
    parser.add_argument("--seed", type=int, default=45, help="seed of the --show draw")
    args = parser.parse_args(argv)
    for split, name in FOLDERS.items():
        reports = build_split([s for s in SOURCES if s.split == split], args.mirrors)
        write_split(reports, args.out / name, args.mirrors)
        records = [record for report in reports for record in report.kept]
        print(f"## {name}\n\n{source_table(reports)}\n\n{checks_table(group_checks(records))}\n")
        for report in reports:
            for path, problem in report.unreadable.items():
                print(f"not read (no minutes lines): {report.source.repo}:{path}: {problem}")
            for path in report.duplicates:
                print(f"second copy left out: {report.source.repo}:{path}")
        for record, resolution in draw(records, args.show, args.seed) if args.show else []:
            print(f"\n{show(record, resolution)}")


if __name__ == "__main__":
    main()
