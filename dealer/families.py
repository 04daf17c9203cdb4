"""The game families, registered rather than listed.

Each family package (`dealer/poker/`, `dealer/tournament/`, `dealer/deluxe/`, `dealer/dice/`)
has a `family.py` that registers one `Family`: its name, its pure rules, what it tells the
ledger and what it lists on the home page. The dealer app imports every `dealer/*/family.py`
when it is ready (`discover`); the ledger's hooks, the home page's lists and the purity test
read the registry, so a new family is found without editing a list anywhere else.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

# The ledger's registries (ledger.models.hooks) a family may answer, by LedgerHooks field.
HOOK_REGISTRIES = {
    "busy": "BUSY_CHECKS",
    "merge": "MERGE_HOOKS",
    "seated": "SEATED",
    "unowned": "UNOWNED",
    "settle": "SETTLE_HOOKS",
    "tournament_links": "TOURNAMENT_LINKS",
}


@dataclass(frozen=True, slots=True)
class LedgerHooks:
    """What a family tells the ledger (ledger.models.hooks says what each one means): why a
    session is busy, a roster merge, who holds chips, chips in nobody's stack, the settle, a
    tournament's pages. Each is a function or None."""

    busy: Callable[..., str] | None = None
    merge: Callable[..., None] | None = None
    seated: Callable[..., list[Any]] | None = None
    unowned: Callable[..., list[Any]] | None = None
    settle: Callable[..., None] | None = None
    tournament_links: Callable[..., list[Any]] | None = None

    def install(self) -> None:
        """Append each hook to its ledger registry (once: ready() may run twice in tests)."""
        from ledger.models import hooks

        for spec in fields(self):
            hook = getattr(self, spec.name)
            registry = getattr(hooks, HOOK_REGISTRIES[spec.name])
            if hook is not None and hook not in registry:
                registry.append(hook)


@dataclass(frozen=True, slots=True)
class HomeItem:
    """One line of the home page's list: a game's name, its page and what it is."""

    name: str
    url: str
    what: str
    over: bool = False
    when: Any = None  # when it closed (a closed table)


@dataclass(frozen=True, slots=True)
class Family:
    """One game family.

    - `name`: the package's name (`dealer/<name>/`); `label`: what a person calls it;
    - `pure`: the dotted names of its pure rules (no Django, no clock, no I/O: test_purity.py);
    - `ledger`: what it tells the ledger;
    - `home`: the user's games for the home page's list (user -> items), None for none;
    - `closed`: the user's closed games for the home page's "Closed tables" (user -> items);
    - `new_url`: the URL name of its New game page, None when it has none of its own;
    - `url_prefix`: where its URLs (`dealer/<name>/urls.py`, namespace "dealer") are mounted.
    """

    name: str
    label: Any
    pure: tuple[str, ...] = ()
    ledger: LedgerHooks = field(default_factory=LedgerHooks)
    home: Callable[[Any], Iterable[HomeItem]] | None = None
    closed: Callable[[Any], Iterable[HomeItem]] | None = None
    new_url: str | None = None
    url_prefix: str = ""


FAMILIES: dict[str, Family] = {}


def register(family: Family) -> Family:
    """Add `family` to the registry (a second registration of the same name replaces it)."""
    FAMILIES[family.name] = family
    return family


def families() -> list[Family]:
    """The registered families, in the order they registered (poker first: see discover)."""
    return list(FAMILIES.values())


def discover() -> None:
    """Import every `dealer/<package>/family.py` (poker first, then by name), which registers
    the family, and install each family's ledger hooks. Called from DealerConfig.ready()."""
    root = Path(__file__).resolve().parent
    packages = sorted(
        (info.name for info in pkgutil.iter_modules([str(root)]) if info.ispkg),
        key=lambda name: (name != "poker", name),
    )
    for package in packages:
        if (root / package / "family.py").exists():
            importlib.import_module(f"dealer.{package}.family")
    for family in families():
        family.ledger.install()


def pure_modules() -> tuple[str, ...]:
    """Every family's pure rules, by dotted name."""
    return tuple(name for family in families() for name in family.pure)


def home_items(user: Any) -> list[HomeItem]:
    """The home page's list of the user's games, every family's in turn."""
    return [item for family in families() if family.home for item in family.home(user)]


def closed_items(user: Any) -> list[HomeItem]:
    """The home page's list of the user's closed games, every family's in turn."""
    return [item for family in families() if family.closed for item in family.closed(user)]
