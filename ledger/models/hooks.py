"""What the ledger asks of the other apps. Ledger never imports dealer/; the dealer app registers
its answers here (in its AppConfig.ready). Each registry is a single list, importable from
`ledger.models` too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ledger.models.players import Player
    from ledger.models.sessions import Session
    from ledger.models.tournaments import Tournament

# - BUSY_CHECKS: why a session cannot stop being played now (a hand in progress at one of its
#   tables), as a message, or "" when nothing is in progress;
# - MERGE_HOOKS: move the other app's references to a player that are not foreign keys (the
#   player ids in a hand's log) when two roster entries are merged; and refuse (ValidationError)
#   a merge that app cannot take.
BUSY_CHECKS: list[Callable[[Session], str]] = []
MERGE_HOOKS: list[Callable[[Player, Player], None]] = []
# - SEATED: (player id, table, stack) for each seat at one of a session's tables: who still
#   holds chips there (their count is not complete until a final count is saved) and how many;
# - SETTLE_HOOKS: run inside the settle's transaction (the tables release their seats: the
#   count holds the numbers now, and the players may sit at another night's table).
SEATED: list[Callable[[Session], list[tuple[int, str, int]]]] = []
# - UNOWNED: (table, chips) for chips at one of a session's tables that are in nobody's stack (a
#   pot carried to the next deal): sold chips the count cannot find in front of a player.
UNOWNED: list[Callable[[Session], list[tuple[str, int]]]] = []
SETTLE_HOOKS: list[Callable[[Session], None]] = []
# - TOURNAMENT_LINKS: the other apps' pages of a tournament (its clock, remote, TV display and
#   tables), each a dict {"label", "url", "key", "new_window"}, for the tournament page; called
#   with None, the pages for every tournament (the saved structures) for the tournament list.
TOURNAMENT_LINKS: list[Callable[[Tournament | None], list[dict[str, object]]]] = []
