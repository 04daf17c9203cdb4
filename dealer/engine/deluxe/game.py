"""A Poker-Deluxe evening, deal after deal, rebuilt from its action log (seed 001, chapters 1, 3-5).

Pure Python: no Django, no clock, no I/O. `start(config)` seats the players with their starting
chips; `legal_actions(state)` says what may happen now; `apply(state, action)` returns the next
state or raises `IllegalAction`; `replay(config, actions)` rebuilds a state from its log.

Each deal has two steps. Buying: from the player left of the dealer round to the dealer, each
player buys 0 to 4 of their face-down cards (`Buy`), paying 1, 2, 3, 4 units into the bank for
the first, second, third, fourth card. The showdown: each player's combination is entered
(`Show`), tapped on the variant's list or as the cards; when every player has shown, the deal
is settled at once — the highest combination takes the bank and collects the difference of
points from every other player — and the next deal begins with the next dealer to the left.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

from dealer.engine.actions import IllegalAction
from dealer.engine.cards import Card, card_order_key, parse_cards
from dealer.engine.deluxe.rules import (
    MAX_CARDS,
    MIN_CARDS,
    Combo,
    Hand,
    Variant,
    classify,
    get_variant,
)
from dealer.engine.text import Msg, gettext_noop

DECK: Final = 52  # "ein Kartenspiel mit 52 Karten"
FACE_DOWN: Final = 4  # "werden jedem Spieler erneut vier Karten einzeln ausgeteilt"
MIN_PLAYERS: Final = 2
MAX_ROUNDS: Final = 100
MAX_CHIP_VALUE: Final = 1_000
MAX_CHIP_COUNT: Final = 1_000


@dataclass(frozen=True, slots=True)
class ChipColour:
    """So many chips of one colour and value, given to every player at the start."""

    colour: str
    value: int
    count: int


# "zum Beispiel drei blaue Chips mit dem Geldwert 10, fünf rote Chips mit dem Geldwert 5, sechs
# gelbe Chips mit dem Geldwert 2 und acht weiße Chips mit dem Geldwert 1": 75 units.
SEED_CHIP_SET: Final = (
    ChipColour("blau", 10, 3),
    ChipColour("rot", 5, 5),
    ChipColour("gelb", 2, 6),
    ChipColour("weiß", 1, 8),
)


def buy_cost(cards: int) -> int:
    """What buying that many cards costs in all: 1 unit for the first card, 2 for the second,
    3 for the third, 4 for the fourth (0, 1, 3, 6, 10).

    "einen Spielchip (Geldwert 1) an die Bank bezahlen … Für die zweite Karte muss er jedoch
    zwei, für die dritte drei und für die vierte vier Geldeinheiten an die Bank zahlen": each
    card's price, not the total so far, so four cards cost 1 + 2 + 3 + 4 = 10.
    """
    return cards * (cards + 1) // 2


def max_players(cards: int) -> int:
    """How many players one 52-card deck deals: each gets the hand and four face-down cards."""
    return DECK // (get_variant(cards).cards + FACE_DOWN)


@dataclass(frozen=True, slots=True, kw_only=True)
class DeluxeConfig:
    """The evening as agreed before the first deal.

    `names` are the players in seating order, clockwise: the player left of `names[i]` is
    `names[i + 1]` (and left of the last is the first). `youngest_first` lists the players (as
    indices into `names`) from the youngest to the oldest: the youngest deals first and wins
    absolute ties. A round is one deal by every player, so the evening has rounds × players
    deals unless someone goes broke first.
    """

    cards: int
    names: tuple[str, ...]
    youngest_first: tuple[int, ...]
    rounds: int
    chip_set: tuple[ChipColour, ...] = SEED_CHIP_SET

    @property
    def variant(self) -> Variant:
        return get_variant(self.cards)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def starting_chips(self) -> int:
        """Each player's units at the start (75 with the seed's chips)."""
        return sum(c.value * c.count for c in self.chip_set)

    @property
    def deals(self) -> int:
        """How many deals the evening has if nobody goes broke."""
        return self.rounds * self.players

    def dealer_of(self, deal: int) -> int:
        """Who deals deal number `deal` (0 is the first): the youngest, then each to the left."""
        # "Der jüngste Spieler wird erster Geber. Nach jedem Spiel wechselt das Recht, die Karten
        # zu geben, an den Spieler links vom bisherigen Geber."
        return (self.youngest_first[0] + deal) % self.players

    def age_rank(self, player: int) -> int:
        """0 for the youngest player, 1 for the next youngest, and so on."""
        return self.youngest_first.index(player)


class Phase(StrEnum):
    """What the deal waits for."""

    BUYING = "buying"  # `to_buy` to say how many cards they buy
    SHOWDOWN = "showdown"  # the players' combinations
    OVER = "over"  # the agreed rounds are played, or a player went broke


@dataclass(frozen=True, slots=True)
class Buy:
    """`player` buys `cards` (0 to 4) of their face-down cards, discarding as many."""

    player: int
    cards: int


@dataclass(frozen=True, slots=True)
class Show:
    """`player`'s combination at the showdown: tapped on the variant's list (`combo`), or the
    cards they hold (`cards`, classified by Pott), or both (they must agree).

    A player shown by combination only may be shown again with cards until the deal is settled:
    Pott asks for them when tied combinations need the cards to decide.
    """

    player: int
    combo: Combo | str | None = None
    cards: tuple[Card, ...] | str = ()


type Action = Buy | Show


@dataclass(frozen=True, slots=True)
class Shown:
    """A player's entry at the showdown."""

    combo: Combo
    points: int
    hand: Hand | None = None  # None: tapped on the list, no cards entered


