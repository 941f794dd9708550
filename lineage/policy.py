"""What an agent hands to ``check_with_lineage``: the tool, its context, and versioned policies."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from types import MappingProxyType
from typing import Any, Protocol
from uuid import UUID

from lineage.digest import canonical, digest
from lineage.model import ConditionResult, EntityRef, InputSource


class Tool(Protocol):
    """Anything with a name that an agent calls."""

    @property
    def name(self) -> str: ...


@dataclass(frozen=True)
class NamedTool:
    """A tool known only by its name (enough for lineage)."""

    name: str


@dataclass(frozen=True)
class ToolContext:
    """What the agent knows when it calls a tool.

    Attributes:
        session_id: The agent session (its decisions form an append-only ledger).
        state: Session state the policies read (hashed into the ``session`` input source).
        filesystem: Whether the call touches a filesystem (adds a ``filesystem`` source).
        sources: Further inputs gathered by the agent, e.g. ``customer`` → its record.
        entity_refs: Domain entities involved; a ``path`` parameter adds a ``file`` entity.
    """

    session_id: UUID | str | None = None
    state: Mapping[str, Any] = field(default_factory=dict)
    filesystem: bool = False
    sources: Mapping[str, InputSource] = field(default_factory=dict)
    entity_refs: tuple[EntityRef, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "state", MappingProxyType(dict(self.state)))
        object.__setattr__(self, "sources", MappingProxyType(dict(self.sources)))


@dataclass(frozen=True)
class PolicyDecision:
    """A policy's verdict on one call (the seed's ``PolicyDecision``).

    ``conditions`` says what the policy checked; ``modifications`` are parameter changes
    an exception's ``modify_params`` asks the caller to apply.
    """

    allowed: bool
    reason: str | None = None
    conditions: tuple[ConditionResult, ...] = ()
    modifications: Mapping[str, Any] = field(default_factory=dict)
    warning: str | None = None

    @classmethod
    def allow(cls, conditions: tuple[ConditionResult, ...] = ()) -> PolicyDecision:
        return cls(True, None, conditions)

    @classmethod
    def deny(cls, reason: str, conditions: tuple[ConditionResult, ...] = ()) -> PolicyDecision:
        return cls(False, reason, conditions)


class ToolPolicy(Protocol):
    """A rule that allows or denies a tool call. It must be deterministic: the same tool,
    params and context give the same verdict."""

    @property
    def name(self) -> str: ...

    def check(self, tool: Tool, params: Any, *, context: ToolContext) -> PolicyDecision: ...


@dataclass(frozen=True)
class VersionedPolicy:
    """A policy with the version recorded in every decision it makes."""

    policy: ToolPolicy
    version: str
    effective_from: datetime

    @property
    def policy_hash(self) -> str:
        """Content hash of the policy's configuration: its class and its fields (or
        ``config()`` when it defines one), so two deployments of "1.2.0" that differ are told apart."""
        config = self.policy.config() if hasattr(self.policy, "config") else _fields(self.policy)
        kind = f"{type(self.policy).__module__}.{type(self.policy).__qualname__}"
        return digest({"policy": kind, "name": self.policy.name, "config": canonical(config)})


def _fields(policy: object) -> Any:
    return policy if hasattr(policy, "__dataclass_fields__") else dict(getattr(policy, "__dict__", {}))
