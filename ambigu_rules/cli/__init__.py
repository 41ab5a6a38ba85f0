"""The ``ambigu`` command line.

Every command but ``play`` (which is a conversation) takes ``--json``.
VARIANT is a built-in id or a path to a YAML file. A user mistake prints one
line on stderr and exits with status 2;
Ctrl-C prints ``ambigu: interrupted`` and exits with status 130. Output that
cannot be written (a full disk) is one line ``ambigu: cannot write the
output: ...`` and status 2; a reader that stops reading (``| head``) ends the
command quietly, with status 0.

Everything printed goes through :mod:`ambigu_rules.terminal_text`: the
characters a terminal would obey rather than show (escape sequences,
direction overrides, lone surrogates from a file name that is not UTF-8) are
printed as escapes such as ``\\x1b``, and ``--json`` escapes them too.
"""

from __future__ import annotations

import errno
import io
import sys
from collections.abc import Sequence
from typing import TextIO, cast

from ..errors import INTERRUPTED, AmbiguError, OutputError, SourceError
from ..terminal_text import discard_output, flush, write_line
from .output import USER_ERROR, say_error
from .parser import build_parser

__all__ = ["build_parser", "main"]


class ClosedOutput(io.TextIOBase):
    """Standard output for a process started without one (``ambigu variants >&-``),
    where Python leaves ``sys.stdout`` as ``None``: every write fails as a write to a
    closed descriptor does, so that the command says so in one line (status 2).

    >>> ClosedOutput().write("x")
    Traceback (most recent call last):
    OSError: [Errno 9] standard output is closed
    """

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status.

    Standard output is flushed here, before the exit status is known, so that
    a write that fails (a full disk: status 2, one line) is never first seen
    by Python's own flush at exit, which would print "Exception ignored".
    """
    if sys.stdout is None:
        sys.stdout = cast("TextIO", ClosedOutput())
    try:
        try:
            return _run(argv)
        finally:
            flush(sys.stdout)
    except KeyboardInterrupt:
        if sys.stdout.isatty():
            try:  # end the prompt's line
                write_line(sys.stdout)
                flush(sys.stdout)
            except OutputError:
                pass
        say_error("ambigu: interrupted")
        return INTERRUPTED
    except OutputError as error:
        return _output_failed(error)


def _output_failed(error: OutputError) -> int:
    """Say that the output could not be written, and make sure nothing more tries."""
    discard_output(sys.stdout)
    if error.closed_pipe:  # the reader has what it wanted, as `ambigu show foster | head`
        return 0
    say_error(f"ambigu: cannot write the output: {error}")
    return USER_ERROR


def _run(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status = args.handler(args)
    except SourceError as error:  # a rule file's or a replay's: each line at its place
        for line in error.problems:
            say_error(line)
        return USER_ERROR
    except AmbiguError as error:
        say_error(f"ambigu: error: {error}")
        return USER_ERROR
    return int(status or 0)