class Decided(StrEnum):
    """How the winner of a deal was found."""

    COMBINATION = "combination"  # the highest combination of the variant's table
    TIE_RULES = "tie_rules"  # same combination: the cards decided (highest card, quad, …)
    YOUNGEST = "youngest"  # the same combination with the same ranks: the youngest


class Why(StrEnum):
    """Why chips moved at a settlement."""

    BANK = "bank"  # the winner takes what was paid for cards
    DIFFERENCE = "difference"  # a player pays the winner the difference of points


@dataclass(frozen=True, slots=True)
class Payment:
    """Chips that moved at a settlement. `payer` None is the bank."""

    payer: int | None
    payee: int
    amount: int
    why: Why
    owed: int  # what the rules asked; more than `amount` when the payer went broke

    @property
    def short(self) -> bool:
        return self.amount < self.owed


@dataclass(frozen=True, slots=True)
class DealResult:
    """One settled deal: who dealt, what each player bought and showed, who won and how,
    and every payment (none for a player whose points equal the winner's)."""

    deal: int  # 0 is the first deal
    dealer: int
    bought: tuple[int, ...]
    shown: tuple[Shown, ...]
    winner: int
    decided: Decided
    bank: int
    payments: tuple[Payment, ...]
    broke: tuple[int, ...]  # players with no chips left: the evening ends


@dataclass(frozen=True, slots=True)
class Standing:
    place: int  # 1 is first; equal chips share a place
    player: int
    chips: int


@dataclass(frozen=True, slots=True)
class Legal:
    """What may happen now."""

    phase: Phase
    player: int | None = None  # BUYING: whose turn it is to buy
    buy_max: int = 0  # the most cards they may buy: 4, or fewer if their chips pay for fewer
    costs: tuple[int, ...] = ()  # what 0, 1, … buy_max cards cost them in all
    to_show: tuple[int, ...] = ()  # SHOWDOWN: players not shown yet
    needs_cards: tuple[int, ...] = ()  # SHOWDOWN: tied at the top, shown without cards
    combos: tuple[Combo, ...] = ()  # SHOWDOWN: the variant's list, highest first


