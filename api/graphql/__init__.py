"""The GraphQL face: strawberry types over the same services the CLI uses."""
