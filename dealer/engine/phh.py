"""Hand histories in the PHH standard (https://github.com/uoftcprg/phh-std): reading and writing.

Pure: text in, values out; no Django, no files. `parse_phh(text)` reads a .phh (one hand) or a
.phhs (several hands as TOML tables `[1]`, `[2]` …) and replays each hand through the engine;
`write_phh(config, actions, state)` writes one of Pott's hands as PHH with `finishing_stacks` and
`winnings` as the engine computed them; `write_phhs(hands)` writes several.

Players. PHH player `pN` is Pott's position N-1, and every per-player array is in that order:
p1 is the first player left of the button (the small blind), the last player is the button.
Heads-up, PHH reverses the forced bets "by rule": `blinds_or_straddles = [1, 2]` means p1 posts
2 (the big blind) and p2, the button, posts 1. That is Pott's heads-up order too (position 0 is
the big blind, position 1 the button who posts the small blind), so `pN` stays position N-1 and
only the `antes` and `blinds_or_straddles` arrays are reversed (as pokerkit does).

Variant codes. PHH names a game by its betting structure (F fixed-limit, P pot-limit, N no-limit)
and its game. Pott reads and writes every structure with every game it knows, and adds S for
spread limit (seed 000's limits):

=========  ============================  ======================================
game code  game                          PHH standard codes (others are Pott's)
=========  ============================  ======================================
``T``      Texas hold'em                 ``FT``, ``NT``
``O``      Omaha hold'em (high)          ``PO``
``7S``     seven-card stud (high)        ``F7S``
``R``      razz                          ``FR``
``7S/8``   seven-card stud high-low 8    ``F7S/8``
``5S``     five-card stud (seed 004)     none: Pott's ``F5S``, ``P5S``, ``N5S``
``5D``     five-card draw (seed 000)     none: Pott's ``S5D``, ``F5D``, ``N5D`` …
``5D32``   seed 003's 32/33-card draw    none: Pott's ``S5D32`` …
``2L3D``   deuce-to-seven triple draw    ``F2L3D``
=========  ============================  ======================================

Pott's own codes follow PHH's pattern (``F7S`` → ``F5S``; ``N2L1D`` → ``N5D``). Stud games take
`bring_in` and no `blinds_or_straddles`; draw and board games the reverse. Fixed limit takes
`small_bet` and `big_bet`, the others `min_bet` (spread limit: the smallest bet or raise).

Pott's user-defined fields (PHH: names starting with an underscore; docs/phh.md lists them all):
what PHH cannot say about the game (`_pott_max_bet` and the other spread limits, `_pott_joker`,
`_pott_jackpot`, `_pott_open_or_fold`, `_pott_carried`, `_pott_dead`, `_pott_big_blind`,
`_pott_smallest_chip`, `_pott_options`), about the dealer's decisions (`_pott_awards`,
`_pott_low_awards`, `_pott_awards_after`, `_pott_void`, `_pott_split_openers`, `_pott_openers`,
`_pott_openers_after`) and about the
result beside `finishing_stacks` (`_pott_carried_out`, `_pott_replay_without`). Two actions
mean more in seed 003's game (S5D32): in the first betting round `f` is the pass that stays in,
and at the exchange `f` stays out while `sd` pays what the player owes and draws.
"""

from __future__ import annotations

import datetime
import json
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from dataclasses import fields as dataclass_fields
from decimal import Decimal
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
    IllegalAction,
    Misdeal,
    Muck,
    Openers,
    Raise,
    RunTwice,
    Show,
    SplitCarried,
)
from dealer.engine.cards import Card, parse_cards
from dealer.engine.hand import (
    HandState,
    Phase,
    apply,
    board_dealt,
    cards_up,
    legal_actions,
    resolve_all_in,
    run_twice_allowed,
    start,
)
from dealer.engine.rules import (
    VARIANTS,
    FixedLimit,
    HandConfig,
    HouseOptions,
    Kind,
    NoLimit,
    PotLimit,
    SpreadLimit,
    Structure,
    Variant,
    upgrade_options,
)


class PhhError(ValueError):
    """A hand history Pott cannot read or replay; the message names the hand and the action."""


# Each game's code is in its spec (`VariantSpec.phh_code`).
GAMES: dict[str, Variant] = {spec.phh_code: v for v, spec in VARIANTS.items() if spec.phh_code}
GAME_CODES: dict[Variant, str] = {variant: code for code, variant in GAMES.items()}
STRUCTURE_CODES = {"F": FixedLimit, "P": PotLimit, "N": NoLimit, "S": SpreadLimit}
STRUCTURE_LETTERS: dict[type, str] = {cls: letter for letter, cls in STRUCTURE_CODES.items()}
STANDARD_CODES = frozenset({"FT", "NT", "PO", "F7S", "FR", "F7S/8", "F2L3D"})
# The longest codes first, so that "7S/8" is not read as "7S" and "5D32" not as "5D".
_CODE = re.compile(
    r"([FPNS])(" + "|".join(re.escape(c) for c in sorted(GAMES, key=len, reverse=True)) + ")"
)

# A spread limit beyond its `min_bet`: (SpreadLimit's field, Pott's PHH field). Amounts in chips,
# except `late_from` (a betting round, 0 the first) and `at_least_largest` (true or false).
_SPREAD_FIELDS = (
    ("max_bet", "_pott_max_bet"),
    ("max_bet_late", "_pott_max_bet_late"),
    ("late_from", "_pott_late_from"),
    ("round_cap", "_pott_round_cap"),
    ("open_to", "_pott_open_to"),
    ("open_min", "_pott_open_min"),
    ("at_least_largest", "_pott_at_least_largest"),
)
_SPREAD_DEFAULTS = SpreadLimit(min_bet=0, max_bet=0)
# Written from the engine's result, never copied from a file's fields (see `write_phh`).
RESULT_FIELDS = frozenset(
    {"finishing_stacks", "winnings", "_pott_carried_out", "_pott_replay_without"}
)


def _up_card_index(config: HandConfig, street: int) -> int | None:
    """Stud: which card of a street's deal is the up card (None: the street is dealt face down).

    The first street deals the down cards and then the up card (seven-card stud two down and
    one up, five-card stud one down and one up); every later street one card, up unless the
    game deals it down (seven-card stud's seventh street)."""
    spec = config.spec
    if street == 0:
        return spec.hole_cards
    return None if spec.dealt_down(street) else 0