@dataclass(frozen=True, slots=True)
class DeluxeState:
    """Where the evening stands. Per-player tuples are in seating order (`config.names`)."""

    config: DeluxeConfig
    chips: tuple[int, ...]
    bank: int  # "Behälter": what was paid for cards this deal
    deal: int  # the deal being played (0 is the first); after the last, the number played
    phase: Phase
    to_buy: int | None
    bought: tuple[int | None, ...]  # this deal: cards each player bought, None before their turn
    shown: tuple[Shown | None, ...]  # this deal
    results: tuple[DealResult, ...] = ()

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def dealer(self) -> int:
        """The dealer of the current deal (once over: of the last deal played)."""
        return self.config.dealer_of(self.deal if not self.is_over else max(self.deal - 1, 0))

    @property
    def round(self) -> int:
        """The round being played, from 1."""
        return min(self.deal, self.config.deals - 1) // self.config.players + 1

    @property
    def last_result(self) -> DealResult | None:
        return self.results[-1] if self.results else None

    @property
    def broke(self) -> tuple[int, ...]:
        """The players who went broke (the evening ended with their deal)."""
        return self.results[-1].broke if self.results else ()

    @property
    def winners(self) -> tuple[int, ...]:
        """Once over, the players with the most chips (several if they share the most)."""
        if not self.is_over:
            return ()
        most = max(self.chips)
        return tuple(p for p, chips in enumerate(self.chips) if chips == most)

    @property
    def winner(self) -> int | None:
        """Once over, the player with the most chips; None before, or if several share it."""
        winners = self.winners
        return winners[0] if len(winners) == 1 else None

    def standings(self) -> tuple[Standing, ...]:
        """The players by chips, most first; equal chips share a place (1, 1, 3)."""
        order = sorted(range(self.config.players), key=lambda p: (-self.chips[p], p))
        standings: list[Standing] = []
        for i, p in enumerate(order):
            tied = standings and standings[-1].chips == self.chips[p]
            place = standings[-1].place if tied else i + 1
            standings.append(Standing(place=place, player=p, chips=self.chips[p]))
        return tuple(standings)

    def name(self, player: int) -> str:
        return self.config.names[player]


# --- starting the evening ---------------------------------------------------------------------


def _check_config(config: DeluxeConfig) -> None:
    if not isinstance(config.cards, int) or not MIN_CARDS <= config.cards <= MAX_CARDS:
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "Poker-Deluxe is played with %(min_cards)s to %(max_cards)s cards, not "
                    "%(cards)s."
                ),
                min_cards=MIN_CARDS,
                max_cards=MAX_CARDS,
                cards=config.cards,
            )
        )
    n = config.players
    most = max_players(config.cards)
    if not MIN_PLAYERS <= n <= most:
        per_player = config.cards + FACE_DOWN
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "With %(cards)s cards and %(face_down)s to buy, each player needs "
                    "%(per_player)s cards: one deck deals %(min_players)s to %(most)s players, "
                    "not %(n)s."
                ),
                cards=config.cards,
                face_down=FACE_DOWN,
                per_player=per_player,
                min_players=MIN_PLAYERS,
                most=most,
                n=n,
            )
        )
    names = [name.strip() for name in config.names]
    if not all(names):
        raise IllegalAction(Msg(gettext_noop("Every player needs a name.")))
    if len(set(names)) != n:
        raise IllegalAction(Msg(gettext_noop("Two players have the same name: tell them apart.")))
    if sorted(config.youngest_first) != list(range(n)):
        raise IllegalAction(
            Msg(gettext_noop("List every player once, from the youngest to the oldest."))
        )
    if not 1 <= config.rounds <= MAX_ROUNDS:
        raise IllegalAction(
            Msg(
                gettext_noop("Agree on 1 to %(max_rounds)s rounds, not %(rounds)s."),
                max_rounds=MAX_ROUNDS,
                rounds=config.rounds,
            )
        )
    for chips in config.chip_set:
        if not 1 <= chips.value <= MAX_CHIP_VALUE or not 0 <= chips.count <= MAX_CHIP_COUNT:
            raise IllegalAction(
                Msg(
                    gettext_noop("%(count)s × %(value)s (%(colour)s) is not a home game's chips."),
                    count=chips.count,
                    value=chips.value,
                    colour=chips.colour,
                )
            )
    if config.starting_chips <= 0:
        raise IllegalAction(Msg(gettext_noop("Every player needs chips to start.")))


