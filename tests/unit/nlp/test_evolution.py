from __future__ import annotations

from nlp.evolution import Stated, classify_relation
from nlp.subject_match import match_subjects, references, series_words, subject_key, subject_terms


def test_keep_after_a_migration_question_revisits() -> None:
    new = Stated("Keep PostgreSQL, add Redis for caching", "Should we migrate to DynamoDB for better scale?",
                 technologies=("PostgreSQL", "Redis"), session="s2")
    relation = classify_relation(new, Stated("Use PostgreSQL", technologies=("PostgreSQL",), session="s1"), 0.4)
    assert relation is not None and relation.kind == "revisits" and relation.outcome == "kept"


def test_switching_supersedes() -> None:
    new = Stated("We switch to MySQL for the billing service", technologies=("MySQL",), session="s2")
    relation = classify_relation(new, Stated("Use MySQL", technologies=("MySQL",), session="s1"), 0.7)
    assert relation is not None and relation.kind == "supersedes" and not relation.partial


def test_unrelated_subjects_are_never_linked_whatever_the_cues() -> None:
    new = Stated("Use Kafka instead of SQS", technologies=("Kafka", "SQS"))
    assert classify_relation(new, Stated("Use PostgreSQL", technologies=("PostgreSQL",)), 0.2) is None


def test_no_cue_no_link_on_a_shared_technology_alone() -> None:
    new = Stated("Use PostgreSQL for analytics", technologies=("PostgreSQL",), session="s2")
    assert classify_relation(new, Stated("Use PostgreSQL for orders", technologies=("PostgreSQL",), session="s1"), 0.9) is None


def test_a_keep_cue_must_keep_the_shared_technology() -> None:
    new = Stated("We decided to keep the ledger in PostgreSQL.", technologies=("PostgreSQL",), session="s3")
    old = Stated("We decided to use PostgreSQL for the orders service", technologies=("PostgreSQL",), session="s1")
    assert classify_relation(new, old, 0.6) is None


def test_a_later_meeting_on_the_same_agenda_item_revisits_it_and_names_it() -> None:
    old = Stated("Approved for the next stage.", "Payment retries proposal", session="2024-03-01")
    new = Stated("Moved to the final comment period.", "Payment retries proposal", session="2024-03-08")
    relation = classify_relation(new, old, 0.1)
    assert relation is not None and (relation.kind, relation.outcome) == ("revisits", "continued")
    assert "Payment retries proposal" in relation.reason


def test_two_outcomes_of_one_item_in_one_meeting_are_siblings() -> None:
    old = Stated("Accept the RFC.", "Payment retries proposal", session="m1")
    assert classify_relation(Stated("Open a follow-up issue.", "Payment retries proposal", session="m1"), old, 0.1) is None


def test_different_issues_are_never_one_subject() -> None:
    old = Stated("Close framing#31 wontfix", "Default @container", session="m1")
    new = Stated("Defer framing#29 until a future version", "Default @container", session="m2")
    assert classify_relation(new, old, 0.95) is None


def test_the_same_issue_under_other_headings_is_one_subject() -> None:
    old = Stated("Work on a proposal for solving framing#29", "Class-scoped Framing (issue frame29)", session="m1")
    new = Stated("Defer framing #29 until a future WG", "Deferred items", session="m2")
    relation = classify_relation(new, old, 0.1)
    assert relation is not None and relation.evidence == "reference" and "framing#29" in relation.reason


def test_a_repository_named_two_ways_is_one_repository() -> None:
    match = match_subjects("Framing blank node unnamed graphs (Issue frame27)", "Leave framing 27 open",
                           "Blank nodes", "close framing#27 wontfix")
    assert match is not None and match.kind == "reference"
    assert match_subjects("Keywords", "Close syntax#27", "Blank nodes", "close framing#27 wontfix") is None


def test_a_bare_number_and_one_shared_word_is_weaker_than_a_shared_agenda_item() -> None:
    by_number = match_subjects("Link header for HTML and JSON-LD", "merge api#134", "Does HTML base affect IRIs?", "see #134")
    by_item = match_subjects("Link header for HTML and JSON-LD", "merge api#134", "Link header for HTML / JSON-LD", "Invite danbri")
    assert by_number is not None and by_number.kind == "number" and by_number.reason == "same issue (api#134)"
    assert by_item is not None and by_item.kind == "subject" and by_number.strength < by_item.strength


def test_a_replace_cue_about_something_else_does_not_supersede() -> None:
    old = Stated("Publish the registries document as a note", "Spec registries", session="m1")
    new = Stated("JSON Schema will no longer be required for registration", "Spec registries", session="m2")
    relation = classify_relation(new, old, 0.1)
    assert relation is not None and relation.kind == "revisits"


