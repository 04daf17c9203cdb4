"""Tables, seats, hands and the append-only action log (to come)."""

from __future__ import annotations