def start(config: DeluxeConfig) -> DeluxeState:
    """Seat the players with their starting chips; the youngest deals the first deal."""
    _check_config(config)
    n = config.players
    return _new_deal(
        DeluxeState(
            config=config,
            chips=(config.starting_chips,) * n,
            bank=0,
            deal=0,
            phase=Phase.BUYING,
            to_buy=None,
            bought=(None,) * n,
            shown=(None,) * n,
        ),
        deal=0,
    )


def _new_deal(state: DeluxeState, *, deal: int) -> DeluxeState:
    n = state.config.players
    # "Der Spieler links vom Geber darf als erster beginnen"
    return replace(
        state,
        deal=deal,
        phase=Phase.BUYING,
        to_buy=(state.config.dealer_of(deal) + 1) % n,
        bought=(None,) * n,
        shown=(None,) * n,
        bank=0,
    )


# --- what may happen now ----------------------------------------------------------------------


def legal_actions(state: DeluxeState) -> Legal:
    """Whose turn it is and what they may do (the buttons the screen shows)."""
    if state.phase is Phase.BUYING:
        assert state.to_buy is not None
        chips = state.chips[state.to_buy]
        buy_max = max(k for k in range(FACE_DOWN + 1) if buy_cost(k) <= chips)
        return Legal(
            phase=state.phase,
            player=state.to_buy,
            buy_max=buy_max,
            costs=tuple(buy_cost(k) for k in range(buy_max + 1)),
        )
    if state.phase is Phase.SHOWDOWN:
        return Legal(
            phase=state.phase,
            to_show=tuple(p for p, shown in enumerate(state.shown) if shown is None),
            needs_cards=needs_cards(state),
            combos=state.config.variant.combos,
        )
    return Legal(phase=state.phase)


def needs_cards(state: DeluxeState) -> tuple[int, ...]:
    """Players whose cards must be entered before the deal can be settled.

    Once everyone has shown: if several players share the highest combination, the cards decide
    (the seed's tie rules), so each of them shown by combination only must show the cards.
    """
    if state.phase is not Phase.SHOWDOWN or any(s is None for s in state.shown):
        return ()
    shown = _all_shown(state)
    contenders = _contenders(state.config.variant, shown)
    if len(contenders) == 1:
        return ()
    return tuple(p for p in contenders if shown[p].hand is None)


# --- applying an action -----------------------------------------------------------------------


def apply(state: DeluxeState, action: Action) -> DeluxeState:
    """Apply one action and return the new state, or raise IllegalAction saying why not."""
    if state.is_over:
        raise IllegalAction(Msg(gettext_noop("The game is over.")))
    if not isinstance(action, Buy | Show):
        raise IllegalAction(
            Msg(gettext_noop("%(action)s is not a Poker-Deluxe action."), action=repr(action))
        )
    player = action.player
    if type(player) is not int or not 0 <= player < state.config.players:
        raise IllegalAction(
            Msg(gettext_noop("There is no player %(player)s at this table."), player=repr(player))
        )
    if isinstance(action, Buy):
        return _buy(state, action)
    return _show(state, action)


