"""The tournament's dealer side: saved structures and the clock bound to a ledger Tournament
(`models`), the pages for structures, the clock remote, the TV display and the tables (`views`),
and their URLs under "tournaments/" (`urls`, namespace "clock"). The rules are pure, in
`dealer.engine.structure` and `dealer.engine.clock`.
"""

from __future__ import annotations
