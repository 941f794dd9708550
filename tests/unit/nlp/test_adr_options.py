"""ADR options as their authors meant them: which option won, what "option N" is, every
other option stored as an alternative with its pros, cons and why it lost."""

from __future__ import annotations

from nlp.readers.adr import read_adr
from nlp.schema import ExtractedDecision


def _read(text: str, name: str = "0012-x.md") -> ExtractedDecision:
    return read_adr(text, name, 0, "c")[1]


def _options(decision: ExtractedDecision) -> list[str]:
    return [a.option for a in decision.alternatives]


NUMBERED = """# Submit Domain Request User Flow

## Status

Accepted

## Options

### Option 1: A single-page form

Everything on one page.

### Option 2: A multi-step wizard

One question per page, which is too slow for people who know their answers.

## Decision

We have decided to go with option 1.
"""


def test_a_decision_that_picks_option_n_says_what_option_n_is() -> None:
    decision = _read(NUMBERED)
    assert decision.summary == (
        "Submit Domain Request User Flow: We have decided to go with option 1 (A single-page form)."
    )
    assert _options(decision) == ["A multi-step wizard"]
    assert decision.alternatives[0].why_not_chosen == "One question per page, which is too slow for people who know their answers."


def test_ordinals_and_letters_point_to_listed_options() -> None:
    second = NUMBERED.replace("We have decided to go with option 1.", "The second option wins, for accessibility.")
    assert _read(second).summary.endswith("The second option (A multi-step wizard) wins, for accessibility.")
    assert _options(_read(second)) == ["A single-page form"]
    lettered = """# Cache layer

## Alternatives

- Alternative A: Redis
- Alternative B: Memcached

## Decision

We choose Alternative B because it is already deployed.
"""
    decision = _read(lettered)
    assert decision.summary == "Cache layer: We choose Alternative B (Memcached) because it is already deployed."
    assert _options(decision) == ["Redis"]


def test_a_reference_the_sentence_already_explains_is_left_alone() -> None:
    explained = NUMBERED.replace("We have decided to go with option 1.", "We go with option 1: a single-page form.")
    assert _read(explained).summary.endswith("We go with option 1: a single-page form.")



UNDECIDED = """# Change the values of a yes/no form

## Considered Options

* Option 1: do nothing
* Option 2: change to "true" and "false"
* Option 3: change to "Yes" and "No"

## Decision Outcome

Consensus was to go with option 2 or 3, which reduces the work for teams.

## Pros and Cons of the Options

### Option 1

* Bad, teams stay exposed to a risk we could avoid

### Option 2

* Good, easy to map to a boolean

### Option 3

* Good, almost not a breaking change
"""


def test_options_headed_by_their_label_alone_stay_apart() -> None:
    """MADR's "### Option 1" headings carry no name: the options they merge into must not all
    read as the chosen one, or no alternative is stored."""
    decision = _read(UNDECIDED.replace("option 2 or 3", "option 2"))
    assert _options(decision) == ["do nothing", 'change to "Yes" and "No"']
    assert decision.alternatives[0].why_not_chosen == "teams stay exposed to a risk we could avoid"


def test_a_choice_of_option_2_or_3_chooses_both_and_names_both() -> None:
    decision = _read(UNDECIDED)
    assert _options(decision) == ["do nothing"]
    assert decision.summary == ('Change the values of a yes/no form: Consensus was to go with option 2 (change to "true" and '
                                '"false") or 3 (change to "Yes" and "No"), which reduces the work for teams.')
    lettered = _read(UNDECIDED.split("## Pros")[0].replace("Option 1:", "Option A:").replace("Option 2:", "Option B:")
                     .replace("Option 3:", "Option C:").replace("option 2 or 3", "option B and C"))
    assert _options(lettered) == ["do nothing"]

MADR = """# Use Lunr for search

## Considered Options

* Lunr
* Algolia
* FlexSearch

## Decision Outcome

Chosen option: "Lunr", because it runs offline. Algolia was not an option because it needs a hosted index.

## Pros and Cons of the Options

### Lunr

* Good, because it runs offline

### Algolia

* Good, because it is fast
* Bad, because it is a paid service

### FlexSearch

* Good, because it is small
* Bad, because its index format changes between versions
"""


