"""What the table screens show (the dealer's tablet, the TV, the phones), built from a table,
its seats and the replayed state of its hand."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from config.text import isolate
from dealer.engine import (
    Card,
    HandState,
    Kind,
    Low,
    Phase,
    PotLimit,
    Variant,
    board_dealt,
    cards_to_show,
    cards_up,
    first_speaker_reason,
    games,
    hand_value,
    legal_actions,
    misdeal_allowed,
    pots_so_far,
    run_board,
    run_twice_allowed,
    show_order,
    shown_winners,
)
from dealer.engine.chips import ChipSetTooAwkward, chip_breakdown, format_breakdown
from dealer.engine.equity import equity
from dealer.engine.rules import VARIANTS
from dealer.engine.seating import NotEnoughPlayers
from dealer.engine.summary import pot_results, walk
from dealer.poker.forms import CoDealerForm, SeatPlayerForm
from dealer.poker.hand_names import hand_name
from dealer.poker.models import Hand, Seat, Table
from ledger.models import Player, Session


def hand_history(table: Table, hand: Hand) -> dict[str, Any]:
    names = _names(hand)
    config = hand.engine_config()
    final, steps = walk(config, hand.log(), name=names.__getitem__)
    lines = [{"seq": step.seq, "text": step.text} for step in steps]
    return {
        "table": table,
        "hand": hand,
        "lines": lines,
        "players": [
            {
                "seat": seat,
                "name": names[p],
                "start": config.stacks[p],
                "end": final.final_stacks()[p],
                "result": final.final_stacks()[p] - config.stacks[p],
            }
            for p, seat in enumerate(config.seats)
        ],
        "pots": _pot_lines(final, names, table) if final.is_over else [],
        "board": [card_text(c) for c in final.board],
        "board2": [card_text(c) for c in run_board(final, 1)] if final.runs == 2 else [],
        "shown": _shown_lines(final, names),
        "carried_in": config.carried,
        "carried_out": final.carried_out if final.phase is Phase.COMPLETE else 0,
    }


def _names(hand: Hand) -> list[str]:
    players = Player.objects.in_bulk(hand.players)
    config = hand.config
    return [
        f"{players[pid]} ({_('seat')} {seat})" if pid in players else f"{_('Seat')} {seat}"
        for pid, seat in zip(hand.players, config["seats"], strict=True)
    ]


def _named_hand(state: HandState, p: int, run: int = 0) -> str:
    """The name of the hand player `p` showed ("Straight, five high"), with the board of `run`
    when the hand is run twice; "" when no cards were entered or they make no hand (yet)."""
    if not state.shown[p]:
        return ""
    try:
        return hand_name(hand_value(state, p, run))
    except ValueError:
        return ""


def _shown_lines(state: HandState, names: list[str]) -> list[dict[str, str]]:
    """Who showed which cards, with the hand they make."""
    return [
        {
            "name": names[p],
            "cards": " ".join(card_text(c) for c in cards),
            "hand": _named_hand(state, p),
            "hand2": _named_hand(state, p, 1) if state.runs == 2 else "",
        }
        for p, cards in enumerate(state.shown)
        if cards
    ]


def pot_labels(pots: Any, *, in_sentence: bool = False) -> list[str]:
    """Each pot's name as people say it: "Main pot", "Side pot 2" ("the main pot", "side pot
    2" `in_sentence`); when the hand is run twice each pot comes in two halves, "Main pot,
    first board" and "Main pot, second board"."""
    levels: list[tuple[int, ...]] = []
    labels = []
    twice = any(pot.board for pot in pots)
    for pot in pots:
        if pot.eligible not in levels:
            levels.append(pot.eligible)
        level = levels.index(pot.eligible)
        if in_sentence:
            label = _("the main pot") if level == 0 else _("side pot %(n)s") % {"n": level}
        else:
            label = _("Main pot") if level == 0 else _("Side pot %(n)s") % {"n": level}
        if twice:
            label = (_("%(pot)s, second board") if pot.board else _("%(pot)s, first board")) % {
                "pot": label
            }
        labels.append(label)
    return labels


def _pot_lines(state: Any, names: list[str], table: Table) -> list[dict[str, Any]]:
    denominations = [int(c["value"]) for c in table.chips]
    lines = []
    labels = pot_labels(state.pots)
    for result in pot_results(state):
        lines.append(
            {
                "label": labels[result.index],
                "amount": result.pot.amount,
                "paid": [
                    {
                        "name": names[p],
                        "chips": chips,
                        "how": _how(chips, denominations),
                        "hand": _named_hand(state, p, state.pots[result.index].board),
                    }
                    for p, chips in result.paid
                ],
            }
        )
    return lines


def _how(chips: int, denominations: list[int]) -> str:
    """The fewest chips to pay with; nothing when the chip set is too awkward to work it out."""
    try:
        return format_breakdown(chip_breakdown(chips, denominations) or [])
    except ChipSetTooAwkward:
        return ""


# --- what the templates show -----------------------------------------------------------------


PROMPTS = {
    "flop": gettext_lazy("Burn and deal the flop"),
    "turn": gettext_lazy("Burn and deal the turn"),
    "river": gettext_lazy("Burn and deal the river"),
}

# The engine names streets in English (it knows no Django); these are the words people read.
STREETS = {
    "preflop": gettext_lazy("preflop"),
    "flop": gettext_lazy("flop"),
    "turn": gettext_lazy("turn"),
    "river": gettext_lazy("river"),
    "before the draw": gettext_lazy("before the draw"),
    "after the draw": gettext_lazy("after the draw"),
    "the draw": gettext_lazy("the draw"),
    "second street": gettext_lazy("second street"),
    "third street": gettext_lazy("third street"),
    "fourth street": gettext_lazy("fourth street"),
    "fifth street": gettext_lazy("fifth street"),
    "sixth street": gettext_lazy("sixth street"),
    "seventh street": gettext_lazy("seventh street"),
}


def street_name(street: str) -> str:
    return str(STREETS.get(street, street))


