"""``python -m ambigu_rules`` and the ``ambigu`` command run the command line.

:func:`run` imports the command line itself, so that Ctrl-C while it loads
(pydantic and the parser take a few tenths of a second) ends the command as
Ctrl-C does later: one line, status 130, no traceback.
"""

import sys

from .errors import INTERRUPTED


def run() -> int:
    """Load the command line and run it; the exit status."""
    try:
        from .cli import main
    except KeyboardInterrupt:
        sys.stderr.write("ambigu: interrupted\n")
        return INTERRUPTED
    return main()


if __name__ == "__main__":
    sys.exit(run())
