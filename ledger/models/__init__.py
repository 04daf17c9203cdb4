"""The ledger: the host's players, cash-game sessions, the chips bought and cashed out, who
pays whom at the end, and the money side of tournaments.

By domain:
- `ledger.models.players`: the roster (`Player`, merging two entries of one person);
- `ledger.models.sessions`: cash-game nights (`Session`, its statement, buy-ins, cash-outs,
  results, transfers and audit log);
- `ledger.models.tournaments`: entries, finishes, prizes and deals (`Tournament`);
- `ledger.models.hooks`: what the ledger asks of other apps (the registries below).

Everything is importable from here: `from ledger.models import Session`. Ledger never imports
dealer/. The live table records buy-ins and cash-outs through `Session.buy_in` and
`Session.cash_out`. Chips are int; money is int in the currency's minor units; the arithmetic
(exact fractions, rounding once, fewest transfers) is in `ledger.settlement`, which is pure.
"""

from __future__ import annotations

# One way: hooks ← sessions ← tournaments ← players. The roster comes last because merging two
# entries of a person moves their rows in sessions and tournaments; those name Player by its
# label ("ledger.Player") and never import it.
from ledger.models.hooks import (
    BUSY_CHECKS,
    MERGE_HOOKS,
    SEATED,
    SETTLE_HOOKS,
    TOURNAMENT_LINKS,
    UNOWNED,
)
from ledger.models.players import Player
from ledger.models.sessions import (
    BANK,
    MAX_SETTLED_MINOR,
    BuyIn,
    CashOut,
    CountSource,
    PlannedTransfer,
    Result,
    Row,
    Session,
    SessionEvent,
    SessionQuerySet,
    StaleSession,
    Statement,
    Transfer,
)
from ledger.models.tournaments import ENTRY_KINDS, Entry, Finish, Tournament, TournamentRow

__all__ = [
    "BANK",
    "BUSY_CHECKS",
    "ENTRY_KINDS",
    "MAX_SETTLED_MINOR",
    "MERGE_HOOKS",
    "SEATED",
    "UNOWNED",
    "SETTLE_HOOKS",
    "TOURNAMENT_LINKS",
    "BuyIn",
    "CashOut",
    "CountSource",
    "Entry",
    "Finish",
    "PlannedTransfer",
    "Player",
    "Result",
    "Row",
    "Session",
    "SessionEvent",
    "SessionQuerySet",
    "StaleSession",
    "Statement",
    "Tournament",
    "TournamentRow",
    "Transfer",
]
