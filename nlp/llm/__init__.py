"""The optional LLM path: one client protocol, one OpenAI-compatible adapter, versioned
prompts, and the steps that use them (confirm, extract, abstract, relate). Without an
endpoint none of it runs and the offline path is unchanged."""
