"""Standing exceptions: pre-declared, versioned overrides that replace human approval."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from lineage.model import DecisionInputs

log = logging.getLogger("decision_journal.lineage")


@dataclass(frozen=True)
class ExceptionCondition:
    """When an exception activates: a predicate over the inputs, and what it means in words."""

    predicate: Callable[[DecisionInputs], bool]
    description: str


@dataclass(frozen=True)
class ExceptionOverride:
    """What happens when an exception activates."""

    action: Literal["allow", "allow_with_warning", "modify_params"]
    rationale_template: str
    param_modifications: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class StandingException:
    """A named, versioned exception that can override a policy's denial."""

    name: str
    version: str
    description: str
    applies_to_policies: frozenset[str]
    condition: ExceptionCondition
    override: ExceptionOverride
    effective_from: datetime
    expires_at: datetime | None = None
    max_applications: int | None = None  # None = unlimited

    @property
    def key(self) -> tuple[str, str]:
        return (self.name, self.version)

    def active_at(self, now: datetime) -> bool:
        return self.effective_from <= now and (self.expires_at is None or now < self.expires_at)


Applications = Callable[[StandingException], int]
"""How many times an exception has been applied so far (durably, when a store counts)."""


@dataclass
class ExceptionRegistry:
    """Standing exceptions in registration order; the first that applies wins."""

    _exceptions: list[StandingException] = field(default_factory=list)
    _applied: dict[tuple[str, str], int] = field(default_factory=dict)

    @classmethod
    def of(cls, *exceptions: StandingException) -> ExceptionRegistry:
        registry = cls()
        for exception in exceptions:
            registry.register(exception)
        return registry

    def register(self, exception: StandingException) -> None:
        """Add an exception after those already registered.

        Raises:
            ValueError: The same name and version is registered already.
        """
        if any(e.key == exception.key for e in self._exceptions):
            raise ValueError(f"standing exception {exception.name} {exception.version} is registered already")
        self._exceptions.append(exception)

    def all_for_policy(self, policy_name: str) -> Sequence[StandingException]:
        """Every exception that could apply to ``policy_name``, in registration order."""
        return [e for e in self._exceptions if policy_name in e.applies_to_policies]

    def find_applicable(
        self,
        policy_name: str,
        inputs: DecisionInputs,
        *,
        now: datetime | None = None,
        applications: Applications | None = None,
    ) -> StandingException | None:
        """The first exception, in registration order, that applies now; None if none does.

        An exception applies when it names the policy, is in effect (``effective_from`` ≤
        now < ``expires_at``), has applications left, and its predicate holds. A predicate
        that raises does not hold (and is logged): a broken rule must not grant anything.

        Args:
            applications: Counts of earlier applications; by default this registry's own
                (``note_applied``), which a durable store replaces.
        """
        moment = now or datetime.now(UTC)
        count = applications or (lambda e: self._applied.get(e.key, 0))
        for exception in self.all_for_policy(policy_name):
            if not exception.active_at(moment):
                continue
            if exception.max_applications is not None and count(exception) >= exception.max_applications:
                continue
            try:
                holds = bool(exception.condition.predicate(inputs))
            except Exception:
                log.warning("standing exception %s %s: predicate failed; not applied", exception.name, exception.version, exc_info=True)
                holds = False
            if holds:
                return exception
        return None

    def note_applied(self, exception: StandingException) -> None:
        """Count one application (in memory; a store counts durably)."""
        self._applied[exception.key] = self._applied.get(exception.key, 0) + 1
