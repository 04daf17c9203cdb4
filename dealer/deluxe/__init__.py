"""Poker-Deluxe (seed 001) at the table: its models, forms, views and what it tells the
ledger. The rules are pure, in dealer.engine.deluxe."""

from __future__ import annotations
