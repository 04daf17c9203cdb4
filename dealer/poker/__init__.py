"""The poker table (every game of the poker family): its models, forms, views, the screens'
contexts, the TV and phone views and what it tells the ledger. The rules are pure, in
dealer.engine."""

from __future__ import annotations
