"""What every game kept as a log shares: the abstract log models (an entry, an undone entry,
`LoggedGame`), the New game form's players and session, the version form, the game screen and
the TV's and phones' polls."""

from __future__ import annotations
