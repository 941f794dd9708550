"""QMSum turns judged by hand: reading the file, checking the turns, shares with intervals."""

from __future__ import annotations

from pathlib import Path

import pytest

from nlp.evaluation.corpus import LabelledMeeting
from nlp.evaluation.judged_turns import JudgedTurn, read_judged_turns, span_shares, wilson
from nlp.evaluation.qmsum_spans import load_qmsum
from nlp.schema import Conversation, Message

ROOT = Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared" / "data"
HEADER = "# a comment\nmeeting\tseq\tsample\tlabel\ttext\n"


def _meeting(words: list[str], spans: set[int]) -> LabelledMeeting:
    messages = tuple(Message(id=str(i), seq=i, content=w) for i, w in enumerate(words))
    return LabelledMeeting("qmsum", "fold-1", False, Conversation(session_id="m1", source_format="qmsum", messages=messages),
                           (), frozenset(spans))


def _file(tmp_path: Path, rows: str) -> Path:
    path = tmp_path / "judged.tsv"
    path.write_text(HEADER + rows)
    return path


def test_rows_are_read_with_quotes_kept_as_written(tmp_path: Path) -> None:
    path = _file(tmp_path, 'm1\t3\tcue\tdecision\t"We\'ll go for that."\n')
    assert read_judged_turns(path) == [JudgedTurn("m1", 3, "cue", "decision", '"We\'ll go for that."')]


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ("m1\t3\tcue\tmaybe\tx\n", "label 'maybe'"),
        ("m1\tthree\tcue\tnot\tx\n", "not a turn position"),
        ("m1\t3\tcue\n", "does not have the columns"),
        ("m1\t3\tcue\tnot\tx\nm1\t3\tdetections\tdecision\tx\n", "judged twice, differently"),
    ],
)
def test_a_bad_row_is_named(tmp_path: Path, rows: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        read_judged_turns(_file(tmp_path, rows))


def test_shares_count_a_turn_drawn_twice_once_over_all_samples() -> None:
    meeting = _meeting(["a", "So we go with rubber.", "b", "c", "We'll use the chip.", "d"], spans={1, 2})
    turns = [
        JudgedTurn("m1", 1, "detections", "decision", "So we go"),
        JudgedTurn("m1", 4, "detections", "decision", "We'll use"),
        JudgedTurn("m1", 2, "detections", "not", "b"),
        JudgedTurn("m1", 1, "cue", "decision", "So we go"),
    ]
    shares = {(s.sample, s.label): s for s in span_shares(turns, [meeting])}
    assert (shares["all", "decision"].turns, shares["all", "decision"].in_span) == (2, 1)
    assert (shares["cue", "decision"].turns, shares["cue", "decision"].in_span) == (1, 1)
    assert (shares["all", "not"].turns, shares["all", "not"].in_span) == (1, 1)
    assert shares["all", "unsure"].turns == 0 and (shares["all", "unsure"].low, shares["all", "unsure"].high) == (0.0, 1.0)


def test_a_turn_whose_words_moved_is_refused() -> None:
    meeting = _meeting(["a", "So we go with rubber."], spans=set())
    with pytest.raises(ValueError, match="no longer reads"):
        span_shares([JudgedTurn("m1", 0, "cue", "decision", "So we go")], [meeting])
    with pytest.raises(ValueError, match="no such QMSum meeting"):
        span_shares([JudgedTurn("m2", 0, "cue", "decision", "a")], [meeting])


def test_wilson_interval_has_its_closed_form_at_the_ends() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(1.959963984540054**2 / (10 + 1.959963984540054**2))
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    low, high = wilson(5, 24)
    assert low < 5 / 24 < high


def test_the_shipped_judgements_read_and_point_at_their_turns() -> None:
    turns = read_judged_turns(ROOT / "eval" / "qmsum_judged_turns.tsv")
    assert {t.label for t in turns} == {"decision", "unsure", "not"} and len(turns) == 400
    if not (SHARED / "qmsum" / "meetings.jsonl").is_file():
        pytest.skip("the shared QMSum meetings are not beside the clone")
    shares = span_shares(turns, [m for m in load_qmsum(SHARED) if not m.final])
    assert sum(s.turns for s in shares if s.sample == "all") == len({(t.meeting, t.seq) for t in turns})
