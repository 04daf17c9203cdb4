"""Players, sessions, buy-ins, cash-outs and transfers (to come)."""

from __future__ import annotations
