"""Links a repository's history shows: the code changed together with a decision's
document, and the code of commits whose message names a decision."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import PurePosixPath

from nlp.code_links.model import CodeLink, DecisionText
from nlp.code_links.tree import RepoTree, common_directories, is_code, is_test_support, is_written_beside
from nlp.git_command import PathHistory
from nlp.plural import plural

MAX_DOCUMENTS = 3
"""A commit that adds or edits more decision documents than this imports a collection (or
reformats it): the code it changes says nothing about any one of them."""

BODY_MENTION = 0.45
"""How strong a commit's naming of a decision is when only its longer message names it
("… the real in-memory provider (per ADR 0012) surfaced …"): in passing, mostly."""

CARRIED_OUT = timedelta(days=30)
"""How long after a decision's document is added a later edit of it, with code beside it,
still tells what the decision governs: while the decision is being carried out, the
document is revised as the code shows what it takes. Later edits are mostly about the text
(a status, fixed links, a release's round of documentation) and the code beside them is
another change's; they count as ``LATE_EDIT``. Set looking at the labelled repositories (the
later edits that linked correctly were within 25 days of the addition, most wrong ones months
after), not chosen inside the folds."""
LATE_EDIT = 0.45
"""How strong a later edit's code is (below the floor: kept only as weak evidence)."""

_ISSUE_URL = re.compile(r"https?://[^/\s]+/([\w.\-]+/[\w.\-]+)/(?:-/)?(?:issues|pull|merge_requests)/(\d{1,6})\b")
_ISSUE_REF = re.compile(r"(?<![\w/&])#([1-9]\d{1,5})\b")
"""An issue named by number: ``#123``, never ``#001`` (an ADR's own number, "ADR #001")."""
_LINKED_TEXT = re.compile(r"\[[^\]\n]{0,80}\]\(\s*<?(https?://[^)\s>]+)>?[^)]*\)")

Mentions = Callable[[str], Sequence[str]]


def size_weight(code_paths: int) -> float:
    """How much a commit's code says about one decision, by how much code it changed:
    a focused change is about the decision, a sweeping one mostly about other things."""
    if code_paths <= 10:
        return 1.0
    if code_paths <= 30:
        return 0.8
    if code_paths <= 80:
        return 0.55
    return 0.0


class Renames:
    """The renames in a history (newest first, as ``history_of`` returns it): what a path
    is called today, and where a directory's files went."""

    def __init__(self, history: Sequence[PathHistory]) -> None:
        self._later: dict[str, str] = {}
        for commit in history:  # newest first: the first rename seen of a path is its last
            for old, new in commit.renames:
                self._later.setdefault(old, new)

    def __call__(self, path: str) -> str:
        """``path``'s name today (itself when it was never renamed)."""
        seen = {path}
        while path in self._later and self._later[path] not in seen:
            path = self._later[path]
            seen.add(path)
        return path

    def moved(self, directory: str) -> str | None:
        """Where the files once under ``directory`` (ending in ``/``) mostly went: the
        directory they share today, when one holds most of them."""
        targets: dict[str, int] = {}
        moved = [old for old in self._later if old.startswith(directory)]
        for old in moved:
            new, tail = self(old), old[len(directory):]
            if new.endswith(tail) and len(new) > len(tail):
                head = new[: len(new) - len(tail)]
                targets[head] = targets.get(head, 0) + 1
        if not targets:
            return None
        head, count = max(targets.items(), key=lambda item: item[1])
        return head if count * 2 > len(moved) else None


