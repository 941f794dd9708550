"""The pool of real sessions whose decision-to-file links are drawn for issue 46's blind check.

The labelled detection set (``eval/sessions``) keeps only each session's first 60 KB, so most
edits that followed a decision were cut off: its 47 development sessions give too few links
for a sample of 50. This pool takes every non-trivial session of its repositories **whole**
(the same cut into sessions, the same "at least 4 talking turns" rule, no trimming), at most
``PER_REPOSITORY`` of them per repository by the detection set's seeded draw (so no one
project's habits make most of a sample of 50 links), writes each as ``<out>/<owner>__<repo>/<session-id>.md`` byte for byte, and lists
their provenance in ``FILES.tsv`` (the columns of ``eval/sessions/FILES.tsv``). The owners of
the detection set's final split are left out, as ``eval session-links`` leaves them out.
With ``--clones`` it also makes each repository's checkout at its pinned commit, which the
evaluation ingests the sessions with. Nothing here is mixed into ``eval/sessions/labels.tsv``.

Usage: ``python -m nlp.evaluation.session_link_pool --mirrors MIRRORS --out POOL --clones POOL/clones
--as-listed`` (``MIRRORS/<owner>+<name>/repo`` a bare clone of each repository of ``--sources``;
``--as-listed`` rebuilds the pool ``FILES.tsv`` lists, without it the pool is drawn again).
"""

from __future__ import annotations

import argparse
import subprocess
from collections.abc import Sequence
from pathlib import Path

from nlp.evaluation.corpus import is_final
from nlp.evaluation.session_corpus import (
    MIN_USER_TURNS,
    PER_REPOSITORY,
    SEED,
    Session,
    Source,
    draw,
    files_row,
    mirrored_files,
    pieces_of,
    read_sources,
    user_turns,
    write_sessions,
)


def whole_sessions(source: Source, path: str, text: str) -> list[Session]:
    """Every session of one history file with at least ``MIN_USER_TURNS`` talking turns, untrimmed."""
    out = []
    for start, started, piece in pieces_of(source, path, text):
        talking = sum(talk for _, talk in user_turns(source.fmt, piece.splitlines(keepends=True)))
        if talking >= MIN_USER_TURNS:
            out.append(Session(source, path, start, started, piece, len(piece.encode())))
    return out


def pool_sources(sources: Sequence[Source]) -> list[Source]:
    """``sources`` without the repositories of the final split's owners."""
    return [s for s in sources if not is_final(s.repo.split("/", 1)[0])]


def listed(eligible: Sequence[Session], files: Path) -> list[Session]:
    """The sessions ``files`` lists, in its order, each checked against its sha256.

    Why: the pool was drawn while a repository since removed (its owner is reserved) was
    still listed; the seeded draw over today's sources picks other sessions of one
    repository, so the pool is rebuilt from its list.

    Raises:
        SystemExit: A listed session is not among the eligible ones, or its text differs.
    """
    by_key = {(s.source.repo, s.path, s.start_line): s for s in eligible}
    found = []
    for line in files.read_text(encoding="utf-8").splitlines()[1:]:
        repo, _, path, start, *_, sha = line.split("\t")
        session = by_key.get((repo, path, int(start)))
        if session is None or files_row(session).rsplit("\t", 1)[-1] != sha:
            raise SystemExit(f"{files}: {repo} {path} (line {start}) is not in the mirrors as listed")
        found.append(session)
    return found


def checkout(git_dir: Path, commit: str, target: Path, repo: str) -> None:
    """A work tree of ``git_dir`` at ``commit`` in ``target`` (cloned only when it is not
    there), whose ``origin`` is the repository's public address, as a user's clone has it:
    the journal names the repository by it, and a session that states no working directory
    is read under the folder called as the repository is (``nlp.session_paths``)."""
    if not (target / ".git").exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "clone", "--quiet", "--no-checkout", str(git_dir), str(target)], check=True)
        subprocess.run(["git", "-C", str(target), "checkout", "--quiet", "--detach", commit], check=True)
    subprocess.run(["git", "-C", str(target), "remote", "set-url", "origin", f"https://github.com/{repo}.git"],
                   check=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sources", type=Path, default=Path("eval/session_links/sources.tsv"))
    parser.add_argument("--mirrors", type=Path, required=True, help="folder of bare clones, owner+name/repo")
    parser.add_argument("--out", type=Path, default=Path("../eval-data/sessions_links"))
    parser.add_argument("--files", type=Path, default=Path("eval/session_links/FILES.tsv"))
    parser.add_argument("--clones", type=Path, help="also make each repository's checkout here, <owner>__<repo>")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--per-repository", type=int, default=PER_REPOSITORY)
    parser.add_argument("--as-listed", action="store_true",
                        help="write the sessions --files lists (the pool as it was drawn) instead of drawing again; "
                             "--files is read, not rewritten")
    args = parser.parse_args(argv)
    eligible: list[Session] = []
    git_dirs: dict[str, Path] = {}
    for source in pool_sources(read_sources(args.sources)):
        git_dirs[source.repo], files = mirrored_files(args.mirrors, source)
        eligible.extend(s for path, text in files for s in whole_sessions(source, path, text))
    if args.as_listed:
        found = listed(eligible, args.files)
        write_sessions(found, args.out, args.out / "FILES.tsv")
    else:
        found = draw(eligible, args.seed, args.per_repository)
        write_sessions(found, args.out, args.files)
    for repo in sorted({s.source.repo for s in found}):
        commit = next(s.source.commit for s in found if s.source.repo == repo)
        if args.clones is not None:
            checkout(git_dirs[repo], commit, args.clones / repo.replace("/", "__"), repo)
        print(f"{repo}: {sum(s.source.repo == repo for s in found)} of "
              f"{sum(s.source.repo == repo for s in eligible)} eligible sessions")
    print(f"{len(found)} sessions in the pool, of {len(eligible)} eligible")


if __name__ == "__main__":
    main()
