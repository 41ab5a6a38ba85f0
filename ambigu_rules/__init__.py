"""Ambigu rules: rule specifications, evaluator and interpreter for Ambigu.

The rules of each historical version live in YAML files under ``rulesets/``;
this package knows the vocabulary those files use and nothing of any
particular version.
"""

__version__ = "0.1.0"
