"""Ruby code uses a gem by its constant: Bundler requires the Gemfile's gems, so a Rails app's
files seldom ``require`` one (``RSpec.describe``, ``FactoryBot.create``, ``Sidekiq::Job``)."""

from __future__ import annotations

import re
from pathlib import Path

from nlp.code_links.infer import library_links
from nlp.code_links.libraries import Library, import_names, import_pattern, imported_name
from nlp.code_links.model import DecisionText
from nlp.code_links.view import read_view
from tests.support.git import git


def test_a_gem_is_imported_by_require_or_by_its_constant() -> None:
    names = [*import_names(Library("rspec-rails", "ruby", ("Gemfile",))), *import_names(Library("factory_bot", "ruby", ("Gemfile",)))]
    assert names == ["rspec-rails", "rspec", "factory_bot", "factorybot"]
    built = import_pattern("ruby", names)
    assert built is not None
    matcher = re.compile(built[0])
    found = {line: next((n for g in m.groups() if g and (n := imported_name(g, names))), None) if (m := matcher.search(line)) else None
             for line in ("RSpec.describe Claim do", "  FactoryBot.create(:claim)", "require 'rspec-rails'",
                          "rspec = runner.rspec", "class RSpecHelper", "RSpec::Matchers.define :be_ok")}
    assert found == {"RSpec.describe Claim do": "rspec", "  FactoryBot.create(:claim)": "factorybot",
                     "require 'rspec-rails'": "rspec-rails", "rspec = runner.rspec": None, "class RSpecHelper": None,
                     "RSpec::Matchers.define :be_ok": "rspec"}
    # A gem named by a short or ordinary word has no constant of its own to look for.
    assert import_names(Library("pg", "ruby", ("Gemfile",))) == ("pg",)


def test_a_decision_to_use_rspec_governs_the_specs_that_use_it(tmp_path: Path) -> None:
    repo = tmp_path / "r"
    for folder in ("spec/models", "app/models"):
        (repo / folder).mkdir(parents=True)
    git(repo, "init", "-q")
    (repo / "Gemfile").write_text('source "https://rubygems.invalid"\n\ngroup :test do\n  gem "rspec-rails"\nend\n')
    (repo / "spec" / "models" / "claim_spec.rb").write_text('require "rails_helper"\n\nRSpec.describe Claim do\nend\n')
    (repo / "app" / "models" / "claim.rb").write_text("class Claim < ApplicationRecord\nend\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "start")
    decision = DecisionText("a", "Use RSpec for testing", "Use RSpec for testing: we write our tests in RSpec.")
    paths = {link.path for link in library_links([decision], read_view(repo, ["docs/adr/"])) if link.confidence >= 0.5}
    assert paths == {"Gemfile", "spec/models/claim_spec.rb"}
