"""The pure rules import no Django: every family's (dealer.families: the hand engine, the clock
and structures, Poker-Deluxe, the dice games) and the ledger's money rules (LedgerConfig).

Each package is imported alone, with every module under it, in a fresh interpreter: nothing in
it may load a `django` module, so it runs and is tested without settings, a database or a clock.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from django.apps import apps

ROOT = Path(__file__).resolve().parents[1]

# Imports `name` and every module under it, then names any Django module that came with them.
CHECK = """
import importlib, pkgutil, sys
name = sys.argv[1]
module = importlib.import_module(name)
for info in pkgutil.walk_packages(getattr(module, "__path__", []), name + "."):
    importlib.import_module(info.name)
if name.startswith("dealer.engine"):
    from dealer.engine import text
    assert text.translate("x") == "x", "the pure rules' texts are translated only by the app"
bad = sorted(m for m in sys.modules if m == "django" or m.startswith("django."))
print(" ".join(bad))
sys.exit(1 if bad else 0)
"""


def pure_modules() -> list[str]:
    """Every app's pure modules (an app config's `pure_modules`), by dotted name."""
    found = {name for app in apps.get_app_configs() for name in getattr(app, "pure_modules", ())}
    return sorted(found)


PURE = pure_modules()


def test_every_pure_package_is_found() -> None:
    expected = {
        "dealer.engine",
        "dealer.engine.clock",
        "dealer.engine.structure",
        "dealer.engine.deluxe",
        "dealer.engine.dice",
        "ledger.settlement",
        "ledger.prizes",
        "ledger.payment",
    }
    assert expected <= set(PURE)


@pytest.mark.parametrize("name", PURE)
def test_the_pure_rules_import_no_django(name: str) -> None:
    result = subprocess.run(
        [sys.executable, "-c", CHECK, name], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, f"{name} loads {result.stdout}{result.stderr}"
