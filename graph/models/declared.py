"""What the models declare, read back from them: the labels, properties and edges that
docs/graph-model.md, the schema files and the stored graph are checked against."""

from __future__ import annotations

from functools import cache

from neomodel import AsyncStructuredNode, AsyncStructuredRel

from graph.models import nodes

NODE_MODELS: tuple[type[AsyncStructuredNode], ...] = (
    nodes.DecisionNode,
    nodes.PolicyDecisionNode,
    nodes.AlternativeNode,
    nodes.StakeholderNode,
    nodes.AliasNode,
    nodes.RepositoryNode,
    nodes.FileNode,
    nodes.FeatureNode,
    nodes.SessionNode,
    nodes.MessageNode,
    nodes.TagNode,
    nodes.PolicyNode,
    nodes.StandingExceptionNode,
    nodes.EntityNode,
    nodes.CommitNode,
    nodes.ReviewLabelNode,
)

Ends = tuple[frozenset[str], frozenset[str]]


def declared_node_properties(model: type[AsyncStructuredNode]) -> set[str]:
    """The property names a node of ``model`` may store (as stored: ``id``, not ``uid``)."""
    return {prop.db_property or name for name, prop in model.defined_properties(aliases=False, rels=False).items()}


@cache
def _relationships() -> dict[str, tuple[set[Ends], set[str]]]:
    """Each relationship type: the label sets it may join (from, to) and its properties."""
    declared: dict[str, tuple[set[Ends], set[str]]] = {}
    for model in NODE_MODELS:
        for definition in model.defined_properties(aliases=False, properties=False, rels=True).values():
            kind = definition.definition["relation_type"]
            ends, properties = declared.setdefault(kind, (set(), set()))
            here = frozenset(model.inherited_labels())
            target = definition._raw_class if isinstance(definition._raw_class, type) else getattr(nodes, definition._raw_class)
            # A relationship to a model also reaches its subclasses (a PolicyDecision is a Decision).
            for other in NODE_MODELS:
                if issubclass(other, target):
                    there = frozenset(other.inherited_labels())
                    ends.add((here, there) if definition.definition["direction"] >= 0 else (there, here))
            rel: type[AsyncStructuredRel] = definition.definition["model"] or AsyncStructuredRel
            properties |= {prop.db_property or name for name, prop in rel.defined_properties(aliases=False, rels=False).items()}
    return declared


def relationship_types() -> tuple[str, ...]:
    return tuple(sorted(_relationships()))


def declared_relationship_ends(kind: str) -> set[Ends]:
    """The (from labels, to labels) pairs a ``kind`` relationship may join."""
    return _relationships()[kind][0] if kind in _relationships() else set()


def declared_relationship_properties(kind: str) -> set[str]:
    return _relationships()[kind][1] if kind in _relationships() else set()
