"""Where the site build may write: inside its target folder, nowhere else.

Names of written files come from rule files (a version's id names its page
and its table). Ids are safe names by construction (``rules.common``), and
every writer of the build asks :func:`inside` for its path all the same, so
that no name, however it was made, can lead a write out of the folder.

>>> from pathlib import Path
>>> inside(Path("site/assets/tables"), "foster.table").as_posix()
'site/assets/tables/foster.table'
>>> inside(Path("site/tables"), "../../tmp/x.table")
Traceback (most recent call last):
...
ambigu_rules.errors.OutsideFolderError: '../../tmp/x.table' would be written outside site/tables
"""

from __future__ import annotations

from pathlib import Path

from ..errors import OutsideFolderError


def inside(folder: Path, relative: str) -> Path:
    """``folder / relative``, refused if it is absolute or leads out of ``folder``
    (through ``..`` or a symbolic link already there)."""
    path = folder / relative
    if Path(relative).is_absolute() or not path.resolve().is_relative_to(folder.resolve()):
        raise OutsideFolderError(f"{relative!r} would be written outside {folder.as_posix()}")
    return path
