"""The cost limit: a request may not ask for more objects than the server allows.

Each field costs one per object it is resolved on; a field with a ``first`` argument
multiplies what is selected under it by that page size (the default page size when not
given, the maximum when it is a variable). So ``decisions(first: 50) { edges { node {
stakeholders { decisions(first: 50) { … } } } } }`` costs thousands and is refused before
anything runs, while a page of 50 decisions with all their fields is cheap.
"""

from __future__ import annotations

from graphql import (
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    InlineFragmentNode,
    IntValueNode,
    OperationDefinitionNode,
    SelectionSetNode,
    ValidationContext,
    ValidationRule,
)


def cost_limit_rule(max_cost: int, default_page: int, max_page: int) -> type[ValidationRule]:
    """A graphql-core validation rule refusing operations that cost more than ``max_cost``."""

    class CostLimit(ValidationRule):
        def __init__(self, context: ValidationContext) -> None:
            super().__init__(context)
            self._fragments = {
                d.name.value: d for d in context.document.definitions if isinstance(d, FragmentDefinitionNode)
            }

        def enter_operation_definition(self, node: OperationDefinitionNode, *_args: object) -> None:
            cost = self._cost(node.selection_set, 1, frozenset())
            if cost > max_cost:
                name = node.name.value if node.name else "the operation"
                self.report_error(GraphQLError(
                    f"{name} would cost {cost:,}, over the limit of {max_cost:,}; ask for smaller pages "
                    "(first) or fewer nested lists", node,
                ))

        def _cost(self, selection_set: SelectionSetNode | None, multiplier: int, seen: frozenset[str]) -> int:
            if selection_set is None:
                return 0
            total = 0
            for selection in selection_set.selections:
                if isinstance(selection, FieldNode):
                    if selection.name.value.startswith("__"):
                        continue  # introspection is free
                    total += multiplier + self._cost(selection.selection_set, multiplier * _page(selection), seen)
                elif isinstance(selection, InlineFragmentNode):
                    total += self._cost(selection.selection_set, multiplier, seen)
                elif isinstance(selection, FragmentSpreadNode):
                    name = selection.name.value
                    fragment = self._fragments.get(name)
                    if fragment is not None and name not in seen:  # cycles are another rule's error
                        total += self._cost(fragment.selection_set, multiplier, seen | {name})
            return total

    def _page(field: FieldNode) -> int:
        for argument in field.arguments or ():
            if argument.name.value == "first":
                value = argument.value
                return max(int(value.value), 1) if isinstance(value, IntValueNode) else max_page
        return default_page if _pages(field) else 1

    def _pages(field: FieldNode) -> bool:
        # Connections and search return pages even when `first` is left out.
        return field.name.value in {
            "decisions", "impact", "timeline", "search", "decisionsByEntity", "decisionsByPolicy", "precedentDeviations",
            "drafts", "sessions",
        }

    return CostLimit
