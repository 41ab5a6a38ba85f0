"""PettingZoo's usual spelling, ``ambigu_rules.rl.env(version)``, of
:mod:`ambigu_rules.learning` (the optional extra ``rl``): the same ``env``,
``raw_env`` and ``single_agent``, documented there. This alias has no page of
its own in the API reference: the site's translation plugin would take a page
named ``ambigu_rules.rl.html`` for one in a language "rl".
"""

from __future__ import annotations

from .learning import env, raw_env, single_agent

__all__ = ["env", "raw_env", "single_agent"]
