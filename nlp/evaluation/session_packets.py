"""Plain-text labelling packets of the sampled sessions, numbered as the project's readers number them.

A blind reader labels decisions by message position; each packet shows every message the
readers make of a session file as ``[seq] role:`` with its text, tool calls and output in one
or a few lines (``[14] tool: edited src/x.py``) and long code fences shortened, so a label's
position is the message's ``seq`` and maps 1:1 onto what ``ingest`` stores. The packets are
split into batches of whole repositories (three by default), so one reader's batch covers whole
projects. With ``--draw N`` only the repositories ``sources.tsv`` adds in draw N get packets and
batches (numbered from ``--first-batch``), so a later draw leaves the earlier batches as they are.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from nlp.evaluation.session_corpus import read_sources
from nlp.readers import read_conversation
from nlp.schema import TOOL_ROLE, Conversation, Message

FENCE_KEEP = 6
"""Lines of a long code fence shown (a fence of up to twice this is shown whole)."""
TOOL_KEEP = 3
LINE_WIDTH = 200
MESSAGE_CHARS = 6000


def _short(line: str) -> str:
    return line if len(line) <= LINE_WIDTH else line[:LINE_WIDTH] + " …"


def _compact_fences(lines: list[str]) -> list[str]:
    out: list[str] = []
    fence: list[str] | None = None
    for line in lines:
        if line.lstrip().startswith(("```", "~~~")):
            if fence is None:
                fence = [line]
                continue
            fence.append(line)
            body = fence[1:-1]
            if len(body) > 2 * FENCE_KEEP:
                fence = [fence[0], *body[:FENCE_KEEP], f"    … ({len(body) - FENCE_KEEP} more lines)", fence[-1]]
            out.extend(fence)
            fence = None
        elif fence is not None:
            fence.append(line)
        else:
            out.append(line)
    if fence is not None:
        out.extend(fence[: FENCE_KEEP + 1] + ([f"    … ({len(fence) - FENCE_KEEP - 1} more lines)"]
                                              if len(fence) > FENCE_KEEP + 1 else []))
    return out


def render_message(message: Message) -> str:
    """One message: a tool message in a line or a few, talk with its long fences shortened."""
    role = message.role or message.author or "unknown"
    head = f"[{message.seq}] {role}:"
    if role == TOOL_ROLE:
        if message.files:
            return f"{head} edited {', '.join(message.files)}"
        lines = [line.strip() for line in message.content.splitlines() if line.strip()]
        shown = " | ".join(_short(line) for line in lines[:TOOL_KEEP])
        more = f" (… {len(lines) - TOOL_KEEP} more lines)" if len(lines) > TOOL_KEEP else ""
        return f"{head} {shown}{more}"
    text = "\n".join(_short(line) for line in _compact_fences(message.content.splitlines())).strip()
    if len(text) > MESSAGE_CHARS:
        text = text[:MESSAGE_CHARS] + f"\n… (message cut here for the packet: {len(text) - MESSAGE_CHARS} more characters)"
    return f"{head}\n{text}"


def render(conversation: Conversation, repository: str) -> str:
    """A whole packet: a header naming the session, then every message in order."""
    header = [f"session: {conversation.session_id}", f"repository: {repository}",
              f"format: {conversation.source_format}", f"messages: {len(conversation.messages)}",
              "label: session_id<TAB>message_position<TAB>decision<TAB>rejected options<TAB>sure|unsure", "", ""]
    return "\n".join(header) + "\n\n".join(render_message(m) for m in conversation.messages) + "\n"


def batches(sizes: dict[str, int], count: int = 3) -> list[list[str]]:
    """Repositories in ``count`` groups of about equal sessions: largest first, each to the
    group with the fewest so far (the first such on a tie)."""
    groups: list[list[str]] = [[] for _ in range(count)]
    totals = [0] * count
    for repo in sorted(sizes, key=lambda r: (-sizes[r], r)):
        k = totals.index(min(totals))
        groups[k].append(repo)
        totals[k] += sizes[repo]
    return groups


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=Path, default=Path("../eval-data/sessions"))
    parser.add_argument("--draw", type=int, help="only the repositories sources.tsv adds in this draw")
    parser.add_argument("--sources", type=Path, default=Path("eval/sessions/sources.tsv"))
    parser.add_argument("--batches", type=int, default=3, help="how many batches of whole repositories")
    parser.add_argument("--first-batch", type=int, default=1, help="the number of the first batch file")
    args = parser.parse_args(argv)
    out = args.sessions / "packets"
    out.mkdir(exist_ok=True)
    drawn = None if args.draw is None else {s.repo.replace("/", "__") for s in read_sources(args.sources, args.draw)}
    by_repo: dict[str, list[str]] = {}
    for folder in sorted(p for p in args.sessions.iterdir() if p.is_dir() and "__" in p.name
                         and (drawn is None or p.name in drawn)):
        repository = folder.name.replace("__", "/", 1)
        for path in sorted(folder.glob("*.md")):
            conversation = read_conversation(path, "auto")
            (out / f"{path.stem}.txt").write_text(render(conversation, repository), encoding="utf-8")
            by_repo.setdefault(folder.name, []).append(f"{path.stem}.txt")
    for k, group in enumerate(batches({r: len(v) for r, v in by_repo.items()}, args.batches), start=args.first_batch):
        names = [name for repo in sorted(group) for name in by_repo[repo]]
        (out / f"batch{k}.txt").write_text("\n".join(names) + "\n", encoding="utf-8")
        print(f"batch{k}: {len(names)} sessions from {', '.join(sorted(group))}")


if __name__ == "__main__":
    main()