def test_every_other_option_is_an_alternative_with_pros_cons_and_why_it_lost() -> None:
    algolia, flexsearch = _read(MADR).alternatives
    assert (algolia.option, algolia.pros, algolia.cons) == ("Algolia", ("it is fast",), ("it is a paid service",))
    # What the outcome says against it is more specific than its cons...
    assert algolia.why_not_chosen == "Algolia was not an option because it needs a hosted index."
    # ...and when it says nothing, the cons are why it lost.
    assert flexsearch.why_not_chosen == "its index format changes between versions"


def test_the_chosen_option_is_never_an_alternative() -> None:
    mix = MADR.replace('Chosen option: "Lunr"', 'Chosen option: mix of "Lunr" and "FlexSearch"')
    assert _options(_read(mix)) == ["Algolia"]
    reworded = MADR.replace('Chosen option: "Lunr"', 'Chosen option: "Use Lunr in the browser"')
    assert _options(_read(reworded)) == ["Algolia", "FlexSearch"]
    marked = """# Pick a queue

## Options

### Option 1: RabbitMQ

### Option 2: Kafka (Chosen)

## Decision

Kafka keeps the history we replay.
"""
    assert _options(_read(marked)) == ["RabbitMQ"]
    titled = """# Use django-fsm-2

## Alternatives Considered

* django-fsm-2
* A hand-written state machine
"""
    assert _options(_read(titled)) == ["A hand-written state machine"]


def test_an_outcome_rewording_its_option_or_naming_it_in_passing_still_chose_it() -> None:
    text = """# Preferences objects

## Considered Options

* Alter the existing object and return it
* Create a new object every time a preferences object changes

## Decision Outcome

Chosen option: "Alter the exiting object", because the objects are wrappers.
"""
    assert _options(_read(text)) == ["Create a new object every time a preferences object changes"]
    nygard = """# Use An Envelope Wrapper

## Context

### Options

#### Do Nothing

Customers keep their own mappers.

#### Wrap-Unwrap Pipeline for Message Mapper

#### Wrap-Unwrap Pipeline for Transport

## Decision

Most transforms can be managed in the header. So we want to go ahead with the Wrap-Unwrap Pipeline for Message Mapper option.
"""
    assert _options(_read(nygard)) == ["Do Nothing", "Wrap-Unwrap Pipeline for Transport"]


def test_a_list_of_settings_under_options_is_no_choice() -> None:
    settings = """# Extended purge

## Context

Purging all messages is too coarse.

## Options

Requests may carry more options:

- `seq` is the upper bound
- `keep` is how many messages to keep
"""
    assert _read(settings).alternatives == ()


def test_prose_and_bold_lines_state_alternatives_too() -> None:
    prose = """# Combine the repositories

## Decision

The specification moves into the core repository.

## Alternative Approaches

The main alternative we considered was to keep separate repositories with a shared versioning scheme.

We decided against this because it complicates releases.
"""
    (alternative,) = _read(prose).alternatives
    assert alternative.option.startswith("The main alternative we considered was to keep separate repositories")
    assert alternative.why_not_chosen == "We decided against this because it complicates releases."
    bold = """# Expose the window

## Decision

Wire the setting through the pipeline.

## Alternatives Considered

**1. Use a configuration object**

Rejected because it is a larger refactoring.

**2. Read it from the subscription**

Rejected because the pump has no such dependency.
"""
    assert _options(_read(bold)) == ["Use a configuration object", "Read it from the subscription"]
    assert _read(bold).alternatives[1].why_not_chosen == "Rejected because the pump has no such dependency."
    none = prose.split("## Alternative Approaches")[0] + "## Alternative Approaches\n\nNone.\n"
    assert _read(none).alternatives == ()


def test_reasons_listed_under_rejected_because_are_why_it_lost() -> None:
    text = """# Cleanup

## Decision

Tag resources and sweep them nightly.

## Alternatives Considered

### Name pattern matching

Rejected because:

- patterns are heuristic
- they need knowledge of the code
"""
    (alternative,) = _read(text).alternatives
    assert alternative.why_not_chosen == "Rejected because: patterns are heuristic; they need knowledge of the code;"


def test_group_labels_links_and_framing_headings_are_not_options() -> None:
    text = """# Export several entries

## Considered Options

* When exporting:
  * Export one file per entry
  * Export a dummy top element
* Forbid exporting several entries

Resources:

* [A blog post about exports](https://example.org)

## Decision Outcome

Chosen option: "Export a dummy top element", because tools accept it.
"""
    assert _options(_read(text)) == ["Export one file per entry", "Forbid exporting several entries"]
    framed = """# Senders

## Decision

Use a callback.

## Alternatives

### A channel and a goroutine

More concurrent access.

### Decision

We chose the callback.
"""
    assert _options(_read(framed)) == ["A channel and a goroutine"]


