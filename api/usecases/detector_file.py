"""Which detector model the journal detects with: the shipped one, or the journal's own, which
``review learn`` writes with the correction its review labels make (``nlp.review_adaptation``)."""

from __future__ import annotations

from pathlib import Path

from api.errors import ApiError
from api.user_dirs import user_dir
from nlp.detector_model import DetectorModel
from nlp.errors import NlpError


class DetectorFileError(ApiError, ValueError):
    """A detector model file that cannot be read (its path and what is wrong are named)."""


OWN_MODEL = "detector_model.json"
"""The journal's own model, in the user's data folder beside the local Neo4j."""


def own_model_file() -> Path:
    """Where ``review learn`` writes the journal's own model unless told otherwise."""
    return user_dir("data") / OWN_MODEL


def detector_model_file(configured: str | None) -> Path | None:
    """The model file to detect with: ``[journal] detector_model`` when set, else the
    journal's own when ``review learn`` wrote one, else None (the shipped model)."""
    if configured:
        return Path(configured).expanduser()
    own = own_model_file()
    return own if own.is_file() else None


def read_detector_model(path: Path) -> DetectorModel:
    """The model in ``path``.

    Raises:
        DetectorFileError: The file is missing or is not a detector model (what is wrong is named).
    """
    try:
        return DetectorModel.from_json(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DetectorFileError(f"the detector model {path} cannot be read: {exc.strerror or exc}") from exc
    except (ValueError, KeyError, TypeError, NlpError) as exc:
        raise DetectorFileError(f"{path} is not a detector model ({exc}): write one with `decision-journal review learn`") from exc
