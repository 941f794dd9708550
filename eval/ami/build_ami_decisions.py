"""Derive ami/meetings.jsonl of the fetched evaluation data (``../eval-data``, kept out of the
repository) from the AMI manual annotations (NXT XML, v1.6.2).

Usage:
    .venv/bin/python eval/ami/build_ami_decisions.py AMI_DIR [--out ../eval-data/ami/meetings.jsonl]

``AMI_DIR`` is an ``ami_public_manual_1.6.2`` folder (words/, dialogueActs/, abstractive/,
extractive/). For every scenario meeting with an abstractive summary, one JSON line: the
meeting's dialogue acts in order of their first word (speaker, start time, words) and, for
each act, the index of the sentence of the summary's ``decisions`` section it is linked to
(``extractive/*.summlink.xml``), or -1. The decision sentences are kept too (what the
annotator wrote was decided), as evidence for a reader, never as a feature.

Reserved meetings (../shared/RESERVED.md) are skipped before any of their files is opened.
A script, not part of the product: the loader is ``nlp.evaluation.ami``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from nlp.evaluation.ami import is_reserved

NITE = "{http://nite.sourceforge.net/}"
_RANGE = re.compile(r"#id\(([^)]+)\)(?:\.\.id\(([^)]+)\))?")
_WORD_NUMBER = re.compile(r"words(\d+)$")


def _words(path: Path) -> dict[str, tuple[float | None, str, bool]]:
    """Word id -> (start time, text, is punctuation), in file order."""
    out: dict[str, tuple[float | None, str, bool]] = {}
    for element in ET.parse(path).getroot():
        if element.tag != "w":
            continue
        start = element.get("starttime")
        out[element.get(f"{NITE}id", "")] = (
            float(start) if start not in (None, "") else None, (element.text or "").strip(), element.get("punc") == "true"
        )
    return out


def _acts(folder: Path, meeting: str) -> list[dict[str, object]]:
    acts: list[dict[str, object]] = []
    for path in sorted((folder / "dialogueActs").glob(f"{meeting}.*.dialog-act.xml")):
        speaker = path.name.split(".")[1]
        words = _words(folder / "words" / f"{meeting}.{speaker}.words.xml")
        order = list(words)
        index = {word_id: i for i, word_id in enumerate(order)}
        for act in ET.parse(path).getroot():
            child = act.find(f"{NITE}child")
            if child is None:
                continue
            match = _RANGE.search(child.get("href", ""))
            if match is None:
                continue
            first, last = match.group(1), match.group(2) or match.group(1)
            if first not in index or last not in index:
                # The range starts or ends on a non-word (a vocal sound): take the words inside it.
                lo, hi = _number(first), _number(last)
                ids = [w for w in order if lo <= _number(w) <= hi]
            else:
                ids = order[index[first] : index[last] + 1]
            text = _join([words[w] for w in ids])
            starts = [words[w][0] for w in ids if words[w][0] is not None]
            if not text or not starts:
                continue
            acts.append({"id": act.get(f"{NITE}id"), "speaker": speaker, "start": min(s for s in starts if s is not None),
                         "text": text})
    acts.sort(key=lambda a: (float(a["start"]), str(a["id"])))  # type: ignore[arg-type]
    return acts


def _number(word_id: str) -> int:
    match = _WORD_NUMBER.search(word_id)
    return int(match.group(1)) if match else -1


def _join(words: list[tuple[float | None, str, bool]]) -> str:
    text = ""
    for _, token, punctuation in words:
        if not token:
            continue
        text += token if punctuation or not text else " " + token
    return text.strip()


def _decisions(folder: Path, meeting: str) -> tuple[list[str], dict[str, int]]:
    """The decision sentences of the meeting's abstractive summary, and sentence id -> index."""
    root = ET.parse(folder / "abstractive" / f"{meeting}.abssumm.xml").getroot()
    sentences: list[str] = []
    ids: dict[str, int] = {}
    for section in root.iter("decisions"):
        for sentence in section.iter("sentence"):
            ids[sentence.get(f"{NITE}id", "")] = len(sentences)
            sentences.append(" ".join((sentence.text or "").split()))
    return sentences, ids


def _links(folder: Path, meeting: str, decision_ids: dict[str, int]) -> dict[str, list[int]]:
    """Dialogue-act id -> the decision sentences it is linked to."""
    path = folder / "extractive" / f"{meeting}.summlink.xml"
    links: dict[str, list[int]] = {}
    if not path.is_file():
        return links
    for link in ET.parse(path).getroot():
        pointers = {p.get("role"): p.get("href", "") for p in link.findall(f"{NITE}pointer")}
        extractive, abstractive = _RANGE.search(pointers.get("extractive", "")), _RANGE.search(pointers.get("abstractive", ""))
        if extractive and abstractive and abstractive.group(1) in decision_ids:
            links.setdefault(extractive.group(1), []).append(decision_ids[abstractive.group(1)])
    return links


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ami_dir", type=Path)
    parser.add_argument("--out", type=Path, default=Path("../eval-data/ami/meetings.jsonl"))
    args = parser.parse_args()
    folder: Path = args.ami_dir
    meetings = sorted(p.name.split(".")[0] for p in (folder / "abstractive").glob("*.abssumm.xml"))
    kept = skipped = 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w") as out:
        for meeting in meetings:
            if is_reserved(meeting):
                skipped += 1
                continue
            sentences, ids = _decisions(folder, meeting)
            links = _links(folder, meeting, ids)
            acts = _acts(folder, meeting)
            rows = [[a["speaker"], round(float(a["start"]), 2), a["text"],  # type: ignore[arg-type]
                     min(links[str(a["id"])]) if str(a["id"]) in links else -1] for a in acts]
            out.write(json.dumps({"meeting": meeting, "decisions": sentences, "acts": rows}, ensure_ascii=False) + "\n")
            kept += 1
    print(f"{kept} meetings written to {args.out}, {skipped} reserved meetings skipped unread", file=sys.stderr)


if __name__ == "__main__":
    main()
