"""Engine values to and from plain JSON-ready dicts, for the action log in the database.

Pure: the Django layer stores what these functions return in JSON fields and rebuilds the engine
values from them on every request.
"""

from __future__ import annotations

from dataclasses import fields
from enum import Enum
from typing import Any, get_args, get_type_hints

from dealer.engine.actions import (
    Action,
    AllIn,
    Award,
    Board,
    BringIn,
    Call,
    Check,
    DealStreet,
    Draw,
    Fold,
    Misdeal,
    Muck,
    Openers,
    Raise,
    RunTwice,
    Show,
    SplitCarried,
)
from dealer.engine.cards import Card, parse_card
from dealer.engine.rules import (
    FixedLimit,
    HandConfig,
    HouseOptions,
    NoLimit,
    PotLimit,
    SpreadLimit,
    Structure,
    Variant,
    upgrade_options,
)

ACTION_TYPES: dict[str, type] = {
    "fold": Fold,
    "check": Check,
    "call": Call,
    "raise": Raise,
    "all_in": AllIn,
    "bring_in": BringIn,
    "draw": Draw,
    "show": Show,
    "board": Board,
    "run_twice": RunTwice,
    "muck": Muck,
    "deal": DealStreet,
    "award": Award,
    "misdeal": Misdeal,
    "openers": Openers,
    "split_carried": SplitCarried,
}
_ACTION_NAMES = {cls: name for name, cls in ACTION_TYPES.items()}

STRUCTURES: dict[str, type] = {
    "no_limit": NoLimit,
    "pot_limit": PotLimit,
    "fixed_limit": FixedLimit,
    "spread_limit": SpreadLimit,
}
_STRUCTURE_NAMES = {cls: name for name, cls in STRUCTURES.items()}


def _option_enums() -> dict[str, type[Enum]]:
    """Each house option whose value is an enum (or None), by name: read from `HouseOptions`'
    type hints, so a new option is stored and read back without touching this module."""
    enums = {}
    for name, hint in get_type_hints(HouseOptions).items():
        kinds = get_args(hint) or (hint,)
        enum = next((k for k in kinds if isinstance(k, type) and issubclass(k, Enum)), None)
        if enum is not None:
            enums[name] = enum
    return enums


_OPTION_ENUMS: dict[str, type[Enum]] = _option_enums()


def _card_text(card: Card | None) -> str | None:
    return None if card is None else str(card)


def action_to_dict(action: Action) -> dict[str, Any]:
    """`Raise(2, 300)` → `{"type": "raise", "player": 2, "to": 300}`."""
    data: dict[str, Any] = {"type": _ACTION_NAMES[type(action)]}
    for field in fields(action):  # type: ignore[arg-type]
        value = getattr(action, field.name)
        if field.name in ("board", "cards"):
            value = [str(c) for c in value]
        elif field.name == "up_cards":
            value = [_card_text(c) for c in value]
        elif field.name in ("winners", "low_winners"):
            value = list(value)
        data[field.name] = value
    return data


def action_from_dict(data: dict[str, Any]) -> Action:
    """The inverse of `action_to_dict`. Raises ValueError on anything it does not know."""
    try:
        cls = ACTION_TYPES[data["type"]]
    except (KeyError, TypeError) as error:
        raise ValueError(f"Unknown action: {data!r}") from error
    kwargs: dict[str, Any] = {}
    for field in fields(cls):
        if field.name not in data:
            continue
        value = data[field.name]
        if field.name in ("board", "cards"):
            value = tuple(parse_card(c) for c in value)
        elif field.name == "up_cards":
            value = tuple(None if c is None else parse_card(c) for c in value)
        elif field.name in ("winners", "low_winners"):
            value = tuple(int(w) for w in value)
        kwargs[field.name] = value
    return cls(**kwargs)


def structure_to_dict(structure: Structure) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": _STRUCTURE_NAMES[type(structure)]}
    data.update({f.name: getattr(structure, f.name) for f in fields(structure)})
    return data


def structure_from_dict(data: dict[str, Any]) -> Structure:
    values = dict(data)
    cls = STRUCTURES[values.pop("kind")]
    return cls(**values)


def options_to_dict(options: HouseOptions) -> dict[str, Any]:
    return {f.name: getattr(options, f.name) for f in fields(options)}


def options_from_dict(data: dict[str, Any]) -> HouseOptions:
    """The inverse of `options_to_dict`; unknown names are ignored, options stored by an older
    Pott are read in today's terms (`upgrade_options`)."""
    known = {f.name for f in fields(HouseOptions)}
    values: dict[str, Any] = {}
    for name, value in upgrade_options(data).items():
        if name not in known:
            continue
        enum = _OPTION_ENUMS.get(name)
        values[name] = enum(value) if enum is not None and value is not None else value
    return HouseOptions(**values)


def config_to_dict(config: HandConfig) -> dict[str, Any]:
    """A HandConfig as a JSON-ready dict."""
    return {
        "variant": config.variant.value,
        "structure": structure_to_dict(config.structure),
        "stacks": list(config.stacks),
        "blinds": list(config.blinds),
        "antes": list(config.antes),
        "dead": list(config.dead),
        "big_blind": config.big_blind,
        "bring_in": config.bring_in,
        "smallest_chip": config.smallest_chip,
        "seats": list(config.seats),
        "options": options_to_dict(config.options),
        "joker": config.joker,
        "jackpot": config.jackpot,
        "open_or_fold": config.open_or_fold,
        "carried": config.carried,
    }


def config_from_dict(data: dict[str, Any]) -> HandConfig:
    """The inverse of `config_to_dict`."""
    return HandConfig(
        variant=Variant(data["variant"]),
        structure=structure_from_dict(data["structure"]),
        stacks=tuple(data["stacks"]),
        blinds=tuple(data.get("blinds", ())),
        antes=tuple(data.get("antes", ())),
        dead=tuple(data.get("dead", ())),
        big_blind=data.get("big_blind", 0),
        bring_in=data.get("bring_in", 0),
        smallest_chip=data.get("smallest_chip", 1),
        seats=tuple(data.get("seats", ())),
        options=options_from_dict(data.get("options", {})),
        joker=bool(data.get("joker", False)),
        jackpot=bool(data.get("jackpot", False)),
        open_or_fold=bool(data.get("open_or_fold", False)),
        carried=int(data.get("carried", 0)),
    )
