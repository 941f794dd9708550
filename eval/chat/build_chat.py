#!/usr/bin/env python3
"""Rebuild the real-chat evaluation text: ``<OUT_DIR>/<source>/conversations.jsonl``.

Usage:
    python eval/chat/build_chat.py MIRRORS_OR_SOURCES OUT_DIR [--only SOURCE ...] [--verify LABELS_ROOT]

MIRRORS_OR_SOURCES is a folder that holds the five source repositories, each found as the first
of ``owner+name/repo`` (a bare mirror), ``owner+name``,
``owner/name`` or ``name`` that exists. A git directory (bare or a work tree with .git) is read
at the pinned commit (``git show COMMIT:path``; a missing commit is an error, never replaced by
another); a plain folder without git is read as it is on disk (the commit cannot be checked then,
and a warning says so).

Each record is one conversation: ``{"conversation_id", "title", "source", "messages": [{"author",
"content"}, ...]}``, as ``nlp/evaluation/chat.py`` reads it. The rules of every source are in the
docstrings of the ``build_*`` functions below and in the data folder's README.md.

``--verify LABELS_ROOT`` (``eval/chat``) checks what was built against the label
files' ``conversation_id``, ``anchor`` and ``sha1`` columns only, and against the README totals.

Standard library only (plus the ``git`` program to read mirrors).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import subprocess
import sys
import threading
from pathlib import Path

SOURCES = {
    "monero-dev-irc": ("monero-project/monero-site", "db1cb28c9cb588f5df79b2020a28827a102c4e64"),
    "i2p-dev-irc": ("i2p/i2p.www", "3afd7340f51d53e407986e2d2ca9cf004b708b35"),
    "rust-lang-issues": ("brson/rust-issue-archive", "ea867f0669e90a93b114a63c0cae9f2cac42df69"),
    "tox-dev-meetings": ("tox-user/tox-dev-meetings", "f1d463231d562298720d97106798382673efefee"),
    "chef-community-meetings": ("chef-boneyard/chef-community-slack-meetings", "3eef3eaae06f83cfba43fb1bc45e43abf0cedd7b"),
}
TOTALS = {  # conversations, messages (eval/chat/README.md)
    "monero-dev-irc": (12, 3095),
    "i2p-dev-irc": (15, 2188),
    "rust-lang-issues": (110, 986),
    "tox-dev-meetings": (7, 2310),
    "chef-community-meetings": (11, 1479),
}
LICENCE_FILES = {  # copied verbatim beside the data
    "monero-dev-irc": ["LICENSE"],
    "i2p-dev-irc": ["LICENSE.txt"],
}
RUST_SEED = 20240545
RUST_SAMPLE = 110
RUST_BOTS = {"rust-highfive", "bors", "rfcbot", "rustbot", "rust-timer", "rust-log-analyzer", "highfive"}


# --------------------------------------------------------------------------- repository access


class Source:
    """Files of one repository at one commit (a git directory) or on disk (a plain folder)."""

    def __init__(self, root: Path, repo: str, commit: str):
        owner, name = repo.split("/")
        candidates = [root / f"{owner}+{name}" / "repo", root / f"{owner}+{name}", root / owner / name, root / name]
        found = next((c for c in candidates if c.is_dir()), None)
        if found is None:
            raise SystemExit(f"{repo}: not found under {root} (tried {', '.join(str(c) for c in candidates)})")
        self.repo, self.commit, self.path = repo, commit, found
        self.git_dir: str | None = None
        if (found / "objects").is_dir() and (found / "HEAD").is_file():
            self.git_dir = str(found)
        elif (found / ".git").exists():
            self.git_dir = str(found / ".git")
        if self.git_dir:
            ok = subprocess.run(["git", "--git-dir", self.git_dir, "cat-file", "-e", f"{commit}^{{commit}}"], capture_output=True)
            if ok.returncode != 0:
                raise SystemExit(f"{repo}: the pinned commit {commit} is not in {found}; not substituting another")
        else:
            print(f"warning: {repo}: {found} is not a git directory; reading files as they are, commit {commit} unchecked", file=sys.stderr)

    def files(self, prefix: str = "") -> list[str]:
        if self.git_dir:
            out = subprocess.run(["git", "--git-dir", self.git_dir, "ls-tree", "-r", "-z", "--name-only", self.commit, "--", prefix or "."],
                                 capture_output=True, check=True).stdout.decode("utf-8")
            return sorted(p for p in out.split("\0") if p)
        base = self.path / prefix if prefix else self.path
        return sorted(str(p.relative_to(self.path)) for p in base.rglob("*") if p.is_file() and ".git" not in p.parts)

    def read(self, path: str) -> bytes:
        if self.git_dir:
            return subprocess.run(["git", "--git-dir", self.git_dir, "show", f"{self.commit}:{path}"], capture_output=True, check=True).stdout
        return (self.path / path).read_bytes()

    def text(self, path: str) -> str:
        return self.read(path).decode("utf-8")

    def read_many(self, paths: list[str]) -> dict[str, bytes]:
        """Many files at once (one ``git cat-file --batch``)."""
        if not self.git_dir:
            return {p: (self.path / p).read_bytes() for p in paths}
        # Blob ids from one ls-tree of the folders asked for: ``COMMIT:path`` lookups in a tree of
        # 90,000 entries are slow.
        folders = sorted({p.rsplit("/", 1)[0] if "/" in p else "." for p in paths})
        listing = subprocess.run(["git", "--git-dir", self.git_dir, "ls-tree", "-r", "-z", self.commit, "--", *folders],
                                 capture_output=True, check=True).stdout.decode("utf-8")
        blobs = {}
        for entry in listing.split("\0"):
            if entry:
                meta, path = entry.split("\t", 1)
                blobs[path] = meta.split()[2]
        missing = [p for p in paths if p not in blobs]
        if missing:
            raise SystemExit(f"{self.repo}: not at {self.commit}: {missing[:3]}")
        proc = subprocess.Popen(["git", "--git-dir", self.git_dir, "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

        def feed() -> None:
            assert proc.stdin
            for p in paths:
                proc.stdin.write(f"{blobs[p]}\n".encode())
            proc.stdin.close()

        threading.Thread(target=feed, daemon=True).start()
        out: dict[str, bytes] = {}
        assert proc.stdout
        for p in paths:
            header = proc.stdout.readline().split()
            if len(header) < 3 or header[1] != b"blob":
                raise SystemExit(f"{self.repo}: cannot read {p} at {self.commit}: {header!r}")
            out[p] = proc.stdout.read(int(header[2]))
            proc.stdout.read(1)
        proc.wait()
        return out


def record(cid: str, title: str, origin: str, messages: list[tuple[str | None, str]]) -> dict[str, object]:
    return {"conversation_id": cid, "title": title, "source": origin,
            "messages": [{"author": a, "content": c} for a, c in messages]}


# --------------------------------------------------------------------------- monero-dev-irc

MD_ESCAPE = re.compile(r"\\([!\"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~])")
MONERO_LINE = re.compile(r"^\*\*(\\[<*](?:\\\*|[^*])*)\*\*[ \t]?(.*)$")
MONERO_RELAYS = re.compile(r"relay|slack|matrix|discord|bridge|telegram|mattermost", re.I)


def md_unescape(text: str) -> str:
    """Undo the markdown backslash escapes (CommonMark: any ASCII punctuation) the posting added."""
    return MD_ESCAPE.sub(r"\1", text)


def build_monero(src: Source) -> list[dict[str, object]]:
    """monero-project/monero-site ``_posts/*dev-meeting*.md``, Kovri and tini2p excluded; the posts
    with a log (at least one message line), sorted by date (file name), every fifth from the first.

    A message is a log line that starts with a bold speaker part (``**\\<nick>** text``,
    ``**\\* nick** action``, ``**\\<relay> \\<nick>** text``, ``**\\<i2p-relay> {-nick}** text``);
    other lines (the summary, the few unbolded ``* x has quit`` / client-error lines) are not
    messages. content = the text after the bold part, markdown escapes undone, stripped; an
    action's content is ``* nick action``. author = the nick; where the bold part names two
    (a relay bot, then the real nick) the real nick, unless the first is a person quoting someone
    (``\\<dEBRUYNE> \\<rehrar>``: author dEBRUYNE; the quoted nick is not part of the content).
    """
    posts = [p for p in src.files("_posts") if "dev-meeting" in p.lower() and not re.search(r"kovri|tini2p", p, re.I)]
    logged = []
    for p in sorted(posts, key=lambda p: (p.split("/")[-1][:10], p)):
        lines = src.text(p).split("\n")
        msgs = [m for m in (MONERO_LINE.match(line) for line in lines) if m]
        if msgs:
            logged.append((p, lines))
    if len(logged) != 59:
        raise SystemExit(f"monero: {len(logged)} dev-meeting posts with a log, expected 59")
    out = []
    for p, lines in logged[::5]:
        date = p.split("/")[-1][:10]
        title = next((line.split(":", 1)[1].strip() for line in lines[:10] if line.startswith("title:")), date)
        messages: list[tuple[str | None, str]] = []
        for line in lines:
            m = MONERO_LINE.match(line)
            if not m:
                continue
            speaker, text = md_unescape(m.group(1)).strip(), md_unescape(m.group(2)).strip()
            if speaker.startswith("*"):
                nick = speaker[1:].strip()
                messages.append((nick, f"* {nick} {text}".rstrip()))
                continue
            names = [a or b for a, b in re.findall(r"<([^>]+)>|\{-?([^}]+)\}", speaker)]
            if not names:
                raise SystemExit(f"monero: {p}: unreadable speaker {speaker!r}")
            author = names[-1] if len(names) > 1 and MONERO_RELAYS.search(names[0]) else names[0]
            messages.append((author, text))
        out.append(record(f"monero-dev-{date}", title, f"{src.repo}@{src.commit}:{p}", messages))
    return out


# --------------------------------------------------------------------------- i2p-dev-irc

I2P_MSG = re.compile(r"^\d\d:\d\d(?::\d\d)?\s+<\s*[@+%~&]?([^>]*?)\s*>\s?(.*)$")
I2P_ACTION = re.compile(r"^\d\d:\d\d(?::\d\d)?\s+(\*\s+(\S+).*)$")
I2P_SYSTEM = re.compile(r"^\d\d:\d\d(?::\d\d)?\s+(\*\*\*|-!-)\s")
PIDGIN_TS = r"^\(\d\d:\d\d:\d\d(?: [AP]M)?\) "
PIDGIN_SYSTEM = re.compile(PIDGIN_TS + r"(?:\S+ \[[^\]]*\] entered the room\.|\S+ left the room\b.*|mode \(.*\) by \S+|\S+ is now known as \S+|\S+ has changed the topic to: .*)$")
PIDGIN_ACTION = re.compile(PIDGIN_TS + r"(\*\*\*(\S+).*)$")
PIDGIN_MSG = re.compile(PIDGIN_TS + r"([^\s:]+): ?(.*)$")


def build_i2p(src: Source) -> list[dict[str, object]]:
    """i2p/i2p.www ``i2p2www/meetings/logs/NNN.log`` for NNN = 201, 209, ..., 313 (15 meetings).

    One message per log line: ``HH:MM[:SS]  <nick> text`` and Pidgin's ``(HH:MM:SS PM) nick: text``
    (author nick without mode sigils, content the text stripped); actions ``* nick ...`` and
    Pidgin's ``***nick ...`` are kept (content: the line after its timestamp). Dropped: join, quit
    and mode lines and the other server notices (nick changes ``*** a is now known as b``, a topic
    change) and empty lines. Relay bots (iRelay) are kept as they are.
    """
    out = []
    for n in range(201, 321, 8):
        path = f"i2p2www/meetings/logs/{n}.log"
        rst = f"i2p2www/meetings/logs/{n}.rst"
        title = f"I2P dev meeting {n}"
        try:
            first = src.text(rst).split("\n")[0].strip()
            title = first or title
        except (subprocess.CalledProcessError, FileNotFoundError):
            pass
        messages: list[tuple[str | None, str]] = []
        for line in src.text(path).split("\n"):
            if not line.strip() or I2P_SYSTEM.match(line) or PIDGIN_SYSTEM.match(line):
                continue
            if m := I2P_MSG.match(line):
                messages.append((m.group(1).strip(), m.group(2).strip()))
            elif m := I2P_ACTION.match(line):
                messages.append((m.group(2), m.group(1).strip()))
            elif m := PIDGIN_ACTION.match(line):
                messages.append((m.group(2), m.group(1).strip()))
            elif m := PIDGIN_MSG.match(line):
                messages.append((m.group(1), m.group(2).strip()))
            else:
                raise SystemExit(f"i2p: {path}: unreadable line {line!r}")
        out.append(record(f"i2p-meeting-{n}", title, f"{src.repo}@{src.commit}:{path}", messages))
    return out


# --------------------------------------------------------------------------- rust-lang-issues


def is_bot(user: dict[str, object] | None) -> bool:
    if not user:
        return False
    login = str(user.get("login") or "")
    return user.get("type") == "Bot" or login.endswith("[bot]") or login in RUST_BOTS


def build_rust(src: Source) -> list[dict[str, object]]:
    """brson/rust-issue-archive ``items/NNNNNN-main.json`` / ``-comments.json`` (raw GitHub API).

    Candidates: issues (no ``pull_request`` key) whose ``comments`` count in the main file is 5 to
    19, sorted by number; ``random.Random(20240545).sample(candidates, 110)``. One conversation per
    issue (written in issue-number order): the opening post's body, then the comments in the
    file's order, bot comments dropped (rust-highfive, and any ``type: Bot``/``[bot]``/bors-style
    account). content = the body stripped (a null body is empty); author = the GitHub login;
    title = the issue title.
    """
    mains = [p for p in src.files("items") if p.endswith("-main.json")]
    data = src.read_many(mains)
    candidates = []
    for path, raw in data.items():
        item = json.loads(raw)
        if "pull_request" not in item and 5 <= int(item.get("comments") or 0) <= 19:
            candidates.append(int(path.split("/")[-1][:6]))  # the file's number (two files hold a moved issue's number)
    candidates.sort()
    chosen = random.Random(RUST_SEED).sample(candidates, RUST_SAMPLE)
    out = []
    for number in sorted(chosen):
        main_path = f"items/{number:06d}-main.json"
        comments_path = f"items/{number:06d}-comments.json"
        item = json.loads(data[main_path])
        comments = json.loads(src.read(comments_path))
        messages: list[tuple[str | None, str]] = [((item.get("user") or {}).get("login"), (item.get("body") or "").strip())]
        for c in comments:
            if not is_bot(c.get("user")):
                messages.append(((c.get("user") or {}).get("login"), (c.get("body") or "").strip()))
        out.append(record(f"rust-issue-{number}", str(item.get("title") or number), f"{src.repo}@{src.commit}:{main_path}", messages))
    return out


# --------------------------------------------------------------------------- tox-dev-meetings

TOX_RELAY_BOTS = re.compile(r"^(toxync\d*-?|toxirc|Toxit)$")
TOX_IRC_LINE = re.compile(r"^\s*<([^>]+)>\t(.*)$")
TOX_IRC_DROP = re.compile(r"^\s*(The meeting (started|ended|finished) at .*|\[\d\d:\d\d:\d\d [A-Z]+\] .*|Modus\t.*)$")
TOX_RELAY_TOX = re.compile(r"^\[([^\]@]*)@tox\] ?(.*)$", re.S)
TOX_RELAY_IRC = re.compile(r"^\[([^\]@]*)@irc\] ?(.*)$", re.S)
TOX_RELAY_ANGLE = re.compile(r"^<([^>]+)> ?(.*)$", re.S)
TOX_COLON_LINE = re.compile(r"^([^\s:]+): (.*)$")


def tox_resolve(author: str, text: str) -> tuple[str | None, str]:
    """A relay bot's ``[nick@tox] text``, ``[nick@irc] text`` or ``<nick> text``: the real sender
    (None when the bridge left the name empty, ``[@tox]``)."""
    if TOX_RELAY_BOTS.match(author):
        for rx in (TOX_RELAY_TOX, TOX_RELAY_IRC, TOX_RELAY_ANGLE):
            if m := rx.match(text):
                return (m.group(1).strip() or None), m.group(2)
    return author, text


def tox_irc(text: str, where: str) -> list[tuple[str | None, str]]:
    messages = []
    for line in text.split("\n"):
        if m := TOX_IRC_LINE.match(line):
            author, body = tox_resolve(m.group(1).strip(), m.group(2).strip())
            messages.append((author, body.strip()))
        elif line.strip() and not TOX_IRC_DROP.match(line):
            raise SystemExit(f"tox: {where}: unreadable line {line!r}")
    return messages


def tox_colon(text: str, where: str) -> list[tuple[str | None, str]]:
    messages: list[list] = []
    for line in text.split("\n"):
        if m := TOX_COLON_LINE.match(line):
            author, body = tox_resolve(m.group(1), m.group(2))
            messages.append([author, body.strip()])
        elif line.strip():
            if not messages:
                raise SystemExit(f"tox: {where}: a continuation before any message: {line!r}")
            messages[-1][1] += "\n" + line.rstrip()
    return [(a, b) for a, b in messages]


def tox_blocks(text: str, where: str) -> list[tuple[str | None, str]]:
    """qTox copy: blocks separated by blank lines, a block = sender line + message lines."""
    messages: list[list] = []
    for block in (b for b in re.split(r"\n\s*\n", text) if b.strip()):
        lines = block.split("\n")
        if len(lines) > 1 and re.fullmatch(r"\S+", lines[0]):
            author, body = lines[0], "\n".join(lines[1:])
            if TOX_RELAY_BOTS.match(author) and (m := TOX_COLON_LINE.match(body)):
                author, body = m.group(1), body[m.end(1) + 2:]
            messages.append([author, body.strip()])
        else:
            if not messages:
                raise SystemExit(f"tox: {where}: a continuation block before any message")
            messages[-1][1] += "\n\n" + block.strip()
    return [(a, b) for a, b in messages]


def build_tox(src: Source) -> list[dict[str, object]]:
    """tox-user/tox-dev-meetings: every log file in the ``YYYY-MM-DD/`` folders (all but the
    folders' README.md summaries), one conversation per log, by date. Three shapes:

    - IRC client logs (``<nick>\\tTEXT``; 2018-06-23, 07-07, 07-14): one message per such line;
      the header/footer ``The meeting started/ended at``, the two lines of another client's
      format (``[21:42:27 CEST] ...``: an action and a quit) and ``Modus`` (mode) lines dropped.
    - ``name: text`` lines (2018-07-21, 08-11, 08-18): one message per line; a line without a
      ``name:`` prefix continues the message before it (joined by a newline).
    - qTox copy (2018-06-30): blocks separated by blank lines, a block whose first line is one
      word (the sender) and has text after it is one message (its lines joined by newlines); any
      other block (code or a list cut by a blank line, a lone ```` ``` ````, the block of the
      sender ``Tristan B. Kildaire (Mobile)``, whose name has spaces) is appended to the message
      before it after a blank line.

    Relay bots' prefixes are resolved to the real sender: toxync* ``[nick@tox]``/``[nick@irc]``,
    toxirc ``<nick>`` or ``nick: ``, Toxit ``<nick>``; the bridge's unnamed ``[@tox]`` gets no
    author. People who paste others' lines (Anthony's ``>nick: ...`` quotes, sudd3n6's
    ``[20:05] <iphy> ...``) are kept as they wrote them. content = stripped; no timestamps.
    """
    logs = [p for p in src.files() if re.match(r"^\d{4}-\d\d-\d\d/", p) and p.split("/")[-1] != "README.md"]
    out = []
    for path in sorted(logs):
        date = path[:10]
        text = src.text(path)
        if any(TOX_IRC_LINE.match(line) for line in text.split("\n")):
            messages = tox_irc(text, path)
        elif TOX_COLON_LINE.match(text.split("\n")[0]):
            messages = tox_colon(text, path)
        else:
            messages = tox_blocks(text, path)
        out.append(record(f"tox-meeting-{date}", f"Tox dev meeting {date}", f"{src.repo}@{src.commit}:{path}", messages))
    return out


# --------------------------------------------------------------------------- chef-community-meetings

CHEF_IRC_MSG = re.compile(r"^\d\d:\d\d\s+<[ @+%~&]?([^>]+)> ?(.*)$")
CHEF_IRC_ACTION = re.compile(r"^\d\d:\d\d\s+(\*\s+(\S+).*)$")
CHEF_IRC_NOTICE = re.compile(r"^\d\d:\d\d\s+-!-\s")
SLACK_HEADER = re.compile(r"^(?:(\S+) )?\[?(\d{1,2}:\d\d)(?: [AP]M)?\]\s*$")
SLACK_JOIN = re.compile(r"^(joined|left) #\S+( by invitation from @\S+)?$")


def chef_irc(text: str, where: str) -> list[tuple[str | None, str]]:
    messages = []
    for line in text.split("\n"):
        if not line.strip() or CHEF_IRC_NOTICE.match(line):
            continue
        if m := CHEF_IRC_MSG.match(line):
            messages.append((m.group(1).strip(), m.group(2).strip()))
        elif m := CHEF_IRC_ACTION.match(line):
            messages.append((m.group(2), m.group(1).strip()))
        else:
            raise SystemExit(f"chef: {where}: unreadable line {line!r}")
    return messages


def chef_slack(text: str) -> list[tuple[str | None, str]]:
    blocks: list[list] = []
    author = None
    for line in text.split("\n"):
        if m := SLACK_HEADER.match(line):
            author = m.group(1) or author
            blocks.append([author, []])
        elif blocks:
            blocks[-1][1].append(line)
        # text before the first header (a bare "**** MEETING BEGINS *****") has no sender: dropped
    messages = []
    for author, lines in blocks:
        body = "\n".join(lines).strip()
        if body and not SLACK_JOIN.match(body):
            messages.append((author, body))
    return messages


def build_chef(src: Source) -> list[dict[str, object]]:
    """chef-boneyard/chef-community-slack-meetings: the ``*transcript.txt`` files with at least 20
    lines (64 of 66), sorted by date (file name), every sixth from the first (11).

    IRC transcripts (to May 2016): one message per ``HH:MM <nick> text`` line (mode sigil dropped
    from the nick) and per action ``HH:MM  * nick ...`` (content: the line after the time);
    ``-!-`` join/part/quit/nick lines and empty lines dropped.
    Slack transcripts (text copied from the client): a header ``name [12:01 PM]`` or a bare
    ``[12:02]`` (the same sender again; also a broken ``12:00]``) starts a message, whose content
    is every line up to the next header (link previews included), joined by newlines and
    stripped; ``joined #channel`` notices, empty messages and text before the first header are
    dropped. content stripped.
    """
    transcripts = [p for p in src.files() if p.endswith("transcript.txt")]
    kept = []
    for p in sorted(transcripts, key=lambda p: (p.split("/")[-1][:10], p)):
        text = src.text(p)
        if len(text.split("\n")) >= 20:
            kept.append((p, text))
    if len(kept) != 64:
        raise SystemExit(f"chef: {len(kept)} transcripts with at least 20 lines, expected 64")
    out = []
    for p, text in kept[::6]:
        date = p.split("/")[-1][:10]
        first = next(line for line in text.split("\n") if line.strip())
        messages = chef_irc(text, p) if re.match(r"^\d\d:\d\d\s", first) else chef_slack(text)
        out.append(record(f"chef-meeting-{date}", f"Chef community meeting {date}", f"{src.repo}@{src.commit}:{p}", messages))
    return out


BUILDERS = {
    "monero-dev-irc": build_monero,
    "i2p-dev-irc": build_i2p,
    "rust-lang-issues": build_rust,
    "tox-dev-meetings": build_tox,
    "chef-community-meetings": build_chef,
}


# --------------------------------------------------------------------------- verification


def verify(name: str, records: list[dict[str, object]], labels_root: Path) -> bool:
    """Totals against the README; every label row's anchor sha1 against the text (reads only the
    conversation_id, anchor and sha1 columns)."""
    by_id = {str(r["conversation_id"]): r["messages"] for r in records}
    n_msgs = sum(len(r["messages"]) for r in records)  # type: ignore[arg-type]
    ok = bad = 0
    labels = labels_root / name / "labels.tsv"
    if labels.is_file():
        for line in labels.read_text(encoding="utf-8").splitlines()[1:]:
            if not line.strip():
                continue
            cells = line.split("\t")
            cid, anchor, sha1 = cells[0], int(cells[1]), cells[4]
            msgs = by_id.get(cid)
            good = msgs is not None and anchor < len(msgs) and \
                hashlib.sha1(str(msgs[anchor]["content"]).encode("utf-8")).hexdigest()[:12] == sha1
            ok += good
            bad += not good
            if not good:
                print(f"  {name}: {cid} message {anchor}: sha1 differs or missing", file=sys.stderr)
    want = TOTALS[name]
    passed = (len(records), n_msgs) == want and bad == 0
    print(f"{name}: conversations {len(records)}/{want[0]}, messages {n_msgs}/{want[1]}, anchors {ok}/{ok + bad} -> {'OK' if passed else 'MISMATCH'}")
    return passed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", type=Path, help="folder holding the source repositories, each as owner+name/repo, owner+name, owner/name or name")
    parser.add_argument("out", type=Path, help="evaluation data folder for chat (../eval-data/chat)")
    parser.add_argument("--only", action="append", choices=sorted(BUILDERS), help="build only this source (repeatable)")
    parser.add_argument("--verify", type=Path, metavar="LABELS_ROOT", help="check anchors and totals against LABELS_ROOT/<source>/labels.tsv")
    args = parser.parse_args()
    passed = True
    for name in args.only or list(BUILDERS):
        repo, commit = SOURCES[name]
        src = Source(args.sources, repo, commit)
        records = BUILDERS[name](src)
        folder = args.out / name
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / "conversations.jsonl").open("w", encoding="utf-8", newline="\n") as f:
            for r in records:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        for lic in LICENCE_FILES.get(name, []):
            (folder / lic).write_bytes(src.read(lic))
        n = sum(len(r["messages"]) for r in records)  # type: ignore[arg-type]
        print(f"{name}: wrote {len(records)} conversations, {n} messages to {folder / 'conversations.jsonl'}")
        if args.verify:
            passed &= verify(name, records, args.verify)
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
