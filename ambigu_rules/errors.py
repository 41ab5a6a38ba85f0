"""Exceptions a user can act on.

Every error the package raises for bad input derives from :class:`AmbiguError`;
the command line prints its message on one line and exits with status 2.
"""

from __future__ import annotations


class AmbiguError(Exception):
    """Base class of every error caused by the user's input."""


class CardError(AmbiguError, ValueError):
    """A card or hand that cannot be read, or breaks the deck's rules.

    >>> raise CardError("'11H' is not a card: unknown rank '11'")
    Traceback (most recent call last):
    ...
    ambigu_rules.errors.CardError: '11H' is not a card: unknown rank '11'
    """


class RulesetError(AmbiguError):
    """One or more problems found in rule files.

    ``problems`` holds one line per problem, each of the form
    ``file:line:col: path: what is wrong``.
    """

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__(self.problems[0] if self.problems else "invalid ruleset")

    def __str__(self) -> str:
        return "\n".join(self.problems)


class UnknownVariantError(AmbiguError):
    """A variant name that is neither a built-in id nor an existing file."""


class IllegalActionError(AmbiguError, ValueError):
    """An action that the rules do not allow at this point of the deal."""
