"""Checks of text people type that more than one form needs."""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# Invisible characters that change the direction of the text after them: embeddings and
# overrides (U+202A–U+202E), isolates (U+2066–U+2069), and the direction marks (LRM, RLM, ALM).
DIRECTION_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
)
# Format characters a name may need: the zero width non-joiner and joiner shape Persian, Arabic
# and Indic names and join emoji ("👩‍👧").
JOINERS = frozenset("\u200c\u200d")
# Control characters people may recognise by name.
SPOKEN = {"\t": gettext_lazy("a tab"), "\n": gettext_lazy("a line break"),
          "\r": gettext_lazy("a line break")}  # fmt: skip


def clean_name(text: str) -> str:
    """A name someone typed (a player, a table, a session, a tournament), ready to store.

    Leading and trailing spaces go, and the name is in Unicode's composed form (NFC: "Å" typed
    either way is the same name). Refused, with a message that says which character and why:
    direction controls (a RIGHT-TO-LEFT OVERRIDE after "Anna" in "Anna pays 100" shows the
    rest of the line backwards), control characters (a tab, a line break, an escape), other
    invisible format characters (a zero width space, a soft hyphen, a byte order mark) and
    line and paragraph separators. Letters of every script, marks, emoji, spaces and
    punctuation are names' business.
    """
    name = unicodedata.normalize("NFC", text).strip()
    for char in name:
        category = unicodedata.category(char)
        if char in DIRECTION_CONTROLS:
            raise ValidationError(
                _(
                    "A name cannot contain %(char)s: an invisible character that changes the"
                    " direction of the text around it."
                )
                % {"char": _describe(char)},
                code="direction_control",
            )
        if category in {"Cc", "Zl", "Zp"}:
            raise ValidationError(
                _("A name cannot contain %(char)s: keep it to one line of letters and spaces.")
                % {"char": _describe(char)},
                code="control_character",
            )
        if category in {"Cf", "Cs"} and char not in JOINERS:
            raise ValidationError(
                _("A name cannot contain %(char)s: an invisible character.")
                % {"char": _describe(char)},
                code="invisible_character",
            )
    return name


def _describe(char: str) -> str:
    """ "U+202E RIGHT-TO-LEFT OVERRIDE", "a tab (U+0009)": the code point and a name."""
    code = f"U+{ord(char):04X}"
    if char in SPOKEN:
        return f"{SPOKEN[char]} ({code})"
    name = unicodedata.name(char, "")
    return f"{code} {name}" if name else code
