"""The one typed settings object, read once at the edge (the CLI and the app factory).

Sources, strongest first: explicit arguments; the standard variables ``NEO4J_URI``,
``NEO4J_USER``, ``NEO4J_PASSWORD``, ``NEO4J_DATABASE``; ``DJ_<SECTION>__<KEY>`` variables;
then one TOML file: ``--config``, else ``DJ_CONFIG``, else the per-user ``config.toml``
(``api/user_dirs.py``). A ``decision-journal.toml`` in the current directory is read only
when named: the journal is one per user, and a command run inside someone else's
repository (a pre-commit hook, CI) must not take its server or credentials from a file
that repository carries. Unknown keys in the file are errors, not silently ignored.
See docs/configuration.md.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib.abc import Traversable
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr, field_validator, model_validator
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from api.errors import ApiError
from api.user_dirs import default_neo4j_home, user_config_file
from nlp.detector_features import DRAFT_KINDS, DetectorKind
from nlp.extractor_config import ExtractorConfig
from nlp.seed_rules import SEED000_KEYWORDS

LOCAL_CONFIG_FILE = Path("decision-journal.toml")
"""The name older versions read from the current directory; now read only when named."""
_STANDARD_ENV = {
    "NEO4J_URI": ("neo4j", "uri"),
    "NEO4J_USER": ("neo4j", "user"),
    "NEO4J_USERNAME": ("neo4j", "user"),
    "NEO4J_PASSWORD": ("neo4j", "password"),
    "NEO4J_DATABASE": ("neo4j", "database"),
    "OPENAI_API_KEY": ("llm", "api_key"),
    "OPENAI_BASE_URL": ("llm", "base_url"),
}


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Neo4jSettings(_Section):
    """Where the graph lives. With no ``uri``, the local server is used."""

    uri: str | None = None
    user: str = "neo4j"
    password: SecretStr | None = None
    database: str = "neo4j"

    @field_validator("uri")
    @classmethod
    def _blank_is_unset(cls, value: str | None) -> str | None:
        return value or None


class LocalNeo4jSettings(_Section):
    """The local Neo4j server started when ``neo4j.uri`` is not set."""

    home: Path = Field(
        default_factory=default_neo4j_home,
        description="conf/, data/, logs/, run/; default: the per-user data folder's neo4j/",
    )
    lib_dir: Path | None = Field(
        default=None, description="server jars; default: a per-user cache folder per version"
    )
    bolt_port: int = 7687
    http_port: int = 7474
    heap: str = "1g"
    pagecache: str = "512m"
    java: str = "java"
    mvn: str = "mvn"
    start_timeout: float = 120.0

    @field_validator("home", "lib_dir")
    @classmethod
    def _expand_user(cls, value: Path | None) -> Path | None:
        return value.expanduser() if value is not None else None


class ServerSettings(_Section):
    """The HTTP API (``decision-journal serve``)."""

    host: str = "127.0.0.1"
    port: int = 8000
    max_in_flight: int = Field(default=32, ge=0)
    """GraphQL requests served at once (docs/performance.md). 0: no cap. Per worker process."""
    max_waiting: int = Field(default=32, ge=0)
    """Requests past the cap that may wait for a slot; more are refused at once with 503 and
    Retry-After. 0: refuse everything past the cap."""
    max_wait_seconds: float = Field(default=1.0, gt=0)
    """How long a request waits for a slot before it is refused with 503."""
    workers: int = Field(default=1, ge=1, le=64)
    """Worker processes (``serve --workers``): each loads the models and opens its own driver;
    worth it on machines with cores to spare."""


class EmbeddingSettings(_Section):
    """The embedder; its dimension sizes the vector index. ``model = "none"`` turns vectors off."""

    model: Literal["all-MiniLM-L6-v2", "none"] = "all-MiniLM-L6-v2"
    dimension: int = Field(default=384, ge=1, le=4096)


SEED_MODULE = "context-decision-journal"


class JournalSettings(_Section, ExtractorConfig):
    """Seed 000's configuration keys (docs/configuration.md says what each does here). The
    extraction switches (``extract_*``, ``link_to_*``) are ``ExtractorConfig``'s, so the
    section is the extractor's configuration as it stands."""

    auto_detect: bool = True
    detection_keywords: list[str] = Field(default_factory=lambda: list(SEED000_KEYWORDS))
    detection_threshold: float = Field(default=0.7, ge=0.0, le=1.0)
    draft_kinds: list[DetectorKind] = Field(default_factory=lambda: sorted(DRAFT_KINDS))
    """Kinds of conversation whose detections are all drafts (``nlp.detector_features.DRAFT_KINDS``)."""
    detector_model: str | None = None
    """A detector model file to detect with instead of the shipped one: the journal's own,
    corrected by its review labels (``review learn`` writes it). Unset: the journal's own file
    in the data folder when ``review learn`` has written one, else the shipped model."""
    llm_confirmation: bool = True
    structured_extraction: bool = True
    auto_link_strategy: Literal["file_mention", "git_context", "llm_inference"] = "file_mention"
    # The seed's stores all become the graph's indexes; the values are accepted so a seed
    # config file loads unchanged.
    search_index: Literal["neo4j", "memory", "sqlite", "elasticsearch"] = "neo4j"
    index_embeddings: bool = True
    embedding_model: str = "all-MiniLM-L6-v2"
    enable_fts: bool = True
    persistence: bool = True
    storage_path: str = ".amplifier/decisions/"
    retention_days: int = Field(default=730, ge=1)
    enable_temporal_queries: bool = True
    enable_stakeholder_queries: bool = True
    enable_technology_queries: bool = True
    track_superseded_decisions: bool = True
    detect_revisited_decisions: bool = True