def test_references_read_prefixes_lists_and_issue_urls_but_not_paths() -> None:
    assert {str(r) for r in references("close issues 56, 77, and 102")} == {"#56", "#77", "#102"}
    assert {str(r) for r in references("see https://github.com/w3c/json-ld-syntax/issues/37")} == {"json-ld-syntax#37"}
    assert {str(r) for r in references("Close syntax/#14 and fixes #9")} == {"syntax#14", "#9"}
    assert references("publish https://example.org/CR/2024-03-28/ today") == frozenset()


def test_subject_words_leave_out_process_words_and_references() -> None:
    assert subject_terms("Proposal for a FPWD.") == frozenset()
    assert subject_terms("Controller Documents (issue vc-data-model#1307)") == {"controller", "document"}
    assert subject_key("Class-scoped framing", "Defer framing #29") == "class framing scoped ref29"


def test_words_of_the_series_name_do_not_make_two_items_one() -> None:
    series = subject_terms("JSON-LD Working Group Telco")
    assert match_subjects("TriG graphs in JSON-LD", "x", "Media types for JSON-LD", "y", series) is None
    assert match_subjects("Test suite", "x", "test suite", "y", series) is not None


def test_the_series_name_is_what_both_titles_share_not_the_topic_one_title_names() -> None:
    topic_call = "DID WG Topic Call on Issue Processing and Test Suites"
    series = series_words(topic_call, "DID Working Group F2F, second day")
    assert series == {"did"}
    assert match_subjects("Test suite", "x", "Test Suite", "y", series) is not None
    # Without the earlier title, every word of the new one stays out, as before.
    assert match_subjects("Test suite", "x", "Test Suite", "y", series_words(topic_call, None)) is None


def test_an_upper_case_word_names_a_thing_even_when_it_spells_a_word_of_talk() -> None:
    assert subject_terms("DID Resolution Transfer.") == {"did", "transfer"}
    assert subject_terms("IT budget") == {"it", "budget"}
    assert subject_terms("What we did") == frozenset()
    assert subject_terms("WHAT WE DID") == frozenset()  # a heading in capitals is not all acronyms
    assert subject_terms("OK to merge") == {"merge"}


def test_a_close_meaning_links_only_when_its_cue_replaces_what_the_old_decision_says_and_never_in_talk() -> None:
    old = Stated("We'll ship the mobile app with a light theme.", session="s1")
    replaces = Stated("We'll ship a dark theme instead of the light theme.", session="s2")
    elsewhere = Stated("We'll ship the app on Monday as planned; separately, drop the beta label from the website.", session="s2")
    assert classify_relation(replaces, old, 0.9) is not None
    assert classify_relation(elsewhere, old, 0.9) is None
    said = Stated(replaces.summary, session="s2", spoken=True)
    assert classify_relation(said, old, 0.9) is None


def test_a_replacing_cue_counts_only_when_what_it_replaces_is_what_the_old_decision_chose() -> None:
    old = Stated("We keep PostgreSQL and add Redis for caching the product catalogue.",
                 technologies=("PostgreSQL", "Redis"), session="s1")
    other = Stated("Let's go with Redis and drop Memcached.", technologies=("Redis", "Memcached"), session="s2")
    assert classify_relation(other, old, 0.5) is None, "Memcached is dropped, which the old decision never chose"
    dropped = classify_relation(Stated("Drop Redis and cache in PostgreSQL.", technologies=("Redis", "PostgreSQL"), session="s2"), old, 0.5)
    assert dropped is not None and dropped.kind == "supersedes" and "Redis" in dropped.reason
    passive = Stated("Redis will be replaced by Valkey.", technologies=("Redis", "Valkey"), session="s2")
    relation = classify_relation(passive, old, 0.5)
    assert relation is not None and relation.kind == "supersedes"


def test_what_the_old_decision_turned_down_is_not_what_it_chose() -> None:
    old = Stated("Use Kafka for events instead of SQS", technologies=("Kafka", "SQS"), session="s1")
    assert classify_relation(Stated("Drop SQS everywhere.", technologies=("SQS",), session="s2"), old, 0.5) is None
    relation = classify_relation(Stated("Use SQS instead of Kafka.", technologies=("SQS", "Kafka"), session="s2"), old, 0.5)
    assert relation is not None and relation.kind == "supersedes" and "Kafka" in relation.reason


def test_on_a_shared_subject_the_cue_must_replace_what_the_old_decision_says() -> None:
    old = Stated("Cards get square corners.", "Card design", session="m1")
    elsewhere = classify_relation(Stated("Cards keep their look; drop the shadow from buttons.", "Card design", session="m2"), old, 0.1)
    assert elsewhere is not None and elsewhere.kind == "revisits"
    replaced = classify_relation(Stated("Rounded corners instead of square corners.", "Card design", session="m2"), old, 0.1)
    assert replaced is not None and replaced.kind == "supersedes"