def table_context(
    table: Table,
    *,
    hand: Hand | None = None,
    state: HandState | None = None,
    error: str = "",
    notice: str = "",
) -> dict[str, Any]:
    """Everything the table screens (dealer, TV, phone) show, from the table and its hand.

    Pass the hand (and its state) when the caller has them already: an action's response then
    costs one more query, for the seats.
    """
    if hand is None:
        hand = table.latest_hand()
    live = hand if hand is not None and hand.status == Hand.Status.LIVE else None
    if live is None and table.clock_id is not None:
        table.show_next_level()  # between hands: the level the next hand will be dealt at
    poll_key = table.poll_key(between_hands=live is None)
    if live is None:
        state = None
    elif state is None:
        state = live.state()
    seq = len(hand.entries) if hand is not None else 0
    seats = {s.number: s for s in table.seats.select_related("player")}
    # Seed 000 calls its two forced bets the ante and the straddle.
    draw5 = table.spec.forced_bets is games.ForcedBets.ANTE_AND_STRADDLE
    config = state.config if state else None
    position = {n: p for p, n in enumerate(config.seats)} if config else {}
    plan = live.plan if live else None
    legal = legal_actions(state) if state else None
    denominations = sorted({int(c["value"]) for c in table.chips})
    seat_views = []
    for number in range(1, table.max_seats + 1):
        seat = seats.get(number)
        view: dict[str, Any] = {"number": number, "empty": seat is None, "markers": []}
        if seat is not None:
            view.update(name=str(seat.player), stack=seat.stack, bet=0, status="", seat_obj=seat)
            p = position.get(number)
            if state is not None and p is not None:
                view["stack"] = state.stacks[p]
                view["bet"] = state.bets[p]
                if state.folded[p]:
                    view["status"] = "folded"
                elif state.stacks[p] == 0:
                    view["status"] = "all-in"
                elif state.owed and state.owed[p] and state.phase is Phase.DRAW:
                    view["status"] = "passed"  # seed 003: passed, may come back in
                if state.to_act == p and state.phase in (Phase.BETTING, Phase.DRAW):
                    view["status"] = "to-act"
                if state.drawn and state.drawn[p] >= 0:
                    view["drew"] = state.drawn[p]
                if state.opener == p:
                    view["markers"].append(("opener", _("opened")))
                if state.up_cards and state.up_cards[p]:
                    view["up"] = [card_text(c) for c in state.up_cards[p]]
            elif seat.sitting_out:
                view["status"] = "sitting-out"
            elif state is not None:
                view["status"] = "waiting"
        if plan is not None:
            blinds = config is not None and any(config.blinds)
            if plan["button"] == number:
                view["markers"].append(("dealer", "D"))
            p = position.get(number)
            if draw5 and blinds and p is not None and config.blinds[p]:
                # Seed 000 calls its two forced bets the ante and the straddle.
                straddle = config.blinds[p] == max(config.blinds)
                view["markers"].append(("bb", _("S")) if straddle else ("sb", _("A")))
            elif not draw5 and blinds and plan["small_blind"] == number:
                view["markers"].append(("sb", "SB"))
            if not draw5 and blinds and plan["big_blind"] == number:
                view["markers"].append(("bb", "BB"))
            if (
                config is not None
                and p is not None
                and blinds
                and config.blinds[p] > table.big_blind
            ):
                view["markers"].append(("straddle", "ST"))
        seat_views.append(view)

    context: dict[str, Any] = {
        "table": table,
        "poll_key": poll_key,
        "hand": live,
        "last_hand": hand,
        "seq": seq,
        "state": state,
        "legal": legal,
        "seats": seat_views,
        "error": error,
        "notice": notice,
        "denominations": denominations,
        "misdeal": state is not None and misdeal_allowed(state),
        "check_label": _("Pass") if table.spec.says_pass else _("Check"),
        "direction": (
            _(
                "Icelandic rules: betting starts right of the dealer and goes to the right"
                " (counterclockwise); the dealer exchanges last."
            )
            if VARIANTS[table.variant()].counterclockwise
            else ""
        ),
    }
    if state is not None:
        context.update(_live_context(table, state, legal, position, seats))
    else:
        context.update(_between_hands_context(table, hand, seats))
    return context


def seating_context(table: Table) -> dict[str, Any]:
    """The forms of the seating panel (only rendered when seats may have changed)."""
    return {
        "seat_form": SeatPlayerForm(table=table, initial={"version": table.version}),
        "co_dealer_form": CoDealerForm(),
        "co_dealers": list(table.co_dealers.order_by("username")),
    }