class PeopleSettings(_Section):
    """Names that are one person: ``[people.aliases]`` maps a handle, nick or name to the
    person's handle (``"Alice Smith" = "@alice"``). Ingestion applies them as
    ``decision-journal people merge`` would, before a process first stores decisions."""

    aliases: dict[str, str] = Field(default_factory=dict)


class LLMSettings(_Section):
    """An OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, llama.cpp). The LLM path runs
    when a model is named and an endpoint or key is given; otherwise the offline path."""

    model: str | None = None
    base_url: str | None = None
    api_key: SecretStr | None = None
    timeout: float = Field(default=30.0, gt=0)
    max_retries: int = Field(default=2, ge=0, le=10)
    max_tokens: int = Field(default=512, ge=16)
    temperature: float = Field(default=0.0, ge=0.0, le=2.0)
    candidate_threshold: float = Field(default=0.5, ge=0.0, le=1.0)
    context_messages: int = Field(default=10, ge=1, le=50)
    concurrency: int = Field(default=4, ge=1, le=32)

    @property
    def active(self) -> bool:
        return bool(self.model) and (self.base_url is not None or self.api_key is not None)


Scope = Literal["read", "write", "admin"]


class TokenSettings(_Section):
    """One bearer token: who holds it, what it may do, which access groups it reads.

    ``read`` queries; ``write`` also ingests, records, supersedes and marks revisits;
    ``admin`` does everything and reads every group.
    """

    name: str = Field(min_length=1)
    token: SecretStr
    scopes: list[Scope] = Field(default_factory=lambda: list[Scope](["read"]), min_length=1)
    groups: list[str] = Field(default_factory=list)
    expires_at: datetime | None = None
    """After this instant the token is refused (401); none: it does not expire. An instant
    without a zone is UTC."""

    @field_validator("expires_at")
    @classmethod
    def _zoned(cls, value: datetime | None) -> datetime | None:
        return value.replace(tzinfo=UTC) if value is not None and value.tzinfo is None else value

    @field_validator("token")
    @classmethod
    def _long_enough(cls, value: SecretStr) -> SecretStr:
        if len(value.get_secret_value()) < 16:
            raise ValueError("a token needs at least 16 characters (try: python -c 'import secrets; print(secrets.token_urlsafe())')")
        return value


