"""Score an older commit's detector on the same real data and with the same harness as
``decision-journal eval detect``: the "before" rows of
docs/experiments/2026-11-25-detection-variants.md.

Usage:
    git worktree add /tmp/old 52a9b0c        # the commit whose detector to score
    .venv/bin/python eval/score_old_detector.py /tmp/old [--final]

The old tree's ``nlp`` runs in a child process (its own ``sys.path``), reads the labelled
meetings this tree loads, and returns the first message of each decision it extracts;
this tree scores them. A script, not part of the product.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from nlp.evaluation.labelled_sources import Places, load_labelled
from nlp.evaluation.source_scores import score_detected

_CHILD = """
import json, sys
sys.path.insert(0, sys.argv[1])
from nlp.language import load_language
from nlp.pipeline import OfflinePipeline
from nlp.schema import Conversation, Message
pipeline = OfflinePipeline(load_language())
found = {}
for line in open(sys.argv[2]):
    item = json.loads(line)
    messages = tuple(Message(id=f"{item['session']}#{i}", seq=i, author=a, content=t, topic=topic)
                     for i, (a, t, topic) in enumerate(item["messages"]))
    conversation = Conversation(session_id=item["session"], source_format=item["format"], messages=messages)
    found[item["session"]] = [min(d.messages) for d in pipeline.run(conversation).decisions if d.messages]
json.dump(found, open(sys.argv[3], "w"))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old_tree", type=Path, help="a checkout of the commit whose detector to score")
    parser.add_argument("--shared", type=Path, default=Path("../shared/data"))
    parser.add_argument("--final", action="store_true", help="score the final split instead of the groups")
    args = parser.parse_args()
    meetings = [m for m in load_labelled(Places(Path("eval"), args.shared)) if m.final == args.final]
    with tempfile.TemporaryDirectory() as folder:
        dump, out = Path(folder) / "meetings.jsonl", Path(folder) / "found.json"
        with dump.open("w") as lines:
            for meeting in meetings:
                c = meeting.conversation
                lines.write(json.dumps({"session": c.session_id, "format": c.source_format,
                                        "messages": [[m.author, m.content, m.topic] for m in c.messages]}) + "\n")
        subprocess.run([sys.executable, "-c", _CHILD, str(args.old_tree.resolve()), str(dump), str(out)],
                       check=True, cwd=folder)
        found = json.loads(out.read_text())
    for scores in score_detected(meetings, found):
        views = [(scores.source, scores.score)]
        if scores.non_routine is not None:
            views = [(f"{scores.source} (non-routine)", scores.non_routine), (f"{scores.source} (all)", scores.score)]
        for name, folded in views:
            pooled, (mean, sd) = folded.pooled, folded.spread("f1")
            print(f"{name:<24}P {pooled.precision:.3f}  R {pooled.recall:.3f}  F1 {pooled.f1:.3f}  "
                  f"by group {mean:.3f} ± {sd:.3f}  found {pooled.found}/{pooled.units}  detections {pooled.predicted}")


if __name__ == "__main__":
    main()
