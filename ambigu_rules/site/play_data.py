"""The figures of *How the versions play*, as ``make analysis`` writes them.

``rulesets/site/how-the-versions-play.json`` is written by
``tools/analysis.py`` (:mod:`ambigu_rules.play.play_statistics` over
simulated deals) and read here, checked as strictly as the other data
files: a key that is not known, a figure that is not a number or an
interval whose ends are out of order is an error that names the file and
the place.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from pydantic import Field, ValidationError, model_validator

from ..errors import SiteError
from ..play.play_statistics import ENDINGS, PERCENTILES
from ..rules.common import Strict
from .data import data_dir

FILE_NAME = "how-the-versions-play.json"


class Figure(Strict):
    """A figure and its 95 % interval."""

    mean: float
    low: float
    high: float

    @model_validator(mode="after")
    def _ordered(self) -> Figure:
        if not all(math.isfinite(value) for value in (self.mean, self.low, self.high)):
            raise ValueError("a figure and its interval must be finite numbers")
        if not self.low <= self.mean <= self.high:
            raise ValueError(f"the interval {self.low} to {self.high} does not hold "
                             f"its figure {self.mean}")
        return self


class Figures(Strict):
    """One version's figures (see :class:`~ambigu_rules.play.play_statistics.PlayStatistics`)."""

    deals: int = Field(gt=0)
    blocks: int = Field(gt=1)
    endings: dict[str, Figure]
    pot: Figure
    combination_paid: Figure
    best_combination: dict[str, Figure]
    net_by_place: dict[str, Figure]
    session_deals: int = Field(gt=0)
    sessions: int = Field(ge=0)
    session_net: dict[str, Figure]

    @model_validator(mode="after")
    def _known_keys(self) -> Figures:
        if set(self.endings) != set(ENDINGS):
            raise ValueError(f"endings must be exactly {', '.join(ENDINGS)}")
        if set(self.session_net) != {str(percent) for percent in PERCENTILES}:
            raise ValueError("session_net must give the percentiles "
                             + ", ".join(str(percent) for percent in PERCENTILES))
        return self


class VersionRun(Strict):
    """What was simulated of one version."""

    rules_digest: str
    tables: int = Field(ge=1)
    figures: Figures
    #: The version whose simulated deals these are, where this one is equal to it in
    #: everything played (:func:`~ambigu_rules.play.simulate.play_fingerprint`) and
    #: so plays the very same deals from the same seed; ``None`` where simulated.
    played_as: str | None = None


class PlayData(Strict):
    """The whole file: how the run was made, and each version's figures."""

    command: str
    deals: int = Field(gt=0)
    seed: int
    players: int = Field(ge=2)
    bots: str
    block_size: int = Field(gt=0)
    session_deals: int = Field(gt=0)
    rebuy: bool
    #: Every player's bank when a table sits down.
    initial_bank: int = Field(gt=0)
    #: The betting limit the tables played where a version has one agreed.
    agreed_limit: int = Field(gt=0)
    #: The amounts the tables agreed, by step id; every other is its rule file's default.
    agreed: dict[str, int]
    program_version: str
    versions: dict[str, VersionRun] = Field(min_length=1)

    @model_validator(mode="after")
    def _played_as_names_a_simulated_version(self) -> PlayData:
        for name, run in self.versions.items():
            same = self.versions.get(run.played_as) if run.played_as else None
            if run.played_as is not None and (same is None or same.played_as is not None):
                raise ValueError(f"{name}: played_as {run.played_as!r} is not a version "
                                 "simulated in this file")
        return self


def load_play_data(path: Path | None = None) -> PlayData | None:
    """The figures file, or ``None`` where there is none yet."""
    path = path or data_dir() / FILE_NAME
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    try:
        return PlayData.model_validate(json.loads(text))
    except json.JSONDecodeError as error:
        raise SiteError(f"{path}:{error.lineno}:{error.colno}: {error.msg}") from None
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise SiteError(f"{path}: {where}: {first['msg']}") from None
