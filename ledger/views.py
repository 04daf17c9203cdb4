"""The ledger's views (to come)."""

from __future__ import annotations