def test_the_pros_and_cons_section_merges_with_the_list_it_follows() -> None:
    text = """# Index group merges

## Considered Options

* Continue scanning sibling lists
* Build temporary hash indexes during the merge
* Cache group trees

## Decision Outcome

Chosen option: "Build temporary hash indexes during the merge", because lookups are constant time.

## Pros and Cons of the Options

### Scan sibling lists

* Bad, because merging scans a growing list

### Temporary hash indexes

* Good, because constant time

### Cache group trees

* Bad, because invalidation is hard
"""
    scan, cache = _read(text).alternatives
    assert (scan.option, scan.cons) == ("Continue scanning sibling lists", ("merging scans a growing list",))
    assert (cache.option, cache.cons) == ("Cache group trees", ("invalidation is hard",))


def test_a_chosen_set_is_read_from_the_bold_list_after_the_chosen_line() -> None:
    text = """# OCR engines

## Considered Options

* OCRmyPDF subprocess
* Tesseract via Tess4J
* Apache Tika with Tesseract

## Decision Outcome

Chosen option: a prioritized set of engines.

1. **OCRmyPDF** (primary engine).
2. **Tesseract via Tess4J** (fallback).

Apache Tika is not selected because it hides fine-grained settings.
"""
    (tika,) = _read(text).alternatives
    assert tika.option == "Apache Tika with Tesseract"
    assert tika.why_not_chosen == "Apache Tika is not selected because it hides fine-grained settings."


def test_a_prose_alternative_starts_after_the_sentence_that_announces_it() -> None:
    text = """# Mempool refactor

## Decision

Add a priority field.

## Alternative Approaches

When choosing how to prioritize, there are two core candidates. The first candidate simply extends CheckTx.
"""
    (alternative,) = _read(text).alternatives
    assert alternative.option == "The first candidate simply extends CheckTx."


def test_lettered_headings_are_labels() -> None:
    text = """# Box migrations

## Decision

We build our own runner, as alternative B would tie us to EF Core.

## Alternatives Considered

### A. Use FluentMigrator

Rejected because it adds a dependency.

### B. Use EF Core Migrations

Rejected because not every backend has EF Core.
"""
    decision = _read(text)
    assert _options(decision) == ["Use FluentMigrator", "Use EF Core Migrations"]
    assert decision.summary.endswith("as alternative B (Use EF Core Migrations) would tie us to EF Core.")


def test_wrapped_reasons_stay_whole_and_marked_points_stay_out_of_why() -> None:
    text = """# Lanes

## Decision

Lanes are defined by the application.

## Alternative Approaches

### Where to define lanes

- We have discarded this option as it does not make sense for
  different nodes to have different lanes.
- `-` Harder to configure
  for operators
"""
    (alternative,) = _read(text).alternatives
    assert alternative.why_not_chosen == (
        "We have discarded this option as it does not make sense for different nodes to have different lanes."
    )
    assert alternative.cons == ("Harder to configure for operators",)  # a marked point wrapped is read whole too


def test_paragraphs_led_in_bold_and_prose_candidates_are_options() -> None:
    bold = """# Advisory lock key

## Decision

Use the first 8 bytes of a SHA-256 digest.

## Alternatives Considered

**(a) Keep the two-int4 overload.** It still widens the key. Rejected: it gains nothing over one bigint.

**(b) Keep hashtext (status quo).** Rejected: the collision space stays small.
"""
    first, second = _read(bold).alternatives
    assert (first.option, first.why_not_chosen) == ("Keep the two-int4 overload", "Rejected: it gains nothing over one bigint.")
    assert second.option == "Keep hashtext (status quo)"
    prose = """# Reverse sync

## Decision

Add two P2P messages.

## Alternative Solutions

The need for history comes from evidence. Because of this, an alternative could be to trust the majority.

Another alternative is to fetch the data over RPC instead of P2P.
"""
    assert _options(_read(prose)) == ["Because of this, an alternative could be to trust the majority.",
                                      "Another alternative is to fetch the data over RPC instead of P2P."]


