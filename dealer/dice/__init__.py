"""Seed 003's dice games and strip poker at the table: models, forms, views and what they tell
the ledger. The rules are pure, in dealer.engine.dice."""

from __future__ import annotations