def _buy(state: DeluxeState, action: Buy) -> DeluxeState:
    p, name = action.player, state.name(action.player)
    if state.phase is not Phase.BUYING:
        raise IllegalAction(
            Msg(
                gettext_noop("Buying is over: enter the combinations. %(name)s cannot buy now."),
                name=name,
            )
        )
    assert state.to_buy is not None
    if p != state.to_buy:
        dealer = state.name(state.dealer)
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "It is %(name)s's turn to buy, not %(name2)s's: buying goes to the left, "
                    "from the player left of the dealer (%(dealer)s) round to the dealer."
                ),
                name=state.name(state.to_buy),
                name2=name,
                dealer=dealer,
            )
        )
    cards = action.cards
    if not isinstance(cards, int) or isinstance(cards, bool) or cards < 0:
        raise IllegalAction(
            Msg(
                gettext_noop("%(name)s buys 0 to %(face_down)s cards, not %(cards)s."),
                name=name,
                face_down=FACE_DOWN,
                cards=repr(cards),
            )
        )
    if cards > FACE_DOWN:
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "%(name)s may buy at most %(face_down)s cards: only %(face_down)s lie face "
                    "down."
                ),
                name=name,
                face_down=FACE_DOWN,
            )
        )
    cost = buy_cost(cards)
    chips = state.chips[p]
    if cost > chips:
        prices = " + ".join(str(k) for k in range(1, cards + 1))
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "%(name)s has %(chips)s units: %(cards)s cards cost %(cost)s (%(prices)s)."
                ),
                name=name,
                chips=chips,
                cards=cards,
                cost=cost,
                prices=prices,
            )
        )
    bought = list(state.bought)
    bought[p] = cards
    dealer = state.dealer
    last = p == dealer  # the dealer buys last
    return replace(
        state,
        chips=_add(state.chips, p, -cost),
        bank=state.bank + cost,
        bought=tuple(bought),
        to_buy=None if last else (p + 1) % state.config.players,
        phase=Phase.SHOWDOWN if last else Phase.BUYING,
    )


def _show(state: DeluxeState, action: Show) -> DeluxeState:
    p, name = action.player, state.name(action.player)
    if state.phase is not Phase.SHOWDOWN:
        assert state.to_buy is not None
        raise IllegalAction(
            Msg(
                gettext_noop(
                    "Buying is not over: %(name)s buys next. Show %(name2)s's hand after."
                ),
                name=state.name(state.to_buy),
                name2=name,
            )
        )
    variant = state.config.variant
    if action.combo is None and not action.cards:
        raise IllegalAction(
            Msg(gettext_noop("Tap %(name)s's combination or enter %(name)s's cards."), name=name)
        )
    combo: Combo | None = None
    if action.combo is not None:
        try:
            combo = variant.row(action.combo).combo
        except ValueError as error:
            raise IllegalAction(
                Msg(gettext_noop("%(name)s: %(error)s"), name=name, error=error)
            ) from None
    hand: Hand | None = None
    if action.cards:
        try:
            cards = parse_cards(action.cards) if isinstance(action.cards, str) else action.cards
            hand = classify(variant, cards)
        except ValueError as error:
            raise IllegalAction(
                Msg(gettext_noop("%(name)s's cards: %(error)s"), name=name, error=error)
            ) from None
        if combo is not None and hand.combo is not combo:
            raise IllegalAction(
                Msg(
                    gettext_noop("%(name)s's cards make %(made)s, not %(tapped)s."),
                    name=name,
                    made=hand.combo.value,
                    tapped=combo.value,
                )
            )
        _check_one_deck(state, p, hand)
    before = state.shown[p]
    if before is not None:
        if before.hand is not None or hand is None:
            raise IllegalAction(
                Msg(gettext_noop("%(name)s has already shown: undo that to change it."), name=name)
            )
        if hand.combo is not before.combo:
            raise IllegalAction(
                Msg(
                    gettext_noop(
                        "%(name)s was shown with %(shown)s, but these cards make %(made)s: "
                        "undo that to change it."
                    ),
                    name=name,
                    shown=before.combo.value,
                    made=hand.combo.value,
                )
            )
    shown_combo = hand.combo if hand is not None else combo
    assert shown_combo is not None
    shown = list(state.shown)
    shown[p] = Shown(combo=shown_combo, points=variant.points(shown_combo), hand=hand)
    state = replace(state, shown=tuple(shown))
    if any(s is None for s in state.shown) or needs_cards(state):
        return state
    return _settle(state)


def _check_one_deck(state: DeluxeState, player: int, hand: Hand) -> None:
    for other, shown in enumerate(state.shown):
        if other == player or shown is None or shown.hand is None:
            continue
        common = sorted(set(hand.cards) & set(shown.hand.cards), key=card_order_key)
        if common:
            raise IllegalAction(
                Msg(
                    gettext_noop(
                        "%(card)s is in %(name)s's hand and in %(name2)s's: one deck has only one."
                    ),
                    card=common[0],
                    name=state.name(player),
                    name2=state.name(other),
                )
            )