def document_commit_links(
    decisions: Sequence[DecisionText], history: Sequence[PathHistory], tree: RepoTree, documents: Sequence[str],
    merged: Mapping[str, str] | None = None,
) -> list[CodeLink]:
    """The code changed by the commits that add or change a decision's document, or by the
    other commits of the pull request that adds it.

    The commit that adds an ADR often implements it ("Add ADR 0030 and move the models to
    django-fsm"); a later commit that edits it along with code usually revises what it
    governs. A pull request merged with a merge commit may add the ADR in a commit of its own
    and carry it out in its other commits: when the commit that adds it changes no code, the
    code of the pull request's other commits counts, a step weaker (``PULL_REQUEST``). Code
    paths are followed through later renames and gathered into the directories they cluster in.

    Args:
        documents: Folders of decision documents (their files are never code).
        merged: A commit → the merge that brought it into the main line (``merged_by``);
            none: every commit stands alone.
    """
    merged = merged or {}
    branch: dict[str, list[PathHistory]] = {}
    for commit in history:
        if commit.sha in merged:
            branch.setdefault(merged[commit.sha], []).append(commit)
    current = Renames(history)
    by_path: dict[str, list[DecisionText]] = {}
    for decision in decisions:
        if decision.source_path:
            by_path.setdefault(decision.source_path, []).append(decision)
    written: dict[str, datetime] = {}
    for commit in history:  # newest first: the last one seen added it first
        for path in commit.added:
            if current(path) in by_path:
                written[current(path)] = _aware(commit.date)
    links: list[CodeLink] = []
    for commit in history:
        touched = [d for path in commit.changed for d in by_path.get(current(path), ())]
        touched = list({d.id: d for d in touched}.values())
        if not touched or len(touched) > MAX_DOCUMENTS:
            continue
        code = _code_paths(commit.changed, tree, documents, current)
        weight = size_weight(len(code))
        if code and weight:
            for decision in touched:
                assert decision.source_path is not None
                added = any(current(p) == decision.source_path for p in commit.added)
                since = written.get(decision.source_path)
                carried_out = since is not None and _aware(commit.date) - since <= CARRIED_OUT
                confidence = round((0.85 if added else 0.65 if carried_out else LATE_EDIT) * weight, 2)
                verb = "added" if added else "changed" if carried_out else "later edited"
                for path in common_directories(code, tree):
                    links.append(CodeLink(
                        decision.id, path, "decision-document commit", confidence,
                        f"commit {commit.sha[:7]} {verb} {PurePosixPath(decision.source_path).name} and changed "
                        f"{_some(code, path)}", (commit.sha,),
                    ))
        elif not code and commit.sha in merged:
            links += _pull_request_links(touched, commit, branch[merged[commit.sha]], merged[commit.sha], tree, documents, current)
    return links


PULL_REQUEST = 0.8
"""How much the code of a pull request's other commits weighs against code changed in the
commit that adds the decision: one commit removed, one step of ``size_weight`` less."""


def _pull_request_links(
    touched: Sequence[DecisionText], commit: PathHistory, branch: Sequence[PathHistory], merge: str, tree: RepoTree,
    documents: Sequence[str], current: Renames,
) -> list[CodeLink]:
    """The code the other commits of ``commit``'s pull request (``branch``, merged in
    ``merge``) changed, for the decisions whose documents ``commit`` adds."""
    added = [d for d in touched if any(current(p) == d.source_path for p in commit.added)]
    others = [c for c in branch if c.sha != commit.sha]
    code = sorted({p for c in others for p in _code_paths(c.changed, tree, documents, current)})
    weight = size_weight(len(code)) * PULL_REQUEST
    if not added or not code or not weight:
        return []
    links: list[CodeLink] = []
    for decision in added:
        assert decision.source_path is not None
        for path in common_directories(code, tree):
            rests_on = tuple(c.sha for c in others if any(_under(current(p), path) for p in c.changed))
            links.append(CodeLink(
                decision.id, path, "decision-document commit", round(0.85 * weight, 2),
                f"the pull request merged in {merge[:7]} added {PurePosixPath(decision.source_path).name} "
                f"(commit {commit.sha[:7]}) and changed {_some(code, path)}", (commit.sha, *rests_on),
            ))
    return links


def _under(path: str, target: str) -> bool:
    """Whether ``path`` is ``target`` or, when ``target`` is a directory, lies in it."""
    return path == target or (target.endswith("/") and path.startswith(target))


def message_links(
    decisions: Sequence[DecisionText], history: Sequence[PathHistory], tree: RepoTree, documents: Sequence[str],
    mentions: Mentions, repository: str = "",
) -> list[CodeLink]:
    """The code changed by commits whose message names a decision (its id, ADR number or
    title, through ``mentions``) or an issue only that decision's text refers to.

    An issue counts when the decision refers to it as one of this repository's
    (``repository``: its ``owner/name``, or in a fork whose issues no decision links to,
    the repository of that name the decisions link to most; without it, the repository the
    decisions link to most; a link to another project's issue #7532 is not this one's pull request #7532),
    and as strongly as a decision's own name: in the subject
    line, or only in the body (a dependency bump's body quotes another project's release
    notes, "#12", "#40", ...), where it is named in passing."""
    current = Renames(history)
    known = {d.id: d for d in decisions}
    repository = _issues_repository(decisions, repository)
    issues = _issue_owners(decisions, repository or _most_linked(decisions))
    links: list[CodeLink] = []
    for commit in history:
        named = [i for i in mentions(commit.message) if i in known]
        numbers = _issue_numbers(commit.message, repository)
        by_issue = sorted({issues[n] for n in numbers if n in issues and issues[n] not in named})
        if not named and not by_issue:
            continue
        code = _code_paths(commit.changed, tree, documents, current)
        weight = size_weight(len(code))
        if not code or weight == 0.0:
            continue
        subject = commit.message.splitlines()[0][:80] if commit.message else commit.sha[:7]
        headline = set(mentions(subject))
        headline_issues = {issues[n] for n in _issue_numbers(subject, repository) if n in issues}
        for decision_id, how, strength in [
            *((i, "names it", 0.8 if i in headline else BODY_MENTION) for i in named),
            *((i, "names its issue", 0.6 if i in headline_issues else BODY_MENTION) for i in by_issue),
        ]:
            for path in common_directories(code, tree):
                links.append(CodeLink(
                    decision_id, path, "commit message", round(strength * weight, 2),
                    f"commit {commit.sha[:7]} ({subject!r}) {how} and changed {_some(code, path)}", (commit.sha,),
                ))
    return links