def test_options_in_a_table_and_a_bold_note_that_is_no_option() -> None:
    text = """# Use Devise for authentication

## Status

Decided

## Options considered

| Name      | Link                              | Notes                          |
| --------- | --------------------------------- | ------------------------------ |
| Devise    | https://github.com/heartcombo/devise | Widely adopted               |
| Clearance | https://github.com/thoughtbot/clearance | Not as feature rich as Devise |

**Note:**

The team also weighed building it in house.

## Decision

We will adopt Devise as the authentication library.
"""
    decision = _read(text)
    assert [(a.option, a.why_not_chosen) for a in decision.alternatives] == [("Clearance", None)]
    assert (decision.status, decision.status_text) == ("active", "Decided")


def test_options_argued_in_paragraphs_are_the_paragraphs_not_their_reasons() -> None:
    text = """# Reassigning revoked seats

## Decision

We'll reuse the revoked seat record for the new user.

## Alternatives Considered

Why not create a new seat as we do today and delete the revoked one?

* Seat ids are referenced by enrolment records for book-keeping.
  Deleting a seat would leave enrolments pointing at nothing.

Another proposal would be to wipe every field of a revoked seat instead of keeping it.

* We can't do this because reports join on the seat id.
"""
    decision = _read(text)
    assert _options(decision) == ["Create a new seat as we do today and delete the revoked one",
                                  "Another proposal would be to wipe every field of a revoked seat instead of keeping it"]
    assert decision.alternatives[1].why_not_chosen == "We can't do this because reports join on the seat id."
    # Bold option names with their pros and cons right under them, no blank line between.
    bold = ("# Dev-only commands\n\n## Decision\n\nWe adopt build tags.\n\n### Alternatives Considered\n\n"
            "**1. Feature flags (runtime toggle)**\n- **Pros**: one binary\n- **Why not**: ships dev code\n\n"
            "**2. Separate binary**\n- **Pros**: full separation\n- **Why not**: two pipelines\n\n"
            "**3. Build tags (compile time)**\n- **Pros**: nothing shipped\n- **Why this**: standard and free\n")
    assert _options(_read(bold)) == ["Feature flags (runtime toggle)", "Separate binary"]
    # A question the items answer is no option: the items are.
    asked = ("# Restarts\n\n## Considered Options\n\nHow to restart a node?\n* Recreate the pod\n    * -- slow\n"
             "* Use a process manager\n    * ++ fast\n\n## Decision Outcome\n\nChosen option: \"Use a process manager\".\n")
    assert _options(_read(asked)) == ["Recreate the pod"]


def test_future_work_under_alternatives_is_no_rejected_option() -> None:
    text = """# Serialize seat assignment

## Decision

We'll take a lock per plan while assigning seats.

## Alternatives Considered

We should, in the future, run the whole assignment in a background task, because it can be slow.

Additionally, we considered a Redis lock, but we have no supported Redis for application data yet.
"""
    assert _options(_read(text)) == ["Additionally, we considered a Redis lock, but we have no supported Redis for application data yet."]


def test_labelled_option_headings_outside_an_options_section_give_the_alternatives() -> None:
    text = """# Span storage schema

## Decision

Spans are stored one row per span, attributes as Nested columns.

## Storing typed attributes

### Option 1: Parallel arrays

A keys array and a values array per type.

### Option 2: Nested ✅ (chosen)

A Nested(key, value) column per type.

### Option 3: Map

A Map(String, T) per type.

### Comparison

`Map` was rejected because it compresses poorly. Parallel arrays compress as well, but nothing keeps the arrays aligned.
"""
    decision = _read(text)
    assert _options(decision) == ["Parallel arrays", "Map"]  # the one marked chosen is the decision's
    assert decision.alternatives[1].why_not_chosen == "Map was rejected because it compresses poorly."
    # Without a word of which was chosen, labelled headings may be a design's parts: not read.
    assert _options(_read(text.replace(" ✅ (chosen)", ""))) == []


def test_option_headings_under_the_context_with_pros_and_cons_count_when_the_decision_names_one() -> None:
    text = """# 4: Keep drafts in the browser

Date: 2024-02-11

## Context

Editors lose work when their session ends. We weighed two places for drafts.

### Option 1: Server-side drafts table
Drafts are saved to a new table.

#### Pros
+ Drafts follow the editor between machines

#### Cons
- A migration and a cleanup job to own
- Every keystroke becomes a write

### Option 2: Keep drafts in local storage
#### Pros
+ No server change at all

#### Cons
- Drafts stay on one machine

## Decision
We will keep drafts in local storage and clear them on publish.

## Status
Accepted
"""
    decision = _read(text)
    assert _options(decision) == ["Server-side drafts table"]  # the decision names option 2 word for word
    lost = decision.alternatives[0]
    assert lost.pros == ("Drafts follow the editor between machines",)
    assert lost.cons == ("A migration and a cleanup job to own", "Every keystroke becomes a write")
    assert lost.why_not_chosen == "A migration and a cleanup job to own; Every keystroke becomes a write"
    # Option headings nobody picks from may be a design's parts: still not read.
    assert _options(_read(text.replace("We will keep drafts in local storage and clear them on publish.",
                                       "Drafts are cleared on publish."))) == []