# --- the settlement ---------------------------------------------------------------------------


def _all_shown(state: DeluxeState) -> tuple[Shown, ...]:
    shown = tuple(s for s in state.shown if s is not None)
    assert len(shown) == state.config.players
    return shown


def _contenders(variant: Variant, shown: tuple[Shown, ...]) -> tuple[int, ...]:
    """The players with the highest combination in the variant's order."""
    top = max(variant.order(s.combo) for s in shown)
    return tuple(p for p, s in enumerate(shown) if variant.order(s.combo) == top)


def deal_winner(config: DeluxeConfig, shown: tuple[Shown, ...]) -> tuple[int, Decided]:
    """Who takes the deal, and how that was decided.

    The highest combination in the variant's order; of players with the same one, the seed's tie
    rules (`Hand.key`); of players with the very same ranks, the youngest ("Bei absoluter
    Übereinstimmung mehrerer Kombinationen gewinnt der jüngste Spieler"). Tied players must have
    shown their cards (see `needs_cards`).
    """
    contenders = _contenders(config.variant, shown)
    if len(contenders) == 1:
        return contenders[0], Decided.COMBINATION
    keys = {}
    for p in contenders:
        hand = shown[p].hand
        assert hand is not None, "tied players must show their cards"
        keys[p] = hand.key
    best = max(keys.values())
    tied = [p for p in contenders if keys[p] == best]
    if len(tied) == 1:
        return tied[0], Decided.TIE_RULES
    return min(tied, key=config.age_rank), Decided.YOUNGEST


def _settle(state: DeluxeState) -> DeluxeState:
    """Pay the bank and the differences of points to the winner; then the next deal, or the end.

    "Wer die höchste Kombination hat, erhält zunächst alle Spielchips, die an die Bank gezahlt
    wurden. Danach darf er von den anderen Spielern die Punktdifferenz als Spielchips kassieren."
    A player who cannot pay it all pays what they have. A player left without chips has gone
    broke and the evening ends at once ("Geht ein Spieler zuvor Pleite, dann ist das Spiel sofort
    beendet").
    """
    config = state.config
    shown = _all_shown(state)
    winner, decided = deal_winner(config, shown)
    chips = list(state.chips)
    payments: list[Payment] = []
    if state.bank:
        chips[winner] += state.bank
        payments.append(Payment(None, winner, state.bank, Why.BANK, state.bank))
    for p in range(config.players):
        # Points never rise down a table, so the winner's points are the most (a test checks).
        owed = shown[winner].points - shown[p].points
        if p == winner or owed <= 0:
            continue
        paid = min(owed, chips[p])
        chips[p] -= paid
        chips[winner] += paid
        payments.append(Payment(p, winner, paid, Why.DIFFERENCE, owed))
    broke = tuple(p for p in range(config.players) if chips[p] == 0)
    bought = tuple(b if b is not None else 0 for b in state.bought)
    result = DealResult(
        deal=state.deal,
        dealer=state.dealer,
        bought=bought,
        shown=shown,
        winner=winner,
        decided=decided,
        bank=state.bank,
        payments=tuple(payments),
        broke=broke,
    )
    settled = replace(state, chips=tuple(chips), bank=0, results=(*state.results, result))
    if broke or state.deal + 1 >= config.deals:
        return replace(
            settled,
            deal=state.deal + 1,
            phase=Phase.OVER,
            to_buy=None,
            bought=(None,) * config.players,
            shown=(None,) * config.players,
        )
    return _new_deal(settled, deal=state.deal + 1)


def replay(config: DeluxeConfig, actions: Iterable[Action]) -> DeluxeState:
    """Rebuild an evening's state from its action log."""
    state = start(config)
    for action in actions:
        state = apply(state, action)
    return state


def _add(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    return (*values[:index], values[index] + amount, *values[index + 1 :])
