"""Seed 000's extraction switches: which fields extraction fills in. Kept apart from
``nlp.extract`` (which loads spaCy) because the settings are these keys too: the journal's
settings section extends this model, so each switch is declared once."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class ExtractorConfig(BaseModel):
    """Which fields of a decision extraction fills in (seed 000's ``extract_*`` and
    ``link_to_*`` keys); every one is on unless turned off."""

    model_config = ConfigDict(frozen=True)

    extract_rationale: bool = True
    extract_alternatives: bool = True
    extract_trade_offs: bool = True
    extract_stakeholders: bool = True
    link_to_code: bool = True
    link_to_features: bool = True
