"""Chip colours: stored by their English key ("white"), shown in the reader's language.

A host types a chip set in their own language ("vit 1, röd 5"); a colour Pott knows is stored
by its key, so the chip set reads "white 1, red 5" in English and "vit 1, röd 5" in Swedish. A
colour Pott doesn't know ("teal") is stored and shown as typed.
"""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

CHIP_COLOURS = {
    "white": pgettext_lazy("chip colour", "white"),
    "red": pgettext_lazy("chip colour", "red"),
    "green": pgettext_lazy("chip colour", "green"),
    "black": pgettext_lazy("chip colour", "black"),
    "blue": pgettext_lazy("chip colour", "blue"),
    "purple": pgettext_lazy("chip colour", "purple"),
    "yellow": pgettext_lazy("chip colour", "yellow"),
    "orange": pgettext_lazy("chip colour", "orange"),
    "pink": pgettext_lazy("chip colour", "pink"),
    "grey": pgettext_lazy("chip colour", "grey"),
    "brown": pgettext_lazy("chip colour", "brown"),
}


def colour_name(colour: str) -> str:
    """A stored colour as the reader says it."""
    label = CHIP_COLOURS.get(colour)
    return colour if label is None else str(label)


def colour_key(name: str) -> str:
    """What a host typed, as stored: the key of a colour Pott knows (in English or the active
    language), else the name itself in lower case."""
    lower = name.strip().lower()
    for key, label in CHIP_COLOURS.items():
        if lower in (key, str(label).lower()):
            return key
    return lower
