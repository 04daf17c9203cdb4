"""Text people type (names above all) made safe for wherever Pott shows it.

- In a page, a name that stands on its own (a heading, a table cell, a seat, a list item) is in
  its own `<bdi>` element (the `bdi` template filter): the browser lays it out by itself, so a
  right-to-left name or a stray direction control in it cannot reorder the text around it.
- A name inside a sentence, whether Pott builds it in Python ("Seat 3 (Anna) to act", a
  message) or a template does ({% blocktranslate with name=…|isolate %}), and a name where no
  element can go (a window title, an SVG text), goes through `isolate`: the plain-text way of
  doing the same. The models' str() is isolated, so "%(name)s" % {"name": player} is too.
- In a CSV file, a cell of typed text goes through `spreadsheet_text`, and every CSV file is
  written by `csv_writer`, so that a spreadsheet never runs a name as a formula. Names are not
  isolated there: each cell is laid out on its own, and a file keeps names as they were typed.
- Two names are the same name when their `name_key`s are equal ("Åsa" and "åsa").
"""

from __future__ import annotations

import csv
import unicodedata
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString

FSI = "\u2068"  # FIRST STRONG ISOLATE
PDI = "\u2069"  # POP DIRECTIONAL ISOLATE

# Bidi classes of the explicit direction controls: embeddings and overrides (U+202A–U+202E),
# isolates (U+2066–U+2069). Inside a name they only ever do harm.
EXPLICIT = frozenset({"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})
# Right-to-left letters (Hebrew, Arabic, the RLM and ALM marks) and Arabic digits.
RIGHT_TO_LEFT = frozenset({"R", "AL", "AN"})


def isolate(text: Any) -> str:
    """`text` (a name) ready to be put into a sentence of plain text.

    Direction controls are removed from it (one could otherwise end the isolate early); what
    still has a direction of its own, right-to-left letters, is wrapped between FIRST STRONG
    ISOLATE and POP DIRECTIONAL ISOLATE, so that "<FSI>דני<PDI> pays 100" reads as written. A name
    with neither (the usual case) comes back as it is: no invisible characters for copy and
    paste, search and tests to trip over when there is nothing to isolate.
    """
    text = str(text)
    classes = [unicodedata.bidirectional(char) for char in text]
    if not any(c in EXPLICIT or c in RIGHT_TO_LEFT for c in classes):
        return text
    kept = "".join(char for char, c in zip(text, classes, strict=True) if c not in EXPLICIT)
    if not any(c in RIGHT_TO_LEFT for c in classes):
        return kept
    return FSI + kept + PDI


def name_key(name: str) -> str:
    """What makes two names one name: the same letters, however they are capitalised, composed
    or spaced ("Åsa  Berg", "ÅSA berg" and "åsa berg" are one name). A roster holds a name once
    (`Player.objects.named`); Python's casefold, not the database's LOWER(), which in SQLite
    knows only ASCII. At most three characters per character of `name` (casefold's widest)."""
    return unicodedata.normalize("NFC", " ".join(name.split()).casefold())


def bdi(value: Any) -> SafeString | Any:
    """`value` (a name) in a `<bdi>` element, escaped: isolated from the text around it."""
    if value is None or value == "":
        return value
    return format_html("<bdi>{}</bdi>", value)


# A cell starting with one of these is a formula (or becomes one) in Excel, LibreOffice and
# Google Sheets: "=HYPERLINK(…)", "+1+1", "-1+1", "@SUM(…)", and a tab or a carriage return
# before any of them (OWASP, "CSV Injection").
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(text: Any) -> str:
    """A cell of text that someone typed (a name), for a CSV file.

    A cell that a spreadsheet would read as a formula gets a leading apostrophe, which makes
    it text (OWASP's advice). Only for text people type: the numbers Pott writes stay numbers.
    """
    text = "" if text is None else str(text)
    return "'" + text if text.startswith(FORMULA_START) else text


def csv_writer(out: Any) -> Any:
    """The one way Pott writes CSV: every text cell quoted, numbers bare.

    Quoting matters where a spreadsheet splits at semicolons, as Excel does in Swedish,
    German and Icelandic: a name like `Bo;=1+1` must not become a second cell, a formula.
    """
    return csv.writer(out, quoting=csv.QUOTE_NONNUMERIC)