class AuthSettings(_Section):
    """Bearer-token access to the HTTP API. ``enabled`` unset means: on as soon as a token
    is configured; off (said loudly at start-up) for local development without tokens."""

    enabled: bool | None = None
    tokens: list[TokenSettings] = Field(default_factory=list)
    local_groups: list[str] | None = None
    """The access groups the local faces (the CLI, the MCP server over stdio, the Python API)
    read and write as, like a token's ``groups``; unset: every group, for the owner of the
    local journal. Set it to see (and write) what only these groups may."""

    @model_validator(mode="after")
    def _consistent(self) -> AuthSettings:
        if self.enabled and not self.tokens:
            raise ValueError("auth.enabled is true but no [[auth.tokens]] are configured")
        names = [t.name for t in self.tokens]
        if len(names) != len(set(names)):
            raise ValueError("auth.tokens: every token needs its own name")
        return self

    @property
    def active(self) -> bool:
        """Whether requests must carry a token."""
        return self.enabled if self.enabled is not None else bool(self.tokens)


class GraphQLSettings(_Section):
    """Limits that keep one GraphQL request from costing the database too much."""

    max_depth: int = Field(default=10, ge=2, le=50)
    max_cost: int = Field(default=20_000, ge=10)
    default_page_size: int = Field(default=20, ge=1)
    max_page_size: int = Field(default=100, ge=1)
    graphiql: bool = True


class Settings(BaseSettings):
    """Every setting of the service, grouped by section."""

    model_config = SettingsConfigDict(
        env_prefix="DJ_", env_nested_delimiter="__", extra="forbid", frozen=True
    )

    neo4j: Neo4jSettings = Neo4jSettings()
    # A factory, not an instance: the default home depends on the environment, which is
    # read when the settings are (at the edge), never at import.
    local_neo4j: LocalNeo4jSettings = Field(default_factory=LocalNeo4jSettings)
    server: ServerSettings = ServerSettings()
    embedding: EmbeddingSettings = EmbeddingSettings()
    journal: JournalSettings = JournalSettings()
    auth: AuthSettings = AuthSettings()
    graphql: GraphQLSettings = GraphQLSettings()
    llm: LLMSettings = LLMSettings()
    people: PeopleSettings = PeopleSettings()

    @model_validator(mode="before")
    @classmethod
    def _seed_shape(cls, data: Any) -> Any:
        """Accept seed 000's ``[[contexts]]`` list: its module's ``config`` is the journal section."""
        if not isinstance(data, dict) or "contexts" not in data:
            return data
        contexts = data.pop("contexts")
        if not isinstance(contexts, list):
            raise ValueError("contexts must be a list of tables ([[contexts]])")
        for context in contexts:
            module = context.get("module") if isinstance(context, dict) else None
            if module != SEED_MODULE:
                raise ValueError(f"contexts: unknown module {module!r}; this service reads {SEED_MODULE!r}")
            data["journal"] = {**data.get("journal", {}), **(context.get("config") or {})}
        return data

    @property
    def embedded(self) -> bool:
        """True when the service runs its own local Neo4j."""
        return self.neo4j.uri is None

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (
            init_settings,
            _StandardEnvSource(settings_cls),
            env_settings,
            _TomlFileSource(settings_cls),
        )


class _TomlFileSource(TomlConfigSettingsSource):
    """The TOML file, with a relative ``local_neo4j`` folder read against the file's own
    folder: the same file must name the same journal from whatever directory it is used."""

    def _read_file(self, file_path: Path | Traversable) -> dict[str, Any]:
        try:
            data = super()._read_file(file_path)
        except tomllib.TOMLDecodeError as exc:
            raise ConfigFileUnreadable.from_toml_error(str(file_path), exc) from exc
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigFileUnreadable(str(file_path), None, None, str(exc)) from exc
        local = data.get("local_neo4j")
        if isinstance(local, dict) and isinstance(file_path, Path):
            for key in ("home", "lib_dir"):
                value = local.get(key)
                if isinstance(value, str) and not Path(value).expanduser().is_absolute():
                    local[key] = str(file_path.resolve().parent / value)
        return data


_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")


