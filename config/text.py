"""Text people type (names above all) made safe for wherever Pott shows it.

- In a CSV file, a cell of typed text goes through `spreadsheet_text`, and every CSV file is
  written by `csv_writer`, so that a spreadsheet never runs a name as a formula.
"""

from __future__ import annotations

import csv
from typing import Any

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
