"""The onboarding page at ``/``: a static page that talks to the app's own GraphQL API.

Everything the browser loads (the page, its script and style, GraphiQL and React) is
served from ``static/``; nothing comes from a CDN, so it works without internet.
"""
