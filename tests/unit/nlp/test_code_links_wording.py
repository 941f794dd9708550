"""Files written in a decision's words (nlp.code_links.wording)."""

from __future__ import annotations

from nlp.code_links.model import DecisionText
from nlp.code_links.wording import SIMILAR_FILES, similar_links, source_files, word_index, words

SOURCES = {
    "src/federation/identity_provider.rs": "pub struct FederatedIdentityProvider { oidc_client: OidcClient }\n"
                                           "fn discover_identity_provider(issuer: &str) {}",
    "src/federation/mapping.rs": "pub struct AttributeMapping { claims: Vec<Claim> }",
    "src/catalog/service.rs": "pub struct CatalogService { endpoints: Vec<Endpoint> }",
    "src/token/fernet.rs": "fn revoke_token(token: &Token) { keystone_revocation_event(token) }",
    "src/keystone.rs": "fn main() { keystone_start() }",
}


def test_identifiers_are_split_into_their_words() -> None:
    assert words("FederatedIdentityProvider fetch_page_data HTTPServer v4") == [
        "federated", "identity", "provider", "fetch", "page", "http", "server",
    ]


def test_a_decision_links_the_files_written_in_its_words_with_the_words_as_evidence() -> None:
    decision = DecisionText("d1", "Federation IDP", "Keystone implements OIDC identity providers natively.",
                            rationale="An identity provider is discovered from its issuer.")
    links = similar_links([decision], word_index(SOURCES))
    assert links[0].path == "src/federation/identity_provider.rs"  # the closest first
    assert not {"src/catalog/service.rs", "src/token/fernet.rs"} & {link.path for link in links}
    link = links[0]
    assert link.via == "wording" and 0.5 <= link.confidence <= 0.7
    assert "identity" in link.evidence and "provider" in link.evidence


def test_a_word_every_file_has_or_none_has_links_nothing() -> None:
    everywhere = {path: f"{text} keystone" for path, text in SOURCES.items()}
    decision = DecisionText("d2", "Keystone", "Keystone as a whole; nothing of blockchain ledgers.")
    assert similar_links([decision], word_index(everywhere)) == []


def test_at_most_the_closest_files_are_linked() -> None:
    many = {f"src/widgets/widget_{n}.ts": f"export class Widget{n} {{ renderWidget() {{}} }}" for n in range(30)}
    many |= {f"src/ledger/entry_{n}.ts": f"export class LedgerEntry{n} {{ balance() {{}} }}" for n in range(60)}
    decision = DecisionText("d3", "Render widgets on the server", "Every widget renders on the server.")
    assert len(similar_links([decision], word_index(many))) == SIMILAR_FILES


def test_only_source_files_outside_the_decision_documents_are_read() -> None:
    files = ["docs/adr/0001-x.md", "docs/adr/tool.py", "src/a.py", "README.md", "web/app.tsx"]
    assert source_files(files, ["docs/adr/"]) == ["src/a.py", "web/app.tsx"]