class ConfigFileUnreadable(ApiError):
    """The TOML file cannot be read or is not valid TOML.

    Attributes:
        file: The file as it was named.
        line: The 1-based line of the syntax error, when there is one.
        column: The 1-based column of the syntax error, when there is one.
        reason: What is wrong, without the position.
    """

    def __init__(self, file: str, line: int | None, column: int | None, reason: str) -> None:
        self.file, self.line, self.column, self.reason = file, line, column, reason
        where = f", line {line}, column {column}" if line is not None else ""
        super().__init__(f"config file {file}{where}: {reason}")

    @classmethod
    def from_toml_error(cls, file: str, error: tomllib.TOMLDecodeError) -> ConfigFileUnreadable:
        """The error for ``file`` from tomllib's, whose message carries the position as
        "(at line L, column C)" (Python 3.11-3.13; 3.14 has it as attributes too)."""
        message = str(error)
        found = _TOML_POSITION.search(message)
        if found is None:
            return cls(file, None, None, f"not valid TOML: {message}")
        reason = message[: found.start()]
        return cls(file, int(found[1]), int(found[2]), f"not valid TOML: {reason}")


class _StandardEnvSource(PydanticBaseSettingsSource):
    """The variable names Neo4j's own tools use, mapped onto the sections."""

    def get_field_value(self, field: Any, field_name: str) -> tuple[Any, str, bool]:
        return None, field_name, False  # __call__ does the work

    def __call__(self) -> dict[str, Any]:
        values: dict[str, dict[str, str]] = {}
        for name, (section, key) in _STANDARD_ENV.items():
            value = os.environ.get(name)
            if value:
                values.setdefault(section, {})[key] = value
        return values


@dataclass(frozen=True)
class ConfigChoice:
    """Which TOML file the settings come from, and why.

    Attributes:
        file: The file read, or None.
        origin: ``--config``, ``DJ_CONFIG``, ``user`` (the per-user file) or ``none``.
        ignored: A ``./decision-journal.toml`` that exists but is not read (not named).
    """

    file: Path | None
    origin: Literal["--config", "DJ_CONFIG", "user", "none"]
    ignored: Path | None = None


def choose_config_file(config_file: Path | None = None) -> ConfigChoice:
    """The one TOML file to read: ``config_file``, else ``$DJ_CONFIG``, else the per-user
    ``config.toml`` when it exists.

    Raises:
        FileNotFoundError: An explicitly named config file does not exist.
    """
    choice: ConfigChoice
    if config_file is not None:
        choice = ConfigChoice(config_file, "--config")
    elif os.environ.get("DJ_CONFIG"):
        choice = ConfigChoice(Path(os.environ["DJ_CONFIG"]), "DJ_CONFIG")
    else:
        user_file = user_config_file()
        choice = ConfigChoice(user_file, "user") if user_file.is_file() else ConfigChoice(None, "none")
    if choice.origin != "user" and choice.file is not None and not choice.file.is_file():
        raise FileNotFoundError(f"config file {choice.file} does not exist ({choice.origin})")
    local = LOCAL_CONFIG_FILE
    if local.is_file() and (choice.file is None or choice.file.resolve() != local.resolve()):
        choice = ConfigChoice(choice.file, choice.origin, ignored=local)
    return choice


def load_settings(config_file: Path | None = None) -> Settings:
    """Read the settings once; call this only from the CLI or the app factory.

    Args:
        config_file: A TOML file; by default ``$DJ_CONFIG``, else the per-user
            ``config.toml`` when it exists (``choose_config_file``).

    Raises:
        FileNotFoundError: An explicitly named config file does not exist.
        ConfigFileUnreadable: The file cannot be read or is not valid TOML.
        pydantic.ValidationError: A value is invalid or a key is unknown.
    """
    return read_settings(choose_config_file(config_file))


def read_settings(choice: ConfigChoice) -> Settings:
    """The settings from the environment and the chosen file (see ``load_settings``).

    Raises:
        ConfigFileUnreadable: The file cannot be read or is not valid TOML.
        pydantic.ValidationError: A value is invalid or a key is unknown.
    """
    toml_file = choice.file
    if toml_file is None:
        return Settings()
    bound = type("Settings", (Settings,), {"model_config": {**Settings.model_config, "toml_file": toml_file}})
    settings: Settings = bound()
    return settings


def describe(settings: Settings) -> dict[str, Any]:
    """The settings as plain data with secrets masked, for ``doctor`` and logs."""
    data = settings.model_dump(mode="json")
    for token in data["auth"]["tokens"]:
        token["token"] = "********"
    for section in data.values():
        for key, value in section.items():
            if "password" in key or "key" in key.split("_"):
                section[key] = "********" if value else None
    return data