def _live_context(
    table: Table, state: Any, legal: Any, position: dict[int, int], seats: dict[int, Seat]
) -> dict[str, Any]:
    config = state.config

    def label(p: int) -> str:
        seat = seats.get(config.seat(p))
        name = str(seat.player) if seat else ""
        return f"{_('Seat')} {config.seat(p)}" + (f" ({name})" if name else "")

    def label_of(p: int) -> str:
        """A pot's player by name (the seat number when the seat is empty)."""
        seat = seats.get(config.seat(p))
        return str(seat.player) if seat else str(config.seat(p))

    pots = pots_so_far(state)
    pot_views = [
        {
            "label": label,
            "amount": pot.amount,
            "eligible": [label_of(p) for p in pot.eligible],
        }
        for label, pot in zip(pot_labels(pots), pots, strict=True)
    ]
    returned = [
        {"seat": config.seat(p), "chips": chips} for p, chips in enumerate(state.returned) if chips
    ]
    context: dict[str, Any] = {
        "pot_total": state.pot_total,
        "pots": pot_views,
        "in_front": sum(state.bets),
        "returned": returned,
        "carried": config.carried,
        "jackpot": config.jackpot,
        "street": (
            street_name("the draw")
            if state.phase is Phase.DRAW
            else street_name(config.spec.streets[min(state.street, len(config.spec.streets) - 1)])
        ),
    }
    if config.spec.kind is Kind.DRAW:
        context["draw"] = _draw_context(state, label)
    if state.phase is Phase.BETTING:
        p = state.to_act
        context["prompt"] = _("%(who)s to act") % {"who": label(p)}
        context["actor"] = label(p)
        if legal.needs_openers:
            context["prompt"] = _(
                "%(who)s to act: pass, or open with jacks or better (at least %(min)s)"
            ) % {"who": label(p), "min": legal.raise_min}
        elif state.owed and state.street == 0 and config.spec.pass_stays_in:
            context["prompt"] = _("%(who)s to act: pass (stays in), call or raise") % {
                "who": label(p)
            }
        if legal.raise_min:
            to_call = state.bet_level - state.bets[p]
            pot_after_call = state.pot_total + to_call

            unit = config.smallest_chip

            def clamp(value: int) -> int:
                return max(legal.raise_min, min(legal.raise_max, value // unit * unit))

            everything = state.stacks[p] + state.bets[p]
            if legal.raise_max == everything and not legal.needs_openers:
                # One tap puts every chip in (the player's whole stack, nothing less).
                context["all_in"] = everything
            if legal.raise_min < legal.raise_max:  # a fixed amount needs no presets
                context["presets"] = _presets(
                    [
                        (_("Min"), legal.raise_min),
                        (_("½ pot"), clamp(state.bet_level + pot_after_call // 2)),
                        (_("Pot"), clamp(state.bet_level + pot_after_call)),
                        # Pot-limit's maximum is the pot (the Pot preset, when it is not
                        # clamped by the stack); other limits have their own maximum.
                        (_("Max"), legal.raise_max),
                    ],
                    all_in=context.get("all_in", 0),
                )
                context["step"] = max(unit, table.big_blind or table.small_bet or unit)
                context["keypad"] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "00"]
    elif state.phase is Phase.DEAL:
        street = config.spec.streets[state.street]
        name = street_name(street)
        prompt = PROMPTS.get(street)
        context["prompt"] = str(prompt) if prompt else _("Deal the %(street)s") % {"street": name}
        context["deal_label"] = _("%(street)s dealt") % {"street": name[:1].upper() + name[1:]}
        if state.runs == 2:
            board = _("second board") if state.run else _("first board")
            context["prompt"] = f"{context['prompt']} ({board})"
            context["deal_label"] = f"{context['deal_label']} ({board})"
        context["run_twice"] = run_twice_allowed(state)
        if config.spec.kind is Kind.STUD:
            context.update(_stud_deal_context(state, label, name))
    if config.spec.kind is Kind.STUD and state.phase is Phase.BETTING:
        why = _stud_why(state, label)
        if why:
            context["why"] = why
    if state.phase is Phase.DRAW:
        p = state.to_act
        if legal.join:
            context["prompt"] = _(
                "%(who)s passed: pay %(chips)s to come back in and exchange, or stay out"
            ) % {"who": label(p), "chips": legal.join}
        else:
            context["prompt"] = _("%(who)s: how many cards?") % {"who": label(p)}
        context["draw_choices"] = list(range(legal.draw_max + 1))
        context["may_split_openers"] = state.opener == p
    elif state.phase is Phase.SHOWDOWN:
        index = legal.award_pot
        pot = state.pots[index]
        context["prompt"] = _("Showdown: who wins %(pot)s (%(amount)s)?") % {
            "pot": pot_labels(state.pots, in_sentence=True)[index],
            "amount": pot.amount,
        }
        context["award_pot"] = index
        context["award_choices"] = [(p, label(p)) for p in legal.eligible]
        if config.spec.kind in (Kind.DRAW, Kind.STUD):
            order = show_order(state)
            context["show_order"] = [label(p) for p in order if not state.mucked[p]]
            context["muck_choices"] = [
                (p, label(p)) for p in order if not state.mucked[p] and p in legal.eligible
            ]
        if legal.check_openers is not None:
            context["prompt"] = _(
                "%(who)s opened: do they show jacks or better? (An opener who cannot, cannot win.)"
            ) % {"who": label(legal.check_openers)}
            context["check_openers"] = label(legal.check_openers)
            context["split_openers"] = state.split_openers
    if config.spec.kind is Kind.BOARD and state.board:
        context["board"] = [card_text(c) for c in state.board]
    if state.runs == 2:
        context["board2"] = [card_text(c) for c in run_board(state, 1)]
        context["runs_twice"] = True
    if state.phase is Phase.SHOWDOWN or (cards_up(state) and config.spec.kind is Kind.BOARD):
        context.update(_showdown_cards(state, legal, label))
    if "award_choices" in context:
        names = context.get("hand_names", {})
        context["award_rows"] = [
            {
                "p": p,
                "label": text,
                "hand": names.get(p, ""),
                "checked": p in context.get("picked", ()),
                "low_checked": p in context.get("picked_low", ()),
            }
            for p, text in context["award_choices"]
        ]
    return context


def _presets(presets: list[tuple[str, int]], *, all_in: int) -> list[tuple[str, int]]:
    """The amount picker's presets, each amount once under its first name ("Min", "½ pot",
    "Pot", "Max"): pot-limit's maximum is the pot, so it reads "Pot (8)", never "All-in" while
    the player has more. The player's whole stack has its own one-tap All-in button."""
    seen: set[int] = set()
    kept = []
    for label, value in presets:
        if value in seen or value == all_in:
            continue
        seen.add(value)
        kept.append((label, value))
    return kept


def add_equity(context: dict[str, Any], table: Table) -> None:
    """The TV and the phones, while the all-in players' cards are up and the board is still
    to come: each player's chance to win (dealer.engine.equity), worked out once per table
    revision (a cache read on every other poll)."""
    state = context.get("state")
    hands = context.get("shown_hands")
    if state is None or not hands or not cards_up(state):
        return
    if state.config.spec.kind is not Kind.BOARD:
        return
    live = [p for p in range(state.players) if not state.folded[p] and not state.mucked[p]]
    shown = {h["p"] for h in hands}
    if len(live) < 2 or any(p not in shown for p in live):
        return
    if state.runs == 2 or len(state.board) != board_dealt(state):
        return  # run twice (two boards), or a street dealt without its cards: no figures

    def work() -> tuple[dict[int, float], bool, int]:
        result = equity(
            {p: state.shown[p] for p in live},
            game=state.config.variant,
            board=state.board,
            seed=table.pk,
        )
        return dict(result.win), result.exact, result.runouts

    key = f"pott:equity:{table.pk}:{table.version}"
    win, exact, runouts = cache.get_or_set(key, work, timeout=3600)
    for h in hands:
        share = win.get(h["p"])
        h["equity"] = None if share is None else f"{round(share * 100)} %"
    if exact:
        context["equity_note"] = _(
            "Chance to win, counted over every way the board can come (%(n)s)."
        ) % {"n": number_format(runouts, force_grouping=True)}
    else:
        context["equity_note"] = _(
            "Chance to win, from %(n)s random boards (within about one percentage point)."
        ) % {"n": number_format(runouts, force_grouping=True)}


def _showdown_cards(state: HandState, legal: Any, label: Any) -> dict[str, Any]:
    """The cards at the showdown, all optional: the board as it lies, then each player's cards
    in the showing order, on the card picker (cards already seen greyed out); each shown hand
    named, and the winners the cards decide preselected on the award form."""
    config = state.config
    spec = config.spec
    used = {str(c) for c in state.board}
    for p in range(state.players):
        used.update(str(c) for c in state.up_cards[p] if state.up_cards)
        used.update(str(c) for c in state.shown[p] or ())
    view: dict[str, Any] = {"card_grid": card_grid(config.deck, used)}
    if spec.kind is Kind.BOARD and len(state.board) < board_dealt(state):
        view["board_entry"] = {
            "run": 0,
            "shared": [],
            "known": [str(c) for c in state.board],
            "missing": range(board_dealt(state) - len(state.board)),
        }
    elif spec.kind is Kind.BOARD and len(state.board2) < board_dealt(state, 1):
        # The second board: the cards both boards share, then its own.
        second = run_board(state, 1)
        shared = second[: len(second) - len(state.board2)]
        view["board_entry"] = {
            "run": 1,
            "shared": [card_text(c) for c in shared],
            "known": [str(c) for c in state.board2],
            "missing": range(board_dealt(state, 1) - len(state.board2)),
        }
    order = (
        show_order(state)
        if state.phase is Phase.SHOWDOWN
        else tuple(p for p in range(state.players) if not state.folded[p])
    )
    waiting = [p for p in order if not state.mucked[p] and not state.shown[p]]
    if waiting:
        p = waiting[0]
        up = state.up_cards[p] if state.up_cards else ()
        view["show_entry"] = {
            "p": p,
            "label": label(p),
            "up": " ".join(card_text(c) for c in up),
            "fields": range(cards_to_show(state) - len(up)),
        }
        view["show_others"] = [(q, label(q)) for q in waiting[1:]]
    showdown = state.phase is Phase.SHOWDOWN
    award_run = state.pots[legal.award_pot].board if showdown else 0
    names = {}
    shown = []
    for p in order:
        cards = state.shown[p]
        if not cards:
            continue
        first = _named_hand(state, p)
        second = _named_hand(state, p, 1) if state.runs == 2 else ""
        names[p] = second if award_run else first
        shown.append(
            {
                "p": p,
                "seat": config.seat(p),
                "label": label(p),
                "cards": " ".join(card_text(c) for c in cards),
                "hand": first,
                "hand2": second,
            }
        )
    view["shown_hands"] = shown
    view["hand_names"] = names
    if showdown:
        pick = shown_winners(state, legal.award_pot)
        if pick is not None:
            view["picked"] = set(pick.winners)
            view["picked_low"] = set(pick.low_winners)
            view["pick_text"] = _("The cards say: %(who)s.") % {
                "who": "; ".join(f"{label(p)} — {names.get(p, '')}" for p in pick.winners)
            }
            if state.config.spec.low is Low.HIGH_LOW:
                lows = dict(pick.lows)
                view["pick_text"] += " " + (
                    _("Low half: %(who)s.")
                    % {
                        "who": "; ".join(
                            f"{label(p)} — {hand_name(lows[p])}"
                            for p in pick.low_winners
                            if lows.get(p) is not None
                        )
                    }
                    if pick.low_winners
                    else _("Nobody has a low: the high hand takes it all.")
                )
    return view


SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def card_text(card: Any) -> str:
    """A card as people read it: Q♥, 10♣, the joker."""
    if card.is_joker:
        return _("Joker")
    rank = "10" if card.rank == 10 else str(card)[0]
    return rank + SUIT_SYMBOLS.get(card.suit, "")


def card_grid(deck: str, used: set[str]) -> list[list[dict[str, Any]]]:
    """The card picker's buttons: one row per suit, aces first, of the game's deck (the short
    decks run from 7 to ace), the joker in a row of its own; `used` (cards as "Qh") are greyed
    out."""
    lowest = 7 if deck.startswith("short") else 2
    rows = [
        [
            {
                "text": f"{'23456789TJQKA'[r - 2]}{s}",
                "label": card_text(Card(r, s)),
                "used": f"{'23456789TJQKA'[r - 2]}{s}" in used,
                "red": s in "dh",
            }
            for r in range(14, lowest - 1, -1)
        ]
        for s in "shdc"
    ]
    if deck in ("standard53", "short33"):
        rows.append([{"text": "Jk", "label": _("Joker"), "used": "Jk" in used, "red": False}])
    return rows


def _stud_deal_context(state: HandState, label: Any, street: str) -> dict[str, Any]:
    """Stud, before a street is dealt: each active player's up card on a card picker (cards
    already seen greyed out), or the dealer's tap on who brings in or speaks first."""
    config = state.config
    # Seven-card games (stud, razz, high-low): the last card is dealt face down.
    seventh = len(config.spec.streets) == 5 and state.street == 4
    used = {str(c) for cards in state.up_cards for c in cards}
    live = [p for p in range(state.players) if not state.folded[p]]
    view: dict[str, Any] = {
        "stud_up": not seventh,  # seventh street is dealt face down
        "stud_rows": [
            {
                "p": p,
                "label": label(p),
                "active": not state.folded[p],
                "shown": " ".join(card_text(c) for c in state.up_cards[p]),
            }
            for p in range(state.players)
        ],
        "card_grid": card_grid(config.deck, used),
        "first_choices": [(p, label(p)) for p in live],
        "first_is_bring_in": state.street == 0 and bool(config.bring_in),
    }
    if seventh:
        view["prompt"] = _("Deal seventh street face down")
    elif state.street == 0:
        view["prompt"] = _(
            "Deal %(street)s, then tap each player's up card (Pott names the bring-in), or tap"
            " who brings in"
        ) % {"street": street}
    else:
        view["prompt"] = _(
            "Deal %(street)s, then tap each player's up card (Pott names who speaks first), or"
            " tap who speaks first"
        ) % {"street": street}
    return view


HAND_NAMES = {
    "High card": gettext_lazy("high card"),
    "Pair": gettext_lazy("a pair"),
    "Two pair": gettext_lazy("two pair"),
    "Three of a kind": gettext_lazy("three of a kind"),
    "Four of a kind": gettext_lazy("four of a kind"),
}


def _stud_why(state: HandState, label: Any) -> str:
    """Why this player brings in or speaks first, from the up cards (dealer.engine's
    first_speaker_reason); "" when the dealer named the player, or once the betting is on."""
    why = first_speaker_reason(state)
    if why is None or why.player != state.to_act or any(state.bets):
        return ""
    cards = " ".join(card_text(c) for c in why.cards)
    decided = why.player if why.passed_from is None else why.passed_from
    words = {"who": label(why.player), "cards": cards, "whose": label(decided)}
    if why.reason == "best board":
        words["hand"] = str(HAND_NAMES.get(why.hand, why.hand))
        text = _("%(who)s speaks first: %(cards)s (%(hand)s) is the best board.") % words
    elif why.reason == "lowest board":  # razz
        text = _("%(who)s speaks first: %(cards)s is the lowest board.") % words
    elif why.reason == "highest":
        text = _("%(who)s brings in: %(cards)s is the highest up card.") % words
    else:
        text = _("%(who)s brings in: %(cards)s is the lowest up card.") % words
    if why.passed_from is not None:
        text += " " + _("(%(whose)s's cards; they are all-in.)") % words
    if why.tie is not None:
        text += " " + (
            _("Equal: the first left of the button.")
            if why.tie.value == "by_position"
            else _("Equal: by suit (clubs, diamonds, hearts, spades).")
        )
    return text


def _draw_context(state: HandState, label: Any) -> dict[str, Any]:
    """The stub of a draw game: what is left, what to do when it runs out, who took how many."""
    spec = state.config.spec
    view: dict[str, Any] = {
        "stub": state.stub,
        "discards": state.discards,
        "taken": [
            {"who": label(p), "cards": state.drawn[p]}
            for p in state.draw_order
            if state.drawn[p] >= 0
        ],
        "renewed": [
            _("At %(who)s's draw the stub was renewed: %(cards)s cards.")
            % {"who": label(p), "cards": cards}
            for p, cards in state.reshuffles
        ],
    }
    if state.phase is Phase.DRAW:
        # Cards the stub can give before it must be renewed (seed 000 keeps its last card for
        # the new stub; seed 003 uses it up).
        before = max(state.stub - spec.reshuffle_at, 0)
        words = {"stub": state.stub, "before": before, "discards": state.discards}
        if before >= spec.hole_cards:
            view["warning"] = ""
        elif before == 0:
            view["warning"] = (
                _(
                    "One card is left: before this player takes any, shuffle it with all the"
                    " discards (%(discards)s and this player's) into a new stub."
                )
                if spec.reshuffle_at
                else _(
                    "The stub is empty: before this player takes any, shuffle all the discards"
                    " (%(discards)s and this player's) into a new stub."
                )
            ) % words
        else:
            view["warning"] = (
                _(
                    "The stub has %(stub)s cards: if this player takes more than %(before)s, give"
                    " %(before)s, then shuffle the last card with all the discards (%(discards)s"
                    " and this player's) into a new stub and give the rest from it."
                )
                if spec.reshuffle_at
                else _(
                    "The stub has %(stub)s cards: if this player takes more than %(before)s, give"
                    " %(before)s, then shuffle all the discards (%(discards)s and this player's)"
                    " into a new stub and give the rest from it."
                )
            ) % words
    return view


def _next_deal(table: Table) -> dict[str, Any]:
    """What the next deal of a draw game carries over: a pot left on the table, a jackpot,
    a false opener's replay."""
    if not table.is_draw:
        return {}
    rules = table.rules()
    last = table.last_deal()
    view: dict[str, Any] = {"carried": last.carried if last else 0}
    if games.is_jackpot(rules, last):
        if last is not None and last.replay_without is not None:
            seat = last.replay_without
            view["jackpot"] = _(
                "The same pot again with the same dealer, without seat %(seat)s (the false"
                " opener), and no new antes."
            ) % {"seat": seat}
        else:
            view["jackpot"] = _(
                "Jackpot: everyone antes %(ante)s; opening needs jacks or better, at least"
                " %(open)s."
            ) % {"ante": rules.jackpot_ante(), "open": max(rules.open_min, rules.small_blind)}
    return view


def _between_hands_context(
    table: Table, hand: Hand | None, seats: dict[int, Seat]
) -> dict[str, Any]:
    context: dict[str, Any] = {"prompt": _("Between hands"), "next_deal": _next_deal(table)}
    if hand is not None and hand.status == Hand.Status.COMPLETE:
        context["last_result"] = hand_history(table, hand)
    if table.closed_at is not None:
        # Closed at the end of the night: no next hand, whatever the session does.
        context["prompt"] = context["plan_error"] = _(
            "This table is closed: it deals and seats nobody."
        )
        return context
    if table.session.state != Session.State.OPEN:
        # The game is over (being counted, or settled): no next hand to plan or deal.
        context["prompt"] = context["plan_error"] = (
            _(
                "The game is over: the session is being counted. The table plays again after"
                " “Back to the game” on the session page."
            )
            if table.session.state == Session.State.COUNTING
            else _("The session is settled: the table no longer plays.")
        )
        return context
    last = table.last_deal() if table.is_draw else None
    try:
        plan = table.plan_next_hand(last)
    except NotEnoughPlayers as error:
        context["plan_error"] = str(error)
    else:

        def name(seat: int | None) -> str:
            if seat is None:
                return _("dead")
            return f"{seat} ({seats[seat].player})" if seat in seats else str(seat)

        context["plan"] = {
            "button": name(plan.button)
            if plan.button in seats
            else f"{plan.button} ({_('dead button')})",
            "small_blind": name(plan.small_blind),
            "big_blind": name(plan.big_blind),
            "posts": [
                {
                    "seat": name(post.seat),
                    "live": post.live,
                    "dead": post.dead,
                    "reason": post.reason,
                }
                for post in plan.posts
            ],
            "waiting": [name(s) for s in plan.waiting],
            "dealt_in": len(plan.dealt_in),
        }
        words = {
            "button": context["plan"]["button"],
            "sb": context["plan"]["small_blind"],
            "bb": context["plan"]["big_blind"],
        }
        rules = table.rules()
        draw5 = table.spec.forced_bets is games.ForcedBets.ANTE_AND_STRADDLE
        if rules.has_blinds and not games.is_jackpot(rules, last):
            if draw5:
                if len(plan.dealt_in) == 2:  # heads-up: the dealer straddles (seed 000)
                    words["sb"], words["bb"] = words["bb"], words["sb"]
                context["prompt"] = (
                    _("Next deal: dealer %(button)s, ante %(sb)s, straddle %(bb)s") % words
                )
            else:
                context["prompt"] = (
                    _("Next hand: button %(button)s, small blind %(sb)s, big blind %(bb)s") % words
                )
        else:
            # No blinds to wait for: everyone with chips who is not sitting out is dealt in
            # (a false opener's replay leaves the opener out).
            out = last.replay_without if last is not None else None
            context["plan"]["posts"] = []
            context["plan"]["waiting"] = [
                name(number)
                for number, seat in seats.items()
                if seat.sitting_out or not seat.stack or number == out
            ]
            context["prompt"] = _("Next deal: dealer %(button)s") % words
    return context


HEADS_UP_CAP = {
    "uncapped_when_heads_up": gettext_lazy("no cap once two players are left"),
    "uncapped_if_began_heads_up": gettext_lazy("no cap if the round began heads-up"),
    "always_capped": gettext_lazy("always capped"),
}


def rules_list(table: Table) -> list[tuple[str, str, str]]:
    """Each rule of the table: (what, this table's choice, the default)."""
    options = table.house_options()
    rules = {
        games.ForcedBets.BLINDS: _blind_rules,
        games.ForcedBets.ANTE_AND_STRADDLE: _draw_rules,
        games.ForcedBets.AGREED_BET: _agreed_bet_rules,
        games.ForcedBets.ANTE_AND_BRING_IN: _stud_rules,
    }[table.spec.forced_bets]
    return rules(table, options)


def _blind_rules(table: Table, options: Any) -> list[tuple[str, str, str]]:
    """The rules of a table with blinds (hold'em, Omaha, 2-7 triple draw): a house option's
    row only where the game uses the option."""
    dead = table.options.get("dead_button", True)
    spec = table.spec
    rows: list[tuple[str, str, str] | None] = [
        (_("Game"), table.get_game_display(), ""),
        (_("Blinds"), f"{table.small_blind}/{table.big_blind}", ""),
        (
            _("Ante"),
            f"{table.ante} ({table.get_ante_mode_display()})" if table.ante else _("none"),
            _("none"),
        ),
        (_("Smallest chip (odd chips, smallest increment)"), str(table.smallest_chip), ""),
        (
            _("Button when players leave"),
            _("dead button") if dead else _("moving button"),
            _("dead button"),
        ),
        *_drawing_with_blinds(table),
        (
            _("Minimum raise over a straddle"),
            _("twice the straddle")
            if options.straddle_raise.value == "straddle"
            else _("one big blind more"),
            _("twice the straddle"),
        )
        if spec.uses("straddle_raise")
        else None,
        (
            _("Button straddle: first to act"),
            _("not allowed in fixed limit")
            if table.spec.fixed_limit
            else _("the small blind, the straddler last")
            if options.button_straddle_order.value == "small_blind"
            else _("under the gun, then past the button to the blinds, the straddler last"),
            _("the small blind, the straddler last"),
        )
        if spec.uses("button_straddle_order")
        else None,
        *_pot_limit_rules(table),
        (
            _("Fixed-limit cap"),
            _("bet and %(n)s raises") % {"n": options.limit_raises},
            _("bet and 3 raises"),
        ),
        (
            _("Cap when heads-up"),
            HEADS_UP_CAP[options.heads_up_cap.value],
            HEADS_UP_CAP["uncapped_when_heads_up"],
        ),
        (
            _("Short all-in raise"),
            _(
                "does not reopen the betting for players who acted; in limit half a bet or more"
                " counts as a full bet"
            ),
            "",
        ),
        (
            _("Big-blind ante when the big blind is short"),
            _("blind first") if options.blind_before_ante else _("ante first"),
            _("blind first"),
        ),
        (_("Odd chip"), _("first winner left of the button"), _("first winner left of the button")),
        (_("New player"), _("waits for the big blind or posts one big blind"), ""),
        (
            _("New player between the button and the small blind"),
            _("may post the big blind and a dead small blind to play at once")
            if table.options.get("post_dead_small_to_enter")
            else _("waits until the button passes"),
            _("waits until the button passes"),
        ),
        *_buy_in_rules(table),
        (_("Uncalled bets"), _("returned, never won"), ""),
        (
            _("Run it twice"),
            _(
                "allowed when the all-in players agree: the rest of the board is dealt twice"
                " and each pot split in halves (the odd chip to the first board's half)"
            )
            if options.run_it_twice
            else _("no"),
            _("no"),
        )
        if spec.uses("run_it_twice")
        else None,
        (
            _("Cards at the showdown"),
            _(
                "optional: entered on the card picker, Pott names each hand and the winners;"
                " the dealer confirms or overrides"
            ),
            "",
        ),
    ]
    return [row for row in rows if row is not None]


def _drawing_with_blinds(table: Table) -> list[tuple[str, str, str]]:
    """A draw game with blinds: how many draws, and how a deuce-to-seven low ranks."""
    spec = table.spec
    if not spec.draw:
        return []
    draws = VARIANTS[spec.variant].draws
    rows = [
        (_("Draws"), ngettext("%(n)s draw", "%(n)s draws", draws) % {"n": draws}, ""),
        (
            _("The stub"),
            _("with one card left, it and all the discards are shuffled into a new stub"),
            "",
        ),
    ]
    if spec.lowball:
        rows.append(
            (
                _("Lowest hand wins"),
                _(
                    "deuce to seven: the ace is high, straights and flushes count against the"
                    " hand; 7-5-4-3-2 is the best"
                ),
                "",
            )
        )
    return rows


def _buy_in_rules(table: Table) -> list[tuple[str, str, str]]:
    """The buy-in and the top-up: what a player may bring to the table, and add."""
    low, high = table.min_buy_in, table.max_buy_in
    if table.clock_id is not None:
        return [(_("Buy-in"), _("the tournament's stacks"), "")]
    if table.fixed_buy_in:
        buy_in = _("everyone %(n)s") % {"n": table.fixed_buy_in}
    elif low and high:
        buy_in = _("from %(min)s to %(max)s chips") % {"min": low, "max": high}
    elif low:
        buy_in = _("at least %(min)s chips") % {"min": low}
    elif high:
        buy_in = _("at most %(max)s chips") % {"max": high}
    else:
        buy_in = _("any")
    top_up = (
        _("between hands only, up to the maximum buy-in (%(max)s)") % {"max": high}
        if high
        else _("between hands only")
    )
    rows = [(_("Buy-in"), buy_in, _("any")), (_("Top-up"), top_up, _("between hands only"))]
    if low:
        rows.append((_("Rebuy after going broke"), _("at least %(min)s chips") % {"min": low}, ""))
    return rows


def _pot_limit_rules(table: Table) -> list[tuple[str, str, str]]:
    """Pot-limit's largest raise: the exact pot, or rounded up (house option)."""
    if not isinstance(table.structure(), PotLimit):
        return []
    unit = table.pot_round_unit()
    choice = table.options.get("pot_rounding", "exact")
    if not unit:
        text = _("the exact pot")
    elif choice == "small_blind":
        text = _("the pot rounded up to the next %(n)s (the small blind)") % {"n": unit}
    else:
        text = _("the pot rounded up to the next %(n)s (the smallest chip)") % {"n": unit}
    return [(_("Pot-limit: the largest raise"), text, _("the exact pot"))]


def _agreed_bet_rules(table: Table, options: Any) -> list[tuple[str, str, str]]:
    """The rules of seed 003's 32/33-card game."""
    none = _("none")
    joker = _("with the joker") if table.joker else _("without the joker")
    return [
        (_("Game"), table.get_game_display(), ""),
        (_("Players"), _("3 to 4"), ""),
        (_("Deck"), _("32 cards, 7 to ace") + f" ({joker})", ""),
        (_("The agreed bet (the opening)"), str(table.small_blind), ""),
        (_("Largest raise"), str(table.max_bet), ""),
        (_("Cap per player and round"), str(table.round_cap or none), none),
        (
            _("First betting round"),
            _(
                "starts right of the dealer and goes to the right; a pass costs nothing and"
                " stays in; who passed may come back in at the exchange by paying what the"
                " others paid; every bet stays in the pot"
            ),
            "",
        ),
        (_("The exchange"), _("the highest bettor first, the dealer last"), ""),
        (_("Second betting round"), _("starts with the highest bidder of the first"), ""),
        (
            _("Ranking"),
            _(
                "a flush beats a full house; with the joker: no five of a kind, and a hand"
                " without the joker beats the same hand with it"
            ),
            "",
        ),
        (_("Stub"), _("when it is empty, the discards are shuffled into a new one"), ""),
        (_("Odd chip"), _("first winner left of the button"), ""),
        *_buy_in_rules(table),
    ]


def _draw_rules(table: Table, options: Any) -> list[tuple[str, str, str]]:
    """The rules of seed 000's Mörkpoker."""
    none = _("none")
    joker = _("with the joker") if table.joker else _("without the joker")
    return [
        (_("Game"), table.get_game_display(), ""),
        (_("Players"), _("up to 7"), ""),
        (
            _("Deck"),
            _("53 cards (with the joker)") if table.joker else _("52 cards") + f" ({joker})",
            "",
        ),
        (_("Forced bets"), table.get_draw_mode_display(), _("ante and straddle")),
        (
            _("Minimum, straddle, opening"),
            f"{table.small_blind}, {table.big_blind}, {2 * table.big_blind}",
            "",
        ),
        (_("Max per bet or raise"), str(table.max_bet), ""),
        (_("Max after the draw"), str(table.max_bet_late or table.max_bet), ""),
        (_("Cap per player and round"), str(table.round_cap or none), none),
        (
            _("A bet or raise at least the largest so far"),
            _("yes") if table.at_least_largest else _("no"),
            _("no"),
        ),
        (_("Smallest jackpot opening"), str(table.open_min or none), ""),
        (
            _("The joker's top hand"),
            _("royal flush above five of a kind")
            if options.royal_over_five
            else _("five of a kind"),
            _("five of a kind"),
        ),
        (
            _("The stub"),
            _("with one card left, it and all the discards are shuffled into a new stub"),
            "",
        ),
        (_("Misdeal"), _("before the first action"), ""),
        (_("Odd chip"), _("first winner left of the dealer"), ""),
        *_buy_in_rules(table),
    ]


TIES = {
    "by_position": gettext_lazy("the first left of the button"),
    "by_suit": gettext_lazy("by suit: clubs, diamonds, hearts, spades"),
}
OPEN_PAIR = {
    "off": gettext_lazy("off: the small bet"),
    "first_speaker": gettext_lazy("the first to speak may open for the big bet with an open pair"),
    "anyone": gettext_lazy("anyone opening may bet the big bet while an open pair shows"),
    "cash_game": gettext_lazy(
        "as in a cash game: small or big, and after a small bet raises of either until a big raise"
    ),
}


def _stud_rules(table: Table, options: Any) -> list[tuple[str, str, str]]:
    """The rules of a stud table (seed 004)."""
    # Seed 004's five-card stud breaks ties for the bring-in by position, seven-card stud by suit.
    five = table.variant() is Variant.STUD5
    fewest, most = table.rules().players
    if table.spec.lowball:
        bring_in_rule = _("the highest up card (ace low)")
        speaks_rule = _("the lowest visible hand (ace low; pairs are bad)")
    else:
        bring_in_rule = (
            _("the highest up card")
            if options.bring_in_high
            else _("the lowest up card (ace high)")
        )
        speaks_rule = _("the best visible hand (straights and flushes do not count)")
    hilo = (
        [
            (
                _("High-low"),
                _(
                    "each pot split: half to the best high hand, half to the best low of eight or"
                    " better (the odd chip to the high half); no low: the high hand takes it all"
                ),
                "",
            )
        ]
        if table.is_hilo
        else []
    )
    default_tie = "by_position" if five else "by_suit"
    bring_in_tie = options.bring_in_tie.value if options.bring_in_tie else default_tie
    return [
        (_("Game"), table.get_game_display(), ""),
        (_("Players"), _("%(fewest)s to %(most)s") % {"fewest": fewest, "most": most}, ""),
        (_("Betting"), table.get_stud_betting_display(), _("straight limit (X, then Y)")),
        (
            _("X and Y"),
            _("%(x)s in the first two rounds, %(y)s after")
            % {"x": table.small_bet, "y": table.big_bet},
            "",
        ),
        (_("Raises per round"), _("at most 3 while three or more players are in"), ""),
        (_("Ante"), str(table.ante) if table.ante else _("none"), _("none")),
        (_("Bring-in"), str(table.bring_in), str(table.small_bet)),
        *_buy_in_rules(table),
        *_pot_limit_rules(table),
        (_("Who brings in"), bring_in_rule, _("the lowest up card (ace high)")),
        (_("Equal up cards for the bring-in"), str(TIES[bring_in_tie]), str(TIES[default_tie])),
        (_("Who speaks first later"), speaks_rule, ""),
        *hilo,
        (
            _("Equal boards"),
            str(TIES[options.first_actor_tie.value]),
            str(TIES["by_position"]),
        ),
        (
            _("Open pair in the second round"),
            str(OPEN_PAIR[options.open_pair.value]),
            str(OPEN_PAIR["off"]),
        ),
        (_("Odd chip"), _("the highest card by suit, when the cards are known"), ""),
    ]


def _setting_label(name: str) -> str:
    from dealer.poker.forms import TableForm  # (the form's labels are the words the host saw)

    field = TableForm.base_fields.get(name)
    if name == "ante_mode":
        return str(_("Who pays the ante"))
    if field is not None and field.label:
        return str(field.label)
    try:
        return str(Table._meta.get_field(name).verbose_name)
    except LookupError:
        return name


def _setting_value(name: str, value: Any) -> str:
    choices = {
        "game": Table.Game,
        "ante_mode": Table.AnteMode,
        "draw_mode": Table.DrawMode,
        "stud_betting": Table.StudBetting,
    }
    if name in choices and value in choices[name].values:
        return str(choices[name](value).label)
    if isinstance(value, bool):
        return _("on") if value else _("off")
    return "–" if value in (None, "") else str(value)


def table_events(table: Table) -> list[dict[str, Any]]:
    """The table's events for its history, newest first, each in words: what changed between
    hands, players moved in or out with their chips, the table closed."""
    lines = []
    for event in table.events.select_related("by").order_by("-at", "-id"):
        data = event.data
        if event.kind == event.Kind.EDITED:
            text = _("Settings changed: %(changes)s.") % {
                "changes": "; ".join(
                    f"{_setting_label(name)} {_setting_value(name, old)} → "
                    f"{_setting_value(name, new)}"
                    for name, old, new in data.get("changes", [])
                )
            }
        elif event.kind == event.Kind.CLOSED:
            players = ", ".join(
                f"{isolate(name)} {chips}" for name, chips in data.get("players", [])
            )
            text = _("Closed; the players left with their chips: %(players)s.") % {
                "players": players or _("nobody was seated")
            }
        elif event.kind == event.Kind.MOVED_OUT:
            text = _(
                "%(name)s moved from seat %(seat)s to %(table)s, seat %(to)s, with %(chips)s chips."
            ) % {
                "name": isolate(data.get("player", "")),
                "seat": data.get("seat"),
                "table": isolate(data.get("other", "")),
                "to": data.get("to_seat"),
                "chips": data.get("chips"),
            }
        else:
            text = _("%(name)s moved in from %(table)s to seat %(seat)s with %(chips)s chips.") % {
                "name": isolate(data.get("player", "")),
                "table": isolate(data.get("other", "")),
                "seat": data.get("seat"),
                "chips": data.get("chips"),
            }
        lines.append({"at": event.at, "by": event.by, "after_hand": event.after_hand, "text": text})
    return lines
