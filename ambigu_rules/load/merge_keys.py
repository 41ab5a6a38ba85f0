"""The words of the merge: keys an extending file writes that are not rules.

A file that ``extends`` another may write ``remove`` at its top (the paths it
takes away from its parent's rules) and, on an item of a list that merges by
id, where the item goes: ``before`` or ``after`` another id, or ``replace:
true`` to stand instead of the parent's item. :mod:`.inheritance` acts on
them and takes them away before validation; :mod:`.validation` offers them
among the keys allowed when a file writes a key it does not know.

>>> REMOVE, PLACING
('remove', ('before', 'after', 'replace'))
"""

from __future__ import annotations

from typing import Final

#: The top-level key listing the parent's rules a file takes away.
REMOVE: Final = "remove"
#: The keys that place an item in a list that merges by id.
PLACING: Final = ("before", "after", "replace")
