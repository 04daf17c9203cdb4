"""What happened in a hand, in words a dealer reads: each action, and who won each pot."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from dealer.engine.actions import (
    Action,
    AllIn,
    Award,
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
    Show,
    SplitCarried,
)
from dealer.engine.hand import HandState, apply, resolve_all_in, start
from dealer.engine.pots import Pot
from dealer.engine.rules import HandConfig, Kind


@dataclass(frozen=True, slots=True)
class PotResult:
    """One pot and what each winner was paid from it."""

    index: int
    pot: Pot
    paid: tuple[tuple[int, int], ...]  # (player, chips), odd chips included


@dataclass(frozen=True, slots=True)
class Step:
    """One logged action with the state it led to and a description."""

    seq: int
    action: Action
    text: str
    state: HandState


def walk(
    config: HandConfig, log: Sequence[Action], name: Callable[[int], str] | None = None
) -> tuple[HandState, list[Step]]:
    """Replay a log, keeping each step's state and description (`name` names a player)."""
    state = start(config)
    first = state
    steps = []
    for seq, action in enumerate(log, start=1):
        before = state
        state = apply(state, action)
        steps.append(Step(seq, action, describe(action, before, state, name), state))
    return (steps[-1].state if steps else first), steps


def pot_results(state: HandState) -> list[PotResult]:
    """Who was paid what from each pot, in the order the pots were awarded (last pot first)."""
    return [PotResult(index, state.pots[index], paid) for index, paid in state.paid]


def describe(
    action: Action,
    before: HandState,
    after: HandState,
    name: Callable[[int], str] | None = None,
) -> str:
    """One action in words: "Seat 3 raises to 300", "Flop dealt: As Kd 7h"."""
    config = before.config
    who = name or (lambda p: f"Seat {config.seat(p)}")
    street = config.spec.streets
    if isinstance(action, Fold):
        return f"{who(action.player)} folds"
    if isinstance(action, AllIn):
        action = resolve_all_in(before, action.player)
    if isinstance(action, Check):
        if before.config.spec.kind is Kind.DRAW:
            text = f"{who(action.player)} passes"
            if after.carried_out > before.carried_out:
                text += f"; nobody opened: the pot ({after.carried_out}) stays for the next deal"
            return text
        return f"{who(action.player)} checks"
    if isinstance(action, Call | Raise | BringIn):
        p = action.player
        put = before.stacks[p] - after.stacks[p]
        all_in = " (all-in)" if after.stacks[p] == 0 and before.stacks[p] > 0 else ""
        if isinstance(action, BringIn):
            return f"{who(p)} brings in for {put}{all_in}"
        if isinstance(action, Call):
            return f"{who(p)} calls {put}{all_in}"
        to = before.bets[p] + put
        verb = "bets" if before.raises == 0 and not before.bet_level else "raises to"
        if isinstance(action, Raise) and action.openers:
            verb = "opens (jacks or better) with"
        return f"{who(p)} {verb} {to}{all_in}"
    if isinstance(action, Draw):
        p = action.player
        paid = before.stacks[p] - after.stacks[p]
        text = f"{who(p)} stands pat" if action.count == 0 else f"{who(p)} draws {action.count}"
        if paid:
            text = f"{who(p)} comes back in for {paid} and " + text.split(" ", 1)[1]
        if action.split_openers:
            text += ", an opener put aside"
        renewed = after.reshuffles[len(before.reshuffles) :]
        for _, cards in renewed:
            text += f" (the stub is renewed: {cards} cards)"
        return text
    if isinstance(action, Openers):
        if action.shown:
            return f"{who(action.player)} shows openers"
        if after.replay_without is not None:
            return (
                f"{who(action.player)} cannot show openers: the pot ({after.carried_out}) is"
                " played again without them"
            )
        return f"{who(action.player)} cannot show openers and cannot win"
    if isinstance(action, DealStreet):
        cards = " ".join(str(c) for c in action.board)
        label = street[min(before.street, len(street) - 1)]
        return f"{label.capitalize()} dealt" + (f": {cards}" if cards else "")
    if isinstance(action, Show):
        cards = " ".join(str(c) for c in action.cards)
        return f"{who(action.player)} shows {cards}".rstrip()
    if isinstance(action, Muck):
        return f"{who(action.player)} mucks"
    if isinstance(action, Award):
        winners = ", ".join(who(p) for p in action.winners) or "the best hand"
        pot = "Main pot" if action.pot == 0 else f"Side pot {action.pot}"
        return f"{pot} to {winners}"
    if isinstance(action, SplitCarried):
        shares = ", ".join(f"{who(p)} {chips}" for p, chips in after.paid[0][1])
        return f"The carried pot ({before.config.carried}) is shared out: {shares}"
    if isinstance(action, Misdeal):
        return "Misdeal: the hand is void"
    return type(action).__name__