@dataclass(frozen=True, slots=True, kw_only=True)
class PhhHand:
    """One hand history: its name, Pott's config and action log, and the state they replay to.

    `name` is the .phhs table key (or the `hand` field, or the hand's number in the file);
    `fields` holds every field of the original (or to-be-written) hand, including the ones Pott
    does not use (`players`, `event`, commentary in `actions` …). Amounts with decimals (online
    hands in dollars and cents) become whole chips: Pott's chips are the file's amounts times
    `scale`, the smallest power of ten that makes every amount of the hand whole.
    """

    name: str
    config: HandConfig
    actions: tuple[Action, ...]
    state: HandState
    fields: Mapping[str, Any] = field(default_factory=dict)
    scale: int = 1  # Pott's chips per unit of the file's amounts (100: the file is in dollars)


# --- reading ------------------------------------------------------------------------------------


def parse_phh(text: str) -> list[PhhHand]:
    """Read a .phh (one hand) or .phhs (tables `[1]`, `[2]` … of hands) and replay every hand.

    Raises PhhError naming the hand and the action when a hand cannot be read or replayed.
    """
    try:
        document = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise PhhError(f"Not a PHH file: the TOML is invalid ({error}).") from None
    if "variant" in document or "actions" in document:
        name = str(document.get("hand", 1))
        return [_read_hand(name, document)]
    hands = []
    for key, value in document.items():
        if not isinstance(value, dict):
            raise PhhError(f"Not a PHH file: {key!r} is neither a hand field nor a table of hands.")
        hands.append(_read_hand(key, value))
    if not hands:
        raise PhhError("The file holds no hands.")
    return hands


def _read_hand(name: str, fields: dict[str, Any]) -> PhhHand:
    scale = amount_scale(fields)
    config = config_from_fields(fields, name=name, scale=scale)
    replayer = _Replayer(name, config, fields, scale)
    replayer.run(fields.get("actions", []))
    return PhhHand(
        name=name,
        config=config,
        actions=tuple(replayer.log),
        state=replayer.state,
        fields=fields,
        scale=scale,
    )


_AMOUNT_FIELDS = (
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "_pott_max_bet",
    "_pott_max_bet_late",
    "_pott_round_cap",
    "_pott_open_to",
    "_pott_open_min",
    "_pott_carried",
    "_pott_dead",
    "_pott_big_blind",
    "_pott_smallest_chip",
    "_pott_min_bet_late",
)
_CBR = re.compile(r"\s*p[0-9]+\s+cbr\s+([0-9]+(?:\.[0-9]*)?)\b")


def amount_scale(fields: Mapping[str, Any]) -> int:
    """The power of ten that makes every amount of a hand a whole number of chips."""
    amounts: list[Decimal] = []
    for key in (*_AMOUNT_FIELDS, "starting_stacks"):
        value = fields.get(key)
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, Decimal) and v.is_finite():
                amounts.append(v)
    for text in fields.get("actions", []) if isinstance(fields.get("actions"), list) else []:
        match = _CBR.match(text) if isinstance(text, str) else None
        if match:
            amounts.append(Decimal(match.group(1)))
    places = 0
    for amount in amounts:
        exponent = amount.normalize().as_tuple().exponent
        if isinstance(exponent, int) and exponent < 0:
            places = max(places, -exponent)
    return 10 ** min(places, 6)


