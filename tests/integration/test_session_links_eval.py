"""eval session-links against the real Neo4j: a self-written aider session ingested with its
temporary git repository through the real path; the decision's session-edit link is read
back with its positions, drawn onto the sheet and scored; a final-split owner's session is
never ingested."""

from __future__ import annotations

import csv
from pathlib import Path

from pydantic import SecretStr

from api.settings import Neo4jSettings, Settings
from api.usecases.session_links_eval import collect_session_links, session_sets
from graph.executor import Neo4jExecutor
from nlp.evaluation.session_links import draw, links_of, score_sheet, write_sheet
from tests.graph_fixtures import Neo4jServer
from tests.support.git import git

SESSION = """# aider chat started at 2025-06-03 10:15:42

> /home/dev/.local/bin/aider --model sonnet
> Aider v0.82.1
> Git repo: .git with 3 files
> Added notes/api.py to the chat.

#### Should the API return dates as ISO strings or epoch seconds?

ISO 8601 strings are readable in logs and carry the zone; epoch seconds are smaller but
ambiguous about milliseconds. I would use ISO strings.

#### ok, let's use ISO 8601 strings everywhere and drop epoch seconds.
#### Update the serializer.

I'll change the serializer.

notes/api.py
```python
<<<<<<< SEARCH
    return int(when.timestamp())
=======
    return when.isoformat()
>>>>>>> REPLACE
```

> Tokens: 2.1k sent, 180 received.
> Applied edit to notes/api.py
> Commit 4e5f6a7 feat: Return ISO 8601 dates

#### thanks, and what does the README say about dates?

It says nothing yet.

#### fine, leave it.

Ok.
"""


def _repository(root: Path) -> Path:
    (root / "notes").mkdir(parents=True)
    git(root, "init", "-q")
    (root / "notes" / "api.py").write_text("def serialize(when):\n    return int(when.timestamp())\n")
    (root / "README.md").write_text("# shop\n")
    git(root, "add", ".")
    git(root, "commit", "-qm", "start", date="2025-06-01T10:00:00+00:00")
    return root


async def test_the_command_s_core_finds_the_link_a_session_s_edit_makes(
    neo4j_server: Neo4jServer, executor: Neo4jExecutor, tmp_path: Path,
) -> None:
    sessions, clones = tmp_path / "sessions", tmp_path / "clones"
    for folder in ("cedar__shop", "quill__tool"):  # quill: an owner of the final split
        (sessions / folder).mkdir(parents=True)
        (sessions / folder / f"{folder.split('__')[1]}-aider-1.md").write_text(SESSION)
        _repository(clones / folder)
    (sessions / "packets").mkdir()

    sets = session_sets(sessions, clones)
    assert [s.folder for s in sets] == ["cedar__shop"]
    settings = Settings(neo4j=Neo4jSettings(uri=neo4j_server.uri, user=neo4j_server.user,
                                            password=SecretStr(neo4j_server.password)))
    run = await collect_session_links(executor, settings, sets)

    [session] = run.sessions
    assert (session.session, session.error, session.edits, session.unmapped) == ("shop-aider-1", None, 1, ())
    assert run.commits["cedar__shop"] == git(clones / "cedar__shop", "rev-parse", "HEAD").strip()
    [link] = links_of(run.decisions)
    decision = link.decision
    assert (decision.repository, decision.session, link.file.path) == ("cedar__shop", "shop-aider-1", "notes/api.py")
    assert "iso" in decision.summary.lower()
    assert link.edited_in and link.edited_in[0] > max(decision.messages)
    assert f"(message {max(decision.messages)})" in link.file.evidence

    sheet = tmp_path / "draw.tsv"
    write_sheet(sheet, draw(links_of(run.decisions), 50, seed=46), "1 link", sessions / "packets")
    text = sheet.read_text().replace("\t\n", "\tyes\n")
    sheet.write_text(text)
    [row] = csv.DictReader([line for line in text.splitlines() if not line.startswith("#")], delimiter="\t")
    assert (row["session"], row["file"], row["edited_in"]) == ("shop-aider-1", "notes/api.py", str(link.edited_in[0]))
    pooled = score_sheet(sheet).pooled
    assert (pooled.right, pooled.read) == (1, 1)