def test_a_lead_in_then_numbered_headings_and_option_in_parentheses_says_what_it_is() -> None:
    text = """# 9. Rounding of invoice totals

## Context

Totals differ by a cent between the invoice and the ledger.

Three options were considered:

### 1. Round each line

Each line is rounded before summing.

### 2. Round the total only

Lines keep full precision.

### 3. Store cents as integers

Every amount becomes an integer number of cents.

## Decision

We decided to go with option (3) and migrate the amounts table in one release.
"""
    decision = _read(text, "0009-rounding.md")
    assert decision.summary == ("Rounding of invoice totals: We decided to go with option 3 (Store cents as integers) "
                                "and migrate the amounts table in one release.")
    assert _options(decision) == ["Round each line", "Round the total only"]
    # "There were 3 options considered:" leads in as well; "we should take option 2" chooses.
    other = text.replace("Three options were considered:", "There were 3 options considered:").replace(
        "We decided to go with option (3)", "In the meantime we should take option 2")
    decision = _read(other, "0009-rounding.md")
    assert _options(decision) == ["Round each line", "Store cents as integers"]
    assert "option 2 (Round the total only)" in decision.summary


def test_a_lead_in_then_a_list_and_an_alternatives_label_line() -> None:
    text = """# 3. Error tracking

## Context

We need to see exceptions from production. We considered the following options:

- Hosted Sentry - quick to set up, but data leaves our network and the plan is priced per event
- Self-hosted GlitchTip - the same client libraries, one more service to run
- Log scraping - no new service, but stack traces are split over lines

## Decision

Self-hosted GlitchTip is the chosen tool for every service.
"""
    assert _options(_read(text)) == ["Hosted Sentry", "Log scraping"]
    # A bold line that heads the losers, with the chosen one not among them, is an options section.
    labelled = """# 5. Command-line parsing

## Context

We use clap for the CLI.

**Alternatives Considered:**
- **argh**: smaller, but no shell completions
- **pico-args**: hand-written help text for every command

Clap's derive API keeps commands declarative.
"""
    decision = _read(labelled)
    assert _options(decision) == ["argh", "pico-args"]
    assert decision.alternatives[0].why_not_chosen == "smaller, but no shell completions"


def test_candidates_in_the_context_count_only_when_the_decision_names_one() -> None:
    text = """# 12. Background jobs

## Context

Jobs run inside web requests today and time out. We compared a few libraries
for running them outside requests and reached these conclusions:

- [Sidekiq][sidekiq]: fast and widely used, but needs Redis, which we do not run.
- [GoodJob][goodjob]: keeps jobs in PostgreSQL, which we already operate.
- Delayed Job: also PostgreSQL-backed, with slower polling and little maintenance.

## Decision

We will run background jobs with GoodJob in a separate worker process.

[sidekiq]: https://example.org/sidekiq
[goodjob]: https://example.org/goodjob
"""
    assert _options(_read(text)) == ["Sidekiq", "Delayed Job"]
    # A decision that names none of them, or two, picks none: the list is context, not options.
    assert _options(_read(text.replace("with GoodJob in", "in"))) == []
    assert _options(_read(text.replace("with GoodJob in", "with GoodJob, not Sidekiq or Delayed Job, in"))) == ["Sidekiq", "Delayed Job"]
    assert _options(_read(text.replace("with GoodJob in", "with GoodJob and Sidekiq in"))) == []