def _code_paths(changed: Iterable[str], tree: RepoTree, documents: Sequence[str], current: Renames) -> list[str]:
    """The code a commit changed that still exists today, under its name today, with the
    documents written beside it (a README saying how to install, a specification), less
    the shared test scaffolding the change leaned on (``is_test_support``)."""
    names = {current(p) for p in changed}
    return sorted(p for p in names if p in tree.files and not is_test_support(p)
                  and (is_code(p, documents) or is_written_beside(p, documents)))


def _some(code: Sequence[str], path: str, shown: int = 2) -> str:
    inside = [p for p in code if _under(p, path)] if path.endswith("/") else [path]
    if path.endswith("/"):
        return f"{plural(len(inside), 'file')} in {path}"
    return ", ".join(inside[:shown]) + (f" and {len(inside) - shown} more" if len(inside) > shown else "")


def _issue_numbers(text: str, repository: str = "") -> set[int]:
    """The issues ``text`` names: ``#123`` and links to issues and pull requests, those of
    ``repository`` (``owner/name``) only when it is given."""
    text = _LINKED_TEXT.sub(r" \1 ", text)  # "[#7532](…/other/project/issues/7532)" is the link's issue
    linked = {int(n) for slug, n in _ISSUE_URL.findall(text) if not repository or slug.lower() == repository.lower()}
    return linked | {int(n) for n in _ISSUE_REF.findall(_ISSUE_URL.sub(" ", text))}


def _issues_repository(decisions: Sequence[DecisionText], repository: str) -> str:
    """The repository whose issues are this one's: ``repository`` (its remote) when a
    decision links to its issues, else the one of the same name the decisions link to
    most. A contributor's fork (origin alice/proj) keeps ADRs that link
    upstream-org/proj's issues; a dependency's issues (other/lib) are never this one's."""
    counts = _linked_counts(decisions)
    if not repository or repository.lower() in counts:
        return repository
    name = repository.lower().rsplit("/", 1)[-1]
    upstream = {slug: n for slug, n in counts.items() if slug.rsplit("/", 1)[-1] == name}
    return max(sorted(upstream), key=lambda slug: upstream[slug]) if upstream else repository


def _linked_counts(decisions: Sequence[DecisionText]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for decision in decisions:
        for slug, _ in _ISSUE_URL.findall(decision.body):
            counts[slug.lower()] = counts.get(slug.lower(), 0) + 1
    return counts


def _most_linked(decisions: Sequence[DecisionText]) -> str:
    """The repository whose issues the decisions link to most: their own, when its remote
    does not say (a clone of a local copy); '' when none is linked."""
    counts = _linked_counts(decisions)
    return max(sorted(counts), key=lambda slug: counts[slug]) if counts else ""


def _issue_owners(decisions: Sequence[DecisionText], repository: str = "") -> dict[int, str]:
    """Issue number → the one decision whose text refers to it (shared numbers say nothing)."""
    owners: dict[int, set[str]] = {}
    for decision in decisions:
        for number in _issue_numbers(" ".join((decision.title, decision.summary, decision.body)), repository):
            owners.setdefault(number, set()).add(decision.id)
    return {n: next(iter(ids)) for n, ids in owners.items() if len(ids) == 1}


def git_context_links(
    decisions: Sequence[DecisionText], history: Sequence[PathHistory], tree: RepoTree, documents: Sequence[str],
    window: timedelta = timedelta(hours=24),
) -> list[CodeLink]:
    """Seed 000's ``git_context``: for a decision stated in a conversation (not a
    document), the code its repository changed within ``window`` of it, when that is little
    enough to be about it."""
    current = Renames(history)
    links: list[CodeLink] = []
    for decision in decisions:
        if decision.source_path or not decision.decided_at:
            continue
        when = datetime.fromisoformat(decision.decided_at)
        near = [c for c in history if abs(_aware(c.date) - _aware(when)) <= window]
        code = _code_paths([p for c in near for p in c.changed], tree, documents, current)
        weight = size_weight(len(code))
        if not code or weight == 0.0:
            continue
        shas = tuple(c.sha for c in near)
        for path in common_directories(code, tree):
            links.append(CodeLink(
                decision.id, path, "git_context", round(0.6 * weight, 2),
                f"{plural(len(near), 'commit')} within {window} of it changed {_some(code, path)}", shas,
            ))
    return links


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
