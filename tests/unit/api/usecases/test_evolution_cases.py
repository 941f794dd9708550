"""The AMI evolution cases: hand-paired decision queries scored against inferred links."""

from __future__ import annotations

import json
from pathlib import Path

from api.usecases.evolution_eval import EvolutionEvaluation, GroupScore, Labels, Link, spoken_recall
from nlp.evaluation.qmsum_spans import query_spans


def _labels(tmp_path: Path, lines: list[str]) -> Labels:
    path = tmp_path / "cases.tsv"
    path.write_text("earlier\tlater\tlabel\tnote\n" + "\n".join(lines) + "\n")
    return Labels.read(path)


def _link(later: str, earlier: str, verdict: str = "unlabelled") -> Link:
    return Link("revisits", later, earlier, "same subject (battery), taken up again", "new", "old", verdict)


def test_a_case_is_linked_only_by_a_link_between_the_two_spans(tmp_path: Path) -> None:
    cases = _labels(tmp_path, [
        "M1a#0\tM1c#2\tsame\tbattery",
        "M1b#1\tM1c#3\tsame\tbuttons",
        "M1a#0\tM1b#1\tdifferent\tbattery against buttons",
    ])
    spans = {"M1a#0": frozenset(range(10, 20)), "M1b#1": frozenset(range(5, 9)),
             "M1c#2": frozenset(range(30, 40)), "M1c#3": frozenset(range(50, 60))}
    members = {"M1a@12": frozenset({12, 13}), "M1b@40": frozenset({40}), "M1c@35": frozenset({35, 36}),
               "M1c@55": frozenset({55})}
    links = [
        _link("M1c@35", "M1a@12", "right"),   # battery to battery: the first case
        _link("M1c@55", "M1b@40", "wrong"),   # from the buttons span, but to outside the earlier span
    ]
    score, missed = spoken_recall(cases, links, members, spans)
    assert (score.later, score.linked, score.links, score.right, score.wrong) == (2, 1, 2, 1, 1)
    assert missed == ["M1c#3"]


def test_a_span_of_one_meeting_never_holds_a_decision_of_another(tmp_path: Path) -> None:
    cases = _labels(tmp_path, ["M1a#0\tM1b#0\tsame\tbattery"])
    spans = {"M1a#0": frozenset({3}), "M1b#0": frozenset({3})}
    members = {"M2a@3": frozenset({3}), "M1b@3": frozenset({3})}
    score, missed = spoken_recall(cases, [_link("M1b@3", "M2a@3")], members, spans)
    assert (score.later, score.linked) == (1, 0)
    assert missed == ["M1b#0"]


def test_query_spans_number_turns_as_the_reader_numbers_messages(tmp_path: Path) -> None:
    qmsum = tmp_path / "qmsum"
    qmsum.mkdir()
    transcript = [
        {"turn_index": 0, "speaker": "A", "content": "Shall we use a lithium battery ?"},
        {"turn_index": 1, "speaker": "B", "content": "{vocalsound}"},  # markup only: no message
        {"turn_index": 2, "speaker": "C", "content": "Yes , lithium ."},
        {"turn_index": 3, "speaker": "A", "content": "Next , the buttons ."},
    ]
    (qmsum / "meetings.jsonl").write_text(json.dumps({"meeting_id": "ES9999a", "transcript": transcript}) + "\n")
    query = {"meeting_id": "ES9999a", "query_index": 4, "relevant_spans": [[1, 2]], "disagreement_only": False,
             "query": "What did they decide on the battery?", "answer": "Lithium."}
    (qmsum / "decision_queries.jsonl").write_text(json.dumps(query) + "\n")
    assert query_spans(tmp_path) == {"ES9999a#4": frozenset({1})}


def test_all_labelled_cases_pool_the_working_groups_and_the_ami_series() -> None:
    groups = {"w3c/a": GroupScore(later=10, linked=9, links=12, right=11, wrong=1),
              "w3c/b": GroupScore(later=2, linked=1, links=1, right=1, wrong=0)}
    result = EvolutionEvaluation(groups, [], [], spoken=GroupScore(later=4, linked=0, links=1, right=0, wrong=1))
    assert (result.total.later, result.total.linked) == (12, 10)
    labelled = result.labelled
    assert (labelled.later, labelled.linked, labelled.right, labelled.wrong) == (16, 10, 12, 2)
    assert round(labelled.recall, 3) == 0.625 and round(labelled.precision, 3) == 0.857
