"""The revision check every change goes through: a page posts the revision (version) of what it
showed, and a change lands only if that is still the latest; else it is refused as stale and
nothing is written. A revision only ever grows (an undo takes a new one too), so a tap from a
device that never saw the state it would land on is refused, however the numbers line up.
"""

from __future__ import annotations


class Stale(Exception):
    """The request was made from an out-of-date view: another device acted first."""