def config_from_fields(fields: Mapping[str, Any], *, name: str = "1", scale: int = 1) -> HandConfig:
    """The HandConfig of a hand history's fields (variant, forced bets, limits, stacks).

    Amounts are multiplied by `scale` (see `amount_scale`) and must then be whole chips.
    """

    def fail(message: str) -> PhhError:
        return PhhError(f"hand {name}: {message}")

    code = fields.get("variant")
    if not isinstance(code, str):
        raise fail("the field 'variant' is missing.")
    match = _CODE.fullmatch(code)
    if match is None:
        known = ", ".join(sorted(STANDARD_CODES))
        raise fail(
            f"variant {code!r} is not one Pott plays: use {known}, or Pott's codes for"
            " five-card stud (F5S), five-card draw (S5D, F5D, N5D …) and the 32/33-card"
            " draw (S5D32)."
        )
    structure_code, game_code = match.groups()
    variant = GAMES[game_code]
    kind = VARIANTS[variant].kind

    def chips(key: str, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            raise fail(f"{key} must be a number of chips, not {value!r}.")
        if isinstance(value, Decimal) and not value.is_finite():
            raise fail(f"{key} must be a number of chips, not {value}.")
        chips = value * scale
        if chips != int(chips):
            raise fail(f"{key} must be a whole number of chips, not {value}.")
        return int(chips)

    def number(key: str, *, required: bool = True) -> int:
        if key not in fields:
            if required:
                raise fail(f"the field {key!r} is missing (variant {code}).")
            return 0
        return chips(key, fields[key])

    def per_player(key: str, *, required: bool = True) -> tuple[int, ...]:
        values = fields.get(key)
        if values is None:
            if required:
                raise fail(f"the field {key!r} is missing (variant {code}).")
            return ()
        if not isinstance(values, list):
            raise fail(f"{key} must be an array, one entry per player.")
        return tuple(chips(key, v) for v in values)

    def flag(key: str) -> bool:
        value = fields.get(key, False)
        if not isinstance(value, bool):
            raise fail(f"{key} must be true or false, not {value!r}.")
        return value

    stacks = per_player("starting_stacks")
    n = len(stacks)
    antes = per_player("antes", required=False) or (0,) * n
    blinds: tuple[int, ...] = ()
    bring_in = 0
    if kind is Kind.STUD:
        if any(per_player("blinds_or_straddles", required=False)):
            raise fail(f"a stud game ({code}) has a bring-in, not blinds or straddles.")
        bring_in = number("bring_in")
    else:
        # pokerkit writes a post (a player who posts to come in) as a negative blind.
        blinds = tuple(abs(b) for b in per_player("blinds_or_straddles"))
        if "bring_in" in fields and fields["bring_in"]:
            raise fail(f"{code} has blinds, not a bring-in.")
    dead = per_player("_pott_dead", required=False)
    for key, values in (("antes", antes), ("blinds_or_straddles", blinds), ("_pott_dead", dead)):
        if values and len(values) != n:
            raise fail(f"{key} has {len(values)} entries for {n} players.")
    if n == 2:
        # PHH: "the antes, blinds, and straddles are reverse-assigned for heads-up situations".
        antes, blinds = antes[::-1], blinds[::-1]
    structure: Structure
    if structure_code == "F":
        structure = FixedLimit(small_bet=number("small_bet"), big_bet=number("big_bet"))
    elif structure_code == "P":
        late = number("_pott_min_bet_late", required=False) or 0
        structure = PotLimit(min_bet=number("min_bet"), min_bet_late=late)
    elif structure_code == "N":
        late = number("_pott_min_bet_late", required=False) or 0
        structure = NoLimit(min_bet=number("min_bet"), min_bet_late=late)
    else:
        structure = _spread_limit(fields, number("min_bet"), number, flag, fail)
    seats = fields.get("seats")
    if not (isinstance(seats, list) and len(seats) == n and all(type(s) is int for s in seats)):
        seats = []
    smallest_chip = number("_pott_smallest_chip", required=False) or 1
    if "_pott_big_blind" in fields:
        big_blind = number("_pott_big_blind")
    else:
        big_blind = _implied_big_blind(blinds)
    return HandConfig(
        variant=variant,
        structure=structure,
        stacks=stacks,
        blinds=blinds if any(blinds) else (),
        antes=antes if any(antes) else (),
        dead=dead if any(dead) else (),
        big_blind=big_blind,
        bring_in=bring_in,
        smallest_chip=smallest_chip,
        seats=tuple(seats),
        options=_scaled_options(_house_options(fields.get("_pott_options", {}), fail), scale),
        joker=flag("_pott_joker"),
        jackpot=flag("_pott_jackpot"),
        open_or_fold=flag("_pott_open_or_fold"),
        carried=number("_pott_carried", required=False),
    )


def _scaled_options(options: HouseOptions, scale: int) -> HouseOptions:
    """The house options in chips: `pot_round_up` is an amount, in the file's unit."""
    if options.pot_round_up and scale != 1:
        return replace(options, pot_round_up=options.pot_round_up * scale)
    return options


def _implied_big_blind(blinds: tuple[int, ...]) -> int:
    """The big blind a reader takes from the blinds (in Pott's position order) when the file does
    not name it: the larger of the first two (heads-up: of both); a straddle is not one."""
    return max((blinds[:2] if len(blinds) > 2 else blinds), default=0)


def _spread_limit(
    fields: Mapping[str, Any],
    min_bet: int,
    number: Callable[..., int],
    flag: Callable[[str], bool],
    fail: Callable[[str], PhhError],
) -> SpreadLimit:
    """Seed 000's limits: `min_bet` and Pott's `_pott_max_bet` … fields (see `_SPREAD_FIELDS`)."""
    values: dict[str, Any] = {"min_bet": min_bet}
    for name, key in _SPREAD_FIELDS:
        if name == "at_least_largest":
            values[name] = flag(key)
        elif name == "late_from":
            late_from = fields.get(key, _SPREAD_DEFAULTS.late_from)
            if type(late_from) is not int or late_from < 0:
                raise fail(f"{key} must be a betting round (0 is the first), not {late_from!r}.")
            values[name] = late_from
        else:
            values[name] = number(key, required=name == "max_bet")
    return SpreadLimit(**values)


def _house_options(value: object, fail: Callable[[str], PhhError]) -> HouseOptions:
    """`_pott_options`: the house options that differ from Pott's defaults, by their names in
    `HouseOptions` (`{late_rounds_left_of_big_blind = true, limit_raises = 4}`)."""
    if not isinstance(value, dict):
        raise fail("_pott_options must be a table of house options.")
    hints = get_type_hints(HouseOptions)
    options: dict[str, Any] = {}
    for name, given in upgrade_options(value).items():
        if name not in hints:
            known = ", ".join(hints)
            raise fail(f"_pott_options: {name!r} is not a house option ({known}).")
        kinds = get_args(hints[name]) or (hints[name],)
        enum = next((k for k in kinds if isinstance(k, type) and issubclass(k, Enum)), None)
        try:
            if enum is not None:
                options[name] = enum(given)
            elif type(given) in kinds:  # exactly: true is no number and 1 no truth value
                options[name] = given
            else:
                raise ValueError(given)
        except ValueError:
            if enum is None:
                allowed = kinds[0].__name__
            else:
                allowed = " or ".join(repr(m.value) for m in enum)
            raise fail(f"_pott_options: {name} must be {allowed}, not {given!r}.") from None
    return HouseOptions(**options)


@dataclass(frozen=True, slots=True)
class _Pending:
    """A show or muck read before the showdown (an all-in: PHH shows before the run-out)."""

    index: int
    text: str
    action: Show | Muck


class _Replayer:
    """Converts PHH actions to Pott's actions and applies them, one at a time.

    PHH's `cc` is a check or a call depending on the state, a stud street's up cards arrive one
    `d dh` per player, and shows may come before the board is complete: converting needs the
    engine's state, so converting and applying go together.
    """

    def __init__(
        self, name: str, config: HandConfig, fields: Mapping[str, Any], scale: int
    ) -> None:
        self.name = name
        self.scale = scale
        self.config = config
        self.kind = config.spec.kind
        self.state = self._start(config)
        self.log: list[Action] = []
        n = len(config.stacks)
        self.cards: list[list[Card | None]] = [[] for _ in range(n)]
        self.street_deal: dict[int, list[Card | None]] = {}  # stud: this street's cards
        self.street_deal_at: tuple[int, str] | None = None
        self.up_cards_unknown = False
        self.pending: list[_Pending] = []
        awards = fields.get("_pott_awards")
        self.awards: list[list[int]] | None = None
        if awards is not None:
            if not (
                isinstance(awards, list)
                and all(isinstance(a, list) and all(type(p) is int for p in a) for a in awards)
            ):
                raise PhhError(f"hand {name}: _pott_awards must be arrays of player numbers.")
            self.awards = [list(a) for a in awards]
        # High-low: the low half of each award, in the same order: the low winners, [] for the
        # best shown low, false for "nobody has a low".
        low_awards = fields.get("_pott_low_awards", [])
        if not (
            isinstance(low_awards, list)
            and all(
                a is False or (isinstance(a, list) and all(type(p) is int for p in a))
                for a in low_awards
            )
        ):
            raise PhhError(
                f"hand {name}: _pott_low_awards must be arrays of player numbers or false."
            )
        self.low_awards: list[list[int] | bool] = list(low_awards)
        # Stud: the dealer's odd-chip pick of each award (player number, 0 for none).
        odd_chips = fields.get("_pott_odd_chips", [])
        if not (isinstance(odd_chips, list) and all(type(p) is int and p >= 0 for p in odd_chips)):
            raise PhhError(f"hand {name}: _pott_odd_chips must be player numbers (0: none).")
        self.odd_chips: list[int] = list(odd_chips)
        # How many shows and mucks of the showdown came before each award (default: all).
        awards_after = fields.get("_pott_awards_after", [])
        if not (
            isinstance(awards_after, list)
            and all(type(k) is int and k >= 0 for k in awards_after)
            and len(awards_after) <= len(self.awards or [])
        ):
            raise PhhError(
                f"hand {name}: _pott_awards_after must be a number of shows and mucks for each"
                " award of _pott_awards."
            )
        self.awards_after = list(awards_after)  # consumed here; the file's fields stay
        self.void = fields.get("_pott_void") is True
        self.split_carried = fields.get("_pott_split_carried") is True
        # Jackpots: the opener put an opener aside at the draw; the opener showed openers, after
        # this many shows and mucks at the showdown.
        self.split_openers = fields.get("_pott_split_openers", False)
        self.openers = fields.get("_pott_openers")
        for key in ("_pott_split_openers", "_pott_openers"):
            value = fields.get(key)
            if value is not None and not isinstance(value, bool):
                raise PhhError(f"hand {name}: {key} must be true or false, not {value!r}.")
        self.openers_after = fields.get("_pott_openers_after", 0)
        if type(self.openers_after) is not int or self.openers_after < 0:
            raise PhhError(
                f"hand {name}: _pott_openers_after must be a number of shows and mucks, not"
                f" {self.openers_after!r}."
            )
        self.openers_applied = False
        self.runs = fields.get("_pott_runs", 1)
        if self.runs not in (1, 2):
            raise PhhError(f"hand {name}: _pott_runs must be 1 or 2, not {self.runs!r}.")
        self.showdown_sm = 0  # shows and mucks applied at the showdown

    def _start(self, config: HandConfig) -> HandState:
        try:
            return start(config)
        except IllegalAction as error:
            raise PhhError(f"hand {self.name}: {error}") from None

    # --- errors and applying

    def fail(self, index: int | None, text: str, message: str) -> PhhError:
        where = f"action {index + 1} {text!r}" if index is not None else "after the last action"
        if self.scale != 1:
            message += f" (Pott counts this hand in 1/{self.scale} of the file's amounts.)"
        return PhhError(f"hand {self.name}, {where}: {message}")

    def apply(self, action: Action, index: int | None, text: str) -> None:
        self.engine(action, index, text)
        self.dealer_steps(index, text)
        if self.state.phase is Phase.SHOWDOWN and self.pending:
            pending, self.pending = self.pending, []
            for item in pending:
                self.show_or_muck(item.action, item.index, item.text)

    def engine(self, action: Action, index: int | None, text: str) -> None:
        try:
            self.state = apply(self.state, action)
        except IllegalAction as error:
            raise self.fail(index, text, str(error)) from None
        except ValueError as error:  # the evaluator refuses impossible hands
            raise self.fail(index, text, f"cannot evaluate the hands: {error}.") from None
        self.log.append(action)

    def dealer_steps(self, index: int | None, text: str) -> None:
        """The dealer's decisions at the showdown that PHH has no action for, in their place
        among the shows and mucks: the openers check (`_pott_openers`) after
        `_pott_openers_after` of them (by default first, as Pott's dealer screen asks it), and
        the awards `_pott_awards_after` places. The order can decide a pot: a false opener's
        side pot goes to the one other player in it unless that player mucked first, and a
        player who mucks after winning a side pot has won it."""
        if self.state.phase is not Phase.SHOWDOWN:
            return
        opener = legal_actions(self.state).check_openers
        if opener is not None and self.openers is not None:
            if self.showdown_sm < self.openers_after:
                return
            self.openers_applied = True
            self.engine(Openers(opener, shown=self.openers), index, text)
        while (
            self.state.phase is Phase.SHOWDOWN
            and self.awards_after
            and self.awards_after[0] <= self.showdown_sm
            and legal_actions(self.state).check_openers is None
        ):
            self.awards_after.pop(0)
            self.award(index, text)

    def award(self, index: int | None, text: str) -> None:
        """Award the next pot: to the next winners of `_pott_awards`, or the best shown hand."""
        legal = legal_actions(self.state)
        assert legal.award_pot is not None
        winners: tuple[int, ...] = ()
        if self.awards:
            winners = tuple(w - 1 for w in self.awards.pop(0))
        low = self.low_awards.pop(0) if self.low_awards else []
        odd = self.odd_chips.pop(0) if self.odd_chips else 0
        award = Award(
            legal.award_pot,
            winners,
            low_winners=tuple(w - 1 for w in low) if isinstance(low, list) else (),
            no_low=low is False,
            odd_chip=odd - 1 if odd else None,
        )
        try:
            self.state = apply(self.state, award)
        except (IllegalAction, ValueError) as error:
            raise self.fail(
                index, text, f"cannot decide who wins pot {legal.award_pot + 1}: {error}"
            ) from None
        self.log.append(award)

    # --- the actions

    def run(self, actions: object) -> None:
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise PhhError(f"hand {self.name}: 'actions' must be an array of strings.")
        for index, text in enumerate(actions):
            self.step(index, text)
        self.finish()

    def step(self, index: int, text: str) -> None:
        words = text.split("#", 1)[0].split()
        if not words:
            return  # a no-op or a commentary
        if self.state.is_over:
            if words[0] != "d" and words[1:2] == ["sm"]:
                return  # a show after the hand was won without a showdown changes no chips
            if words[:2] == ["d", "dh"] and self.kind is not Kind.STUD:
                # Hole cards change no chips; a jackpot can be over as it is dealt (everyone
                # all-in on the ante: nobody can open).
                return
            raise self.fail(index, text, "the hand is already over.")
        match words:
            case ["d", "db", cards]:
                self.deal_board(index, text, cards)
            case ["d", "dh", player, cards]:
                self.deal_hole(index, text, self.player(index, text, player), cards)
            case [player, "sm", *rest] if len(rest) <= 1:
                p = self.player(index, text, player)
                self.flush_stud_deal(None)
                self.show_or_muck(self.showing(index, text, p, rest), index, text)
            case [player, ("pb" | "f" | "cc" | "cbr" | "sd") as verb, *rest]:
                p = self.player(index, text, player)
                self.before_player_action(p, index, text)
                self.apply(self.betting(index, text, p, verb, rest), index, text)
            case _:
                raise self.fail(index, text, "this is not a PHH action.")

    def player(self, index: int, text: str, word: str) -> int:
        match = re.fullmatch(r"p([0-9]+)", word)
        n = len(self.config.stacks)
        if match is None or not 1 <= int(match.group(1)) <= n:
            raise self.fail(index, text, f"{word!r} is not one of the players p1 to p{n}.")
        return int(match.group(1)) - 1

    def parse(self, index: int, text: str, cards: str) -> tuple[Card | None, ...]:
        try:
            return parse_cards(cards, allow_unknown=True)
        except ValueError as error:
            raise self.fail(index, text, str(error)) from None

    def deal_board(self, index: int, text: str, cards: str) -> None:
        if self.kind is not Kind.BOARD:
            raise self.fail(index, text, f"{self.config.variant} has no board cards.")
        parsed = self.parse(index, text, cards)
        board = () if None in parsed else tuple(c for c in parsed if c is not None)
        self.run_twice(index, text)
        state = self.state
        known = state.board2 if state.run else state.board
        if state.phase is Phase.DEAL and len(known) != board_dealt(state, state.run):
            board = ()  # an earlier street's cards are unknown: these have no place yet
        self.apply(DealStreet(board=board), index, text)

    def run_twice(self, index: int | None, text: str) -> None:
        """`_pott_runs = 2`: the dealer ran it twice, as soon as the engine allowed it."""
        if self.runs == 2 and self.state.runs == 1 and run_twice_allowed(self.state):
            self.engine(RunTwice(), index, text)

    def deal_hole(self, index: int, text: str, p: int, cards: str) -> None:
        parsed = self.parse(index, text, cards)
        self.cards[p].extend(parsed)
        if self.kind is not Kind.STUD:
            return  # hole cards: Pott deals no cards, it only remembers them for `sm -`
        if self.state.phase is not Phase.DEAL:
            raise self.fail(index, text, f"cannot deal a stud street now: {self._waiting_for()}.")
        if self.state.folded[p]:
            raise self.fail(index, text, f"seat {self.config.seat(p)} has folded.")
        self.street_deal.setdefault(p, []).extend(parsed)
        if self.street_deal_at is None:
            self.street_deal_at = (index, text)

    def _waiting_for(self) -> str:
        to_act = self.state.to_act
        return f"it is seat {self.config.seat(to_act or 0)}'s turn"

    def flush_stud_deal(self, first_actor: int | None) -> None:
        """Deal the stud street whose `d dh` actions were read, naming who acts if needed."""
        if self.kind is not Kind.STUD or self.state.phase is not Phase.DEAL:
            return
        if self.street_deal_at is None:
            index, text = None, "(no cards dealt)"
        else:
            index, text = self.street_deal_at
        street = self.state.street
        position = _up_card_index(self.config, street)
        up: list[Card | None] = []
        for p in range(self.state.players):
            dealt = self.street_deal.get(p, [])
            card = dealt[position] if position is not None and position < len(dealt) else None
            if position is not None and card is None and not self.state.folded[p]:
                self.up_cards_unknown = True
            up.append(card)
        if first_actor is None or not self.up_cards_unknown:
            first_actor = None
            if self.up_cards_unknown:
                first_actor = next(p for p in range(self.state.players) if self.state.in_hand(p))
        deal = DealStreet(
            up_cards=tuple(up) if any(c is not None for c in up) else (),
            first_actor=first_actor,
        )
        self.street_deal, self.street_deal_at = {}, None
        self.apply(deal, index, text)

    def before_player_action(self, p: int, index: int, text: str) -> None:
        """Deal the street PHH's dealing implies before a player acts on it."""
        if self.kind is Kind.STUD:
            self.flush_stud_deal(p)
        elif self.state.phase is Phase.DEAL:
            self.apply(DealStreet(), index, text)  # the board was not written down

    def betting(self, index: int, text: str, p: int, verb: str, rest: list[str]) -> Action:
        if verb == "sd":
            if len(rest) > 1:
                raise self.fail(index, text, "this is not a PHH action.")
            discarded = self.parse(index, text, rest[0]) if rest else ()
            self._discard(p, discarded)
            split = self.split_openers and p == self.state.opener
            return Draw(p, len(discarded), split_openers=split)
        if verb == "cbr":
            if len(rest) != 1 or not re.fullmatch(r"[0-9]+(\.[0-9]*)?", rest[0]):
                raise self.fail(index, text, "cbr needs an amount.")
            to = Decimal(rest[0]) * self.scale
            if to != int(to):
                raise self.fail(index, text, "cbr needs a whole number of chips.")
            # Jackpots: the bet that opens the pot is the opener's claim of jacks or better.
            claims = self.state.phase is Phase.BETTING and legal_actions(self.state).needs_openers
            return Raise(p, int(to), openers=claims)
        if rest:
            raise self.fail(index, text, "this is not a PHH action.")
        if verb == "pb":
            return BringIn(p)
        state = self.state
        if verb == "f":
            passing = state.config.spec.pass_stays_in and state.street == 0
            if passing and state.phase is Phase.BETTING:
                return Check(p)  # seed 003: the pass that stays in (see `_phh_actions`)
            return Fold(p)
        legal = legal_actions(state)
        # A call when there is one (seed 003's player may pass facing a bet: that is `f`).
        if state.phase is Phase.BETTING and legal.player == p and legal.check and not legal.call:
            return Check(p)
        return Call(p)

    def _discard(self, p: int, discarded: Sequence[Card | None]) -> None:
        hand = self.cards[p]
        for card in discarded:
            if card is not None and card in hand:
                hand.remove(card)
            elif None in hand:
                hand.remove(None)
            elif hand:
                hand.pop()

    def showing(self, index: int, text: str, p: int, rest: list[str]) -> Show | Muck | None:
        """`sm` → Show or Muck; None when the cards stay (partly) unknown."""
        if not rest:
            return Muck(p)
        cards = tuple(self.cards[p]) if rest[0] == "-" else self.parse(index, text, rest[0])
        if not cards or None in cards:
            return None  # PHH: "??Ad" neither mucks nor shows
        known = tuple(c for c in cards if c is not None)
        if self.kind is Kind.STUD:
            # Pott evaluates a stud hand from all of the player's cards, up cards included.
            dealt = tuple(c for c in self.cards[p] if c is not None)
            known = tuple(dict.fromkeys(dealt + known))
        return Show(p, known)

    def show_or_muck(self, action: Show | Muck | None, index: int, text: str) -> None:
        if action is None:
            return
        if self.state.phase is Phase.SHOWDOWN:
            self.showdown_sm += 1
            self.apply(self.whole_hand(action), index, text)
        elif isinstance(action, Show) and self.kind is Kind.BOARD and cards_up(self.state):
            self.apply(action, index, text)  # the all-in run-out: cards turned up
        elif not self.state.is_over:
            self.pending.append(_Pending(index, text, action))

    def whole_hand(self, action: Show | Muck) -> Show | Muck:
        """Stud: a show read before the run-out, with every card the player was dealt since."""
        if not isinstance(action, Show) or self.kind is not Kind.STUD or not action.cards:
            return action
        dealt = tuple(c for c in self.cards[action.player] if c is not None)
        return Show(action.player, tuple(dict.fromkeys(dealt + action.cards)))

    # --- the end of the hand

    def finish(self) -> None:
        """Deal what is left of an all-in run-out and award the pots that are not yet awarded."""
        self.flush_stud_deal(None)
        if self.void:
            self.apply(Misdeal(), None, "")
            return
        if self.split_carried:
            self.apply(SplitCarried(), None, "")
            return
        while self.state.phase is Phase.DEAL:  # an all-in run-out the file does not show
            if self.kind is Kind.STUD:
                self.flush_stud_deal(None)
            else:
                self.run_twice(None, "")
                self.apply(DealStreet(), None, "")
        if self.state.phase in (Phase.BETTING, Phase.DRAW):
            verb = "act" if self.state.phase is Phase.BETTING else "draw"
            raise self.fail(
                None,
                "",
                f"the actions end before the hand is over: it is seat"
                f" {self.config.seat(self.state.to_act or 0)}'s turn to {verb}.",
            )
        # The openers check after more shows and mucks than there were: at the end.
        self.openers_after = min(self.openers_after, self.showdown_sm)
        self.dealer_steps(None, "")
        self.check_dealer_fields()
        while self.state.phase is Phase.SHOWDOWN:
            self.award(None, "")

    def check_dealer_fields(self) -> None:
        """The jackpot fields say what happened: refuse them where it did not happen, and ask for
        `_pott_openers` where the opener must show openers."""
        state = self.state
        opener = legal_actions(state).check_openers if state.phase is Phase.SHOWDOWN else None
        if opener is not None:
            raise self.fail(
                None,
                "",
                f"seat {self.config.seat(opener)} opened and must show openers (jacks or better)"
                " first: say whether they did with _pott_openers = true or false.",
            )
        if self.openers is not None and not self.openers_applied:
            raise self.fail(None, "", "_pott_openers is given, but nobody had openers to show.")
        if self.split_openers and not state.split_openers:
            raise self.fail(
                None, "", "_pott_split_openers is true, but no opener drew after opening."
            )


# --- writing ------------------------------------------------------------------------------------


def variant_code(config: HandConfig) -> str:
    """The PHH variant code of a config (FT, NT, PO, F7S, or Pott's F5S, S5D, S5D32 …)."""
    structure = config.structure
    letter = STRUCTURE_LETTERS.get(type(structure))
    game = GAME_CODES.get(config.variant)
    if letter is None or game is None:
        raise PhhError(f"{config.variant} with {type(structure).__name__} has no PHH variant code.")
    return letter + game


def write_phh(
    config: HandConfig,
    actions: Iterable[Action],
    state: HandState | None = None,
    *,
    name: str | int | None = None,
    extra: Mapping[str, Any] | None = None,
    scale: int = 1,
) -> str:
    """One hand as PHH (TOML) text, with `finishing_stacks` and `winnings` from the engine.

    `state` is the hand's state after `actions` (replayed when not given). `name` becomes the
    `hand` field. `extra` adds fields (`players`, `event`, `time` …); a key Pott also writes is
    replaced by the one in `extra`, except the results (`finishing_stacks`, `winnings`,
    `_pott_carried_out`, `_pott_replay_without`), which always come from the engine. Cards
    Pott never saw are written as `??`. `scale`: Pott's chips per unit of the amounts written
    (100 writes chips as hundredths).
    """
    actions = tuple(actions)
    fields = _fields(config, actions, scale)
    if state is None:
        state = _replay_for_writing(config, actions)
    if name is not None:
        fields["hand"] = name
    for key, value in (extra or {}).items():
        if key not in RESULT_FIELDS:
            fields[key] = value
    fields["finishing_stacks"] = [_amount(v, scale) for v in state.final_stacks()]
    fields["winnings"] = [_amount(v, scale) for v in state.payouts]
    if state.carried_out:
        fields["_pott_carried_out"] = _amount(state.carried_out, scale)
    if state.replay_without is not None:
        fields["_pott_replay_without"] = state.replay_without + 1
    return "".join(_toml_line(key, value) for key, value in fields.items())


def write_phhs(hands: Iterable[PhhHand]) -> str:
    """Several hands as one .phhs text: TOML tables named after the hands (or numbered)."""
    parts: list[str] = []
    used: set[str] = set()
    for number, hand in enumerate(hands, start=1):
        key = hand.name if hand.name and hand.name not in used else str(number)
        used.add(key)
        body = write_phh(hand.config, hand.actions, hand.state, extra=hand.fields, scale=hand.scale)
        parts.append(f"[{_toml_key(key)}]\n{body}")
    return "\n".join(parts)


def replay_text(hand: PhhHand) -> str:
    """A read hand written back: its own fields and actions, Pott's finishing stacks/winnings."""
    return write_phh(hand.config, hand.actions, hand.state, extra=hand.fields, scale=hand.scale)


def mismatches(hand: PhhHand) -> list[str]:
    """Where the file's own `finishing_stacks`, `winnings` or `_pott_carried_out` differ from what
    Pott computed.

    Expected differences: a site's rake (Pott takes none) and Pott's intentional rules (odd
    chips, heads-up limit caps, bring-in ties): the caller shows them, it does not fail on them.
    """
    computed = {"finishing_stacks": hand.state.final_stacks(), "winnings": hand.state.payouts}
    notes = []
    for key, ours in computed.items():
        theirs = hand.fields.get(key)
        if not isinstance(theirs, list):
            continue
        try:
            same = [Decimal(v) * hand.scale for v in theirs] == list(ours)
        except (TypeError, ArithmeticError, ValueError):
            same = False
        if not same:
            written = ", ".join(str(v) for v in theirs)
            pott = ", ".join(str(_amount(v, hand.scale)) for v in ours)
            notes.append(f"hand {hand.name}: the file's {key} are [{written}], Pott's [{pott}].")
    carried = hand.fields.get("_pott_carried_out")
    if carried is not None:
        try:
            same = Decimal(carried) * hand.scale == hand.state.carried_out
        except (TypeError, ArithmeticError, ValueError):
            same = False
        if not same:
            pott = _amount(hand.state.carried_out, hand.scale)
            notes.append(
                f"hand {hand.name}: the file's _pott_carried_out is {carried}, Pott's {pott}."
            )
    return notes


def _replay_for_writing(config: HandConfig, actions: Sequence[Action]) -> HandState:
    state = start(config)
    for action in actions:
        state = apply(state, action)
    return state


def _amount(chips: int, scale: int) -> int | Decimal:
    """Chips in the file's unit: whole amounts as integers, others to the scale's decimals."""
    if chips % scale == 0:
        return chips // scale
    places = len(str(scale)) - 1
    return (Decimal(chips) / scale).quantize(Decimal(1).scaleb(-places))


def _fields(config: HandConfig, actions: Sequence[Action], scale: int) -> dict[str, Any]:
    """The required PHH fields of a hand, its actions in PHH notation, and Pott's own fields."""
    code = variant_code(config)
    n = len(config.stacks)
    kind = config.spec.kind

    def amount(chips: int) -> int | Decimal:
        return _amount(chips, scale)

    def per_player(values: tuple[int, ...]) -> list[int | Decimal]:
        values = values or (0,) * n
        return [amount(v) for v in (values[::-1] if n == 2 else values)]

    fields: dict[str, Any] = {"variant": code, "antes": per_player(config.antes)}
    if kind is Kind.STUD:
        fields["bring_in"] = amount(config.bring_in)
    else:
        fields["blinds_or_straddles"] = per_player(config.blinds)
    structure = config.structure
    if isinstance(structure, FixedLimit):
        fields["small_bet"] = amount(structure.small_bet)
        fields["big_bet"] = amount(structure.big_bet)
    elif isinstance(structure, SpreadLimit):
        fields["min_bet"] = amount(structure.min_bet)
    else:
        fields["min_bet"] = amount(
            structure.min_bet
            or config.big_blind
            or max(config.blinds, default=0)
            or config.smallest_chip
        )
        if structure.min_bet_late:
            fields["_pott_min_bet_late"] = amount(structure.min_bet_late)
    fields["starting_stacks"] = [amount(v) for v in config.stacks]
    phh_actions, dealer_fields = _phh_actions(config, actions, scale)
    fields["actions"] = phh_actions
    if config.seats:
        fields["seats"] = list(config.seats)
    fields.update(_game_fields(config, amount))
    fields.update(dealer_fields)
    return fields


def _game_fields(config: HandConfig, amount: Callable[[int], int | Decimal]) -> dict[str, Any]:
    """Pott's fields for what PHH cannot say about the game: only what differs from a reader's
    defaults."""
    fields: dict[str, Any] = {}
    structure = config.structure
    if isinstance(structure, SpreadLimit):
        for name, key in _SPREAD_FIELDS:
            value = getattr(structure, name)
            if name != "max_bet" and value == getattr(_SPREAD_DEFAULTS, name):
                continue
            chips = name not in ("late_from", "at_least_largest")
            fields[key] = amount(value) if chips else value
    # The engine's big blind is the nominal one or else the largest blind; a reader's is the
    # larger of the first two (a straddle is not the big blind) or else the largest.
    largest = max(config.blinds, default=0)
    big_blind = config.big_blind or largest
    if big_blind != (_implied_big_blind(config.blinds) or largest):
        fields["_pott_big_blind"] = amount(big_blind)
    if any(config.dead):
        fields["_pott_dead"] = [amount(v) for v in config.dead]
    if config.smallest_chip != 1:
        fields["_pott_smallest_chip"] = amount(config.smallest_chip)
    for key, value in (
        ("_pott_joker", config.joker),
        ("_pott_jackpot", config.jackpot),
        ("_pott_open_or_fold", config.open_or_fold),
    ):
        if value:
            fields[key] = True
    if config.carried:
        fields["_pott_carried"] = amount(config.carried)
    defaults = HouseOptions()
    options = {
        f.name: getattr(config.options, f.name)
        for f in dataclass_fields(HouseOptions)
        if getattr(config.options, f.name) != getattr(defaults, f.name)
    }
    if options:
        fields["_pott_options"] = {
            k: v.value if isinstance(v, Enum) else amount(v) if k == "pot_round_up" else v
            for k, v in options.items()
        }
    return fields


def _cards(cards: Iterable[Card | None]) -> str:
    return "".join("??" if c is None else str(c) for c in cards)


def _line(text: str, comment: str = "") -> str:
    """An action with an optional PHH commentary (for people: Pott's fields carry the meaning)."""
    return f"{text} # {comment}" if comment else text


def _phh_actions(
    config: HandConfig, actions: Sequence[Action], scale: int = 1
) -> tuple[list[str], dict[str, Any]]:
    """Pott's actions in PHH notation, and Pott's fields for the dealer's decisions PHH has no
    action for: the winners of each award, a misdeal, split openers, the openers check."""
    state = start(config)
    spec = config.spec
    n = len(config.stacks)
    out: list[str] = []
    awards: list[list[int]] = []
    low_awards: list[list[int] | bool] = []
    odd_chips: list[int] = []  # the dealer's odd-chip pick per award, player number or 0
    fields: dict[str, Any] = {}
    showdown_sm = 0  # shows and mucks so far (only the showdown has them)
    awards_after: list[int] = []
    # The board as the dealer entered it at the end (Board): PHH deals it street by street.
    # Run it twice: the second run's own cards too.
    entered = [
        next((a.cards for a in reversed(actions) if isinstance(a, Board) and a.run == run), ())
        for run in (0, 1)
    ]
    if spec.kind is not Kind.STUD:
        shown = {a.player: a.cards for a in actions if isinstance(a, Show)}
        for p in range(n):
            hole = shown.get(p, ())
            if spec.kind is not Kind.BOARD or len(hole) != spec.hole_cards:
                hole = (None,) * spec.hole_cards  # type: ignore[assignment]
            out.append(f"d dh p{p + 1} {_cards(hole)}")
    for action in actions:
        before = state
        state = apply(state, action)
        # Jackpots: the opening bet claims jacks or better (a reader infers the claim).
        opens = "opens: claims jacks or better" if state.opener != before.opener else ""
        match action:
            case Fold(p) if before.phase is Phase.DRAW:
                out.append(_line(f"p{p + 1} f", "stays out"))  # seed 003, at the exchange
            case Fold(p):
                out.append(f"p{p + 1} f")
            case Check(p) if spec.pass_stays_in and legal_actions(before).call:
                # Seed 003's pass facing a bet: the player pays nothing and stays in (`cc` would
                # be a call). Only this game's first betting round has it.
                out.append(_line(f"p{p + 1} f", "passes: stays in"))
            case Check(p) | Call(p):
                out.append(f"p{p + 1} cc")
            case Raise(p, to):
                out.append(_line(f"p{p + 1} cbr {_amount(to, scale)}", opens))
            case AllIn(p):
                match resolve_all_in(before, p):
                    case Raise(_, to):
                        out.append(_line(f"p{p + 1} cbr {_amount(to, scale)}", opens))
                    case _:
                        out.append(f"p{p + 1} cc")
            case BringIn(p):
                out.append(f"p{p + 1} pb")
            case Draw(p, count, split):
                notes = []
                paid = state.contributions[p] - before.contributions[p]
                if paid:
                    notes.append(f"pays {_amount(paid, scale)} to come back in")
                if split:
                    notes.append("puts an opener aside")
                    fields["_pott_split_openers"] = True
                out.append(_line(f"p{p + 1} sd {'??' * count}".rstrip(), ", ".join(notes)))
            case Show(p, cards):
                out.append(f"p{p + 1} sm {_cards(cards) or '??' * max(spec.hole_cards, 1)}")
                if before.phase is Phase.SHOWDOWN or spec.kind is not Kind.BOARD:
                    showdown_sm += 1  # a reader keeps a stud run-out's shows for the showdown
            case Board():
                pass  # written into the streets' `d db` (see DealStreet)
            case RunTwice():
                out.append("# runs it twice")
                fields["_pott_runs"] = 2
            case Muck(p):
                out.append(f"p{p + 1} sm")
                showdown_sm += 1
            case Openers(p, shown):
                # PHH has no action for it: a no-op for people, `_pott_openers` for readers.
                what = "shows openers" if shown else "cannot show openers (a false opener)"
                out.append(f"# p{p + 1} {what}")
                fields["_pott_openers"] = shown
                if showdown_sm:
                    fields["_pott_openers_after"] = showdown_sm
            case DealStreet(board, up_cards, first_actor):
                if spec.kind is Kind.BOARD and not board:
                    run = before.run
                    known = before.board2 if run else before.board
                    dealt = board_dealt(before, run), board_dealt(state, run)
                    if state.run != run:  # the first run's last street: all of it is dealt
                        dealt = dealt[0], sum(spec.board_cards)
                    if len(entered[run]) >= dealt[1] and len(known) == dealt[0]:
                        board = entered[run][dealt[0] : dealt[1]]
                        # Later streets of the same board are dealt with their cards too.
                        if run:
                            state = state._replace(board2=known + board)
                        else:
                            state = state._replace(board=known + board)
                out.extend(_deal_actions(before, state, board, up_cards, first_actor))
            case Award(_, winners, low_winners, no_low, odd_chip):
                odd_chips.append(0 if odd_chip is None else odd_chip + 1)
                awards.append([w + 1 for w in winners])
                low_awards.append(False if no_low else [w + 1 for w in low_winners])
                awards_after.append(showdown_sm)
            case Misdeal():
                out.append("# misdeal: the hand is void")
                fields["_pott_void"] = True
            case SplitCarried():
                out.append("# the carried pot is shared out")
                fields["_pott_split_carried"] = True
        if before.phase is Phase.DRAW and state.phase is not Phase.DRAW:
            # Everyone has drawn (or stayed out): the dealer deals the new cards.
            for q, drawn in enumerate(state.drawn):
                if drawn > 0 and not state.folded[q]:
                    out.append(f"d dh p{q + 1} {'??' * drawn}")
    if any(after < showdown_sm for after in awards_after):
        # A show or muck after an award: a reader must know where each award came.
        fields["_pott_awards"] = awards
        fields["_pott_awards_after"] = awards_after
    elif any(awards) or any(low is False or low for low in low_awards):
        fields["_pott_awards"] = awards
    if any(low is False or low for low in low_awards):
        fields["_pott_low_awards"] = low_awards
    if any(odd_chips):
        fields["_pott_awards"] = awards
        fields["_pott_odd_chips"] = odd_chips
    return out, fields


def _deal_actions(
    before: HandState,
    after: HandState,
    board: tuple[Card, ...],
    up_cards: tuple[Card | None, ...],
    first_actor: int | None,
) -> list[str]:
    spec = before.config.spec
    street = before.street
    if spec.kind is Kind.BOARD:
        return [f"d db {_cards(board) if board else '??' * spec.board_cards[street]}"]
    # Stud: a reader decides who acts first from the up cards when all are known, so write
    # them as known only if they decide what the dealer decided.
    if first_actor is not None and up_cards:
        try:
            by_cards = apply(before, DealStreet(up_cards=up_cards)).to_act
        except IllegalAction:
            by_cards = None
        if by_cards != after.to_act:
            up_cards = ()
    position = _up_card_index(before.config, street)
    lines = []
    for p in range(before.players):
        if before.folded[p]:
            continue
        up = up_cards[p] if up_cards else None
        count = (position or 0) + 1 if street == 0 else 1
        dealt: list[Card | None] = [None] * count
        if position is not None:
            dealt[position] = up
        lines.append(f"d dh p{p + 1} {_cards(dealt)}")
    return lines


# --- a little TOML ------------------------------------------------------------------------------

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else json.dumps(key, ensure_ascii=False)


def _toml_line(key: str, value: object) -> str:
    """`key = value`; the actions one per line, as the PHH examples write them."""
    if key == "actions" and isinstance(value, list) and value:
        items = "".join(f"  {_toml_value(v)},\n" for v in value)
        return f"{_toml_key(key)} = [\n{items}]\n"
    return f"{_toml_key(key)} = {_toml_value(value)}\n"


def _toml_value(value: object) -> str:
    """TOML for the values hand histories hold: numbers, strings, times, arrays, tables."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal | float):
        if value != value:
            return "nan"
        if value in (Decimal("Infinity"), float("inf")):
            return "inf"
        if value in (Decimal("-Infinity"), float("-inf")):
            return "-inf"
        text = str(value)
        return text if any(c in text for c in ".eE") else text + ".0"
    if isinstance(value, str):
        # JSON's string escapes are TOML's, except that TOML also forbids a raw DEL.
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, Mapping):
        pairs = (f"{_toml_key(str(k))} = {_toml_value(v)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise PhhError(f"{value!r} cannot be written in PHH.")
