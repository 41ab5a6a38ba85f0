"""The figures of *How the versions play* still hold for the rules and the engine of today.

``rulesets/site/how-the-versions-play.json`` is written by ``make analysis``
(200,000 deals per version). Here each simulated version plays a small
sample again, :data:`SAMPLE_DEALS` deals under another seed with the same
bots and table, and each of its main figures must agree with the committed
one: the difference between the two means may be at most four standard
errors of that difference. The errors come from the committed run, whose
many blocks measure how much a block's figure scatters (its interval's
half-width over Student's t for its blocks); a sample of ``b`` blocks' worth
of deals (here half a block) out of ``B`` scatters ``sqrt(B / b)`` times as
much, so the difference's error is the committed one times
``sqrt(1 + B / b)``. At four standard errors a difference arises by chance
about once in 16,000, so a failure means that the figures no longer describe
how the package plays: run ``make analysis``. A sample this small catches a
gross change only (with 200 committed blocks of 1,000 deals: about a third
of the pot per deal, six or seven points of the share of showdowns); the
figures are made again by ``make analysis`` whenever the engine or the bots
change how they play.

A version the file says is ``played_as`` another was not simulated: it is
equal to that one in everything played. Here both play the same seeded deals
and must write the very same records.
(The file's rules digests are not compared: they change with every word of a
rule file's notes, and the figures only with how the rules play.)
"""

from __future__ import annotations

import json
import math

import pytest

from ambigu_rules.load.resolver import load_ruleset
from ambigu_rules.play.play_statistics import ENDINGS, Estimate, play_statistics, t95
from ambigu_rules.play.simulate import play_fingerprint, simulate
from ambigu_rules.site.play_data import Figure, load_play_data

DATA = load_play_data()
SAMPLE_DEALS = 500
#: Deals played by both a version and the one it is played as.
TWIN_DEALS = 40


def agree(sample: Estimate, committed: Figure, blocks: int) -> bool:
    """Whether a sample of :data:`SAMPLE_DEALS` deals and the committed figure of
    ``blocks`` blocks differ by at most four standard errors of their difference."""
    assert DATA is not None
    sample_blocks = SAMPLE_DEALS / DATA.block_size
    committed_error = (committed.high - committed.low) / (2 * t95(blocks - 1))
    allowed = 4 * committed_error * math.sqrt(1 + blocks / sample_blocks)
    return abs(sample.mean - committed.mean) <= allowed


def simulated() -> list[str]:
    return sorted(name for name, run in DATA.versions.items() if run.played_as is None) \
        if DATA else []


def played_as() -> list[tuple[str, str]]:
    return sorted((name, run.played_as) for name, run in DATA.versions.items()
                  if run.played_as is not None) if DATA else []


def test_the_figures_file_is_there() -> None:
    assert DATA is not None, "rulesets/site/how-the-versions-play.json is missing: make analysis"


@pytest.mark.slow
@pytest.mark.parametrize("version", simulated())
def test_a_fresh_sample_agrees_with_the_committed_figures(version: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert DATA is not None
    committed = DATA.versions[version]
    records = tmp_path / "deals.jsonl"
    simulate(version, hands=SAMPLE_DEALS, players=DATA.players,
             seed=DATA.seed + 1, bots=DATA.bots, rebuy=DATA.rebuy,
             block_size=DATA.block_size, deals_out=records)
    with records.open(encoding="utf-8") as lines:
        sample = play_statistics((json.loads(line) for line in lines), DATA.players,
                                 session_deals=DATA.session_deals)
    figures = committed.figures
    pairs = [(f"ending {kind}", sample.endings[kind], figures.endings[kind]) for kind in ENDINGS
             if figures.endings[kind].mean > 0]
    pairs += [("pot", sample.pot, figures.pot),
              ("combination_paid", sample.combination_paid, figures.combination_paid)]
    disagree = [f"{name}: sample {fresh.mean:.4f} [{fresh.low:.4f}, {fresh.high:.4f}], "
                f"committed {old.mean:.4f} [{old.low:.4f}, {old.high:.4f}]"
                for name, fresh, old in pairs if not agree(fresh, old, figures.blocks)]
    assert disagree == []


@pytest.mark.parametrize(("version", "same"), played_as())
def test_a_version_played_as_another_plays_its_very_deals(version: str, same: str,
                                                          tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert DATA is not None
    records = {}
    for name in (version, same):
        records[name] = tmp_path / f"{name}.jsonl"
        simulate(name, hands=TWIN_DEALS, players=DATA.players, seed=DATA.seed,
                 bots=DATA.bots, rebuy=DATA.rebuy, block_size=DATA.block_size,
                 deals_out=records[name])
    lines = {name: path.read_text(encoding="utf-8").splitlines()
             for name, path in records.items()}
    assert len(lines[version]) == TWIN_DEALS
    assert lines[version] == lines[same]


def test_a_version_is_played_as_another_only_where_every_played_key_is_equal() -> None:
    assert DATA is not None
    for version, same in played_as():
        assert play_fingerprint(load_ruleset(version)) == play_fingerprint(load_ruleset(same))
    simulated_prints = [play_fingerprint(load_ruleset(name)) for name in simulated()]
    assert len(set(simulated_prints)) == len(simulated_prints), "a version simulated twice"