def test_possible_solutions_and_a_decision_that_only_names_one() -> None:
    text = """# 3. Split the billing service

Date: 2022-03-01

## Context

Billing and invoicing share one deployable.

## Possible solutions
1. Keep one service with two packages. Simple to run, but the packages drift together.
2. Split into a billing and an invoicing service. More to run, but each owns its data.

## Decision

Solution 2.

Each service owns its tables from now on.
"""
    decision = _read(text, "0003-split.md")
    assert decision.summary == ("Split the billing service: Solution 2 (Split into a billing and an invoicing "
                                "service).")
    assert _options(decision) == ["Keep one service with two packages"]
    # "Solution number 1 - Keep …" opens the decision with the reference and says what it is.
    other = _read(text.replace("Solution 2.", "Solution number 1 - one service."), "0003-split.md")
    assert _options(other) == ["Split into a billing and an invoicing service"]
    assert other.summary == "Split the billing service: Solution number 1 - one service."


def test_pros_and_cons_headings_in_an_options_section_are_no_options() -> None:
    text = """# Errors as values

## Considered options

### 1. Throw exceptions
#### Pros
- fail fast
### Cons
- slower

### 2. Return a result type

## Decision

Option 2 was chosen.
"""
    assert _options(_read(text)) == ["Throw exceptions"]


def test_a_choice_stated_further_into_the_decision_and_announced_methods() -> None:
    text = """# 4. Rotating API keys

## Context

There are two main methods we explored:
1. A managed secrets store with automatic rotation, at a monthly cost.
2. A nightly job that rotates the keys and posts to chat.

## Decision

We decided against the first option because of its cost.

We decided to go for the second option because we already run nightly jobs.
"""
    decision = _read(text, "0004-keys.md")
    assert _options(decision) == ["A managed secrets store with automatic rotation, at a monthly cost"]
    assert "the first option (A managed secrets store" in decision.summary
    # "two options were identified" announces options too; "Option 2 chosen - …" chooses.
    other = text.replace("There are two main methods we explored:", "Two options were identified:").replace(
        "We decided against the first option because of its cost.", "Option 2 chosen - the nightly job.")
    assert _options(_read(other, "0004-keys.md")) == [
        "A managed secrets store with automatic rotation, at a monthly cost"]
    # "two methods of …" that are both used announce no choice.
    both = text.replace("There are two main methods we explored:", "There are two methods of rotating keys:")
    assert _options(_read(both, "0004-keys.md")) == []


def test_an_option_n_in_a_decision_with_options_of_its_own_points_to_those() -> None:
    text = """# Scheduler wiring

## Decision

We will pass the scheduler through the factory chain on every transport.

**Option A — constructor injection**: pass it in.

**Option B — service locator**: look it up.

We choose Option A because it keeps the interfaces.

## Alternatives considered

### A. No default scheduler

Rejected: every user must configure one.

### B. A scheduler per consumer

Rejected: consumers have no container.
"""
    assert _options(_read(text)) == ["No default scheduler", "A scheduler per consumer"]


def test_a_sentence_of_the_decision_does_not_run_into_its_alternatives_heading() -> None:
    text = """# Keep wizard answers in the cache

## Decision

We'll keep the answers in the existing cache. We'll:

- give each draft an id
- expire drafts after a day
- prefer short ids we choose ourselves

### Alternatives

We might consider keeping the answers in the login session. However, sessions expire after an hour.
"""
    assert _options(_read(text)) == ["We might consider keeping the answers in the login session."]


def test_several_questions_each_with_options_and_a_list_of_chosen_options() -> None:
    text = """# Shape of the first release

## Considered Options

* Which storage will the release use?
  * Option A: An embedded database.
  * Option B: A hosted database.
* How will users install it?
  * Option C: A package.
  * Option D: A container image.

## Decision Outcome

Chosen options:
  * **Option A: An embedded database.**
  * **Option D: A container image.**

Both keep the first release small.
"""
    assert _options(_read(text)) == ["A hosted database", "A package"]


def test_an_option_heading_that_is_only_a_label_is_named_by_its_text() -> None:
    text = """# Draining nodes

## Considered options

### Option 1: Add a finalizer

Block deletion until data moves.

### Option 2

Handle the eviction with a webhook. It needs cluster privileges.
"""
    assert _options(_read(text)) == ["Add a finalizer", "Handle the eviction with a webhook"]


def test_option_n_said_of_options_laid_out_without_a_stated_choice() -> None:
    text = """# Enriching events

## Context

The following alternatives were considered on how to implement it:

1. Send the whole state with each event
2. Fetch the extra fields for each event
3. Fetch them through a cache

## Decision

We provide both approach 2 and 3 behind one interface.
"""
    decision = _read(text)
    assert "approach 2 (Fetch the extra fields for each event)" in decision.summary
    assert _options(decision) == []
