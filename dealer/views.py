"""Views of the live table. Thin: parse with a form, call a model method or the engine, render.

htmx requests get the swapped region (`dealer/table.html#table`); plain form posts redirect back
to the page. Refusals re-render at status 200 with the reason (htmx 2 does not swap 4xx).
"""

from __future__ import annotations

import math
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config.http import HtmxHttpRequest
from dealer.engine import (
    AllIn,
    Award,
    BringIn,
    Call,
    Check,
    DealStreet,
    Fold,
    IllegalAction,
    Kind,
    Misdeal,
    Phase,
    Raise,
    legal_actions,
    pots_so_far,
)
from dealer.engine.chips import chip_breakdown, format_breakdown
from dealer.engine.seating import NotEnoughPlayers
from dealer.engine.summary import pot_results, walk
from dealer.forms import (
    ActionForm,
    AwardForm,
    ChipsForm,
    CoDealerForm,
    SeatPlayerForm,
    TableForm,
    UndoForm,
    VersionForm,
)
from dealer.models import Hand, Seat, Stale, Table
from ledger.models import Player

STALE = "Another device changed the table first: this is the table as it is now."


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The front page: the host's tables; the first visit ever goes to creating the account."""
    if not request.user.is_authenticated and not get_user_model().objects.exists():
        return redirect("setup")
    tables = Table.objects.for_user(request.user).select_related("session")
    return render(request, "home.html", {"tables": tables})


@require_http_methods(["GET", "POST"])
def setup(request: HttpRequest) -> HttpResponse:
    """Create the first host account. Only possible while Pott has no account at all."""
    if get_user_model().objects.exists():
        return redirect("login")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect("home")
    return render(request, "accounts/setup.html", {"form": form})


def _table(request: HttpRequest, pk: int) -> Table:
    """A table the user hosts or co-deals, else 404 (someone else's table is not there)."""
    return get_object_or_404(Table.objects.for_user(request.user), pk=pk)


@login_required
@require_http_methods(["GET", "POST"])
def table_new(request: HtmxHttpRequest) -> HttpResponse:
    """Create a table: game, stakes, seats, chips and house options."""
    form = TableForm(request.POST or None, host=request.user)
    if request.method == "POST" and form.is_valid():
        table = form.save()
        return redirect("dealer:table", pk=table.pk)
    return render(request, "dealer/table_new.html", {"form": form})


@login_required
@require_GET
def table_page(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The dealer's screen: the table, the action bar, the pot and the dealer's prompt."""
    table = _table(request, pk)
    return render(request, "dealer/table.html", table_context(table))


@login_required
@require_GET
def table_poll(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Polled about once a second: nothing (204) unless the table changed since `v`."""
    table = _table(request, pk)
    if request.GET.get("v") == str(table.version):
        return HttpResponse(status=204)
    return render(request, "dealer/table.html#table", table_context(table))


@login_required
@require_GET
def table_rules(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The table's rules and house options, each with its default."""
    table = _table(request, pk)
    return render(request, "dealer/rules.html", {"table": table, "rules": rules_list(table)})


def _respond(
    request: HtmxHttpRequest, table: Table, *, error: str = "", notice: str = ""
) -> HttpResponse:
    """After a change (or a refusal): the table region for htmx, a redirect otherwise."""
    table.refresh_from_db()
    if request.htmx:
        context = table_context(table, error=error, notice=notice)
        return render(request, "dealer/table.html#table", context)
    if error:
        messages.error(request, error)
    elif notice:
        messages.success(request, notice)
    return redirect("dealer:table", pk=table.pk)


def _version(request: HtmxHttpRequest) -> int | None:
    form = VersionForm(request.POST)
    return form.cleaned_data["version"] if form.is_valid() else None


def _form_error(form: Any) -> str:
    errors = [str(e) for field_errors in form.errors.values() for e in field_errors]
    return " ".join(errors) or _("Check the form.")


@login_required
@require_POST
def seat_add(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Seat a player (from the roster or new) with a buy-in. Between hands or during one."""
    table = _table(request, pk)
    form = SeatPlayerForm(request.POST, table=table)
    if not form.is_valid():
        return _respond(request, table, error=_form_error(form))
    data = form.cleaned_data
    try:
        with transaction.atomic():
            table.claim(data["version"])
            player = data["player"] or Player.objects.create(
                host=table.host, name=data["new_player"]
            )
            Seat.objects.create(
                table=table,
                number=data["seat"],
                player=player,
                stack=data["chips"],
                is_new=table.latest_hand() is not None,
                wants_to_post=data["post_now"],
            )
            table.session.buy_in(player, data["chips"], method=data["method"], by=request.user)
    except Stale:
        return _respond(request, table, error=_(STALE))
    name = str(player)
    return _respond(
        request,
        table,
        notice=_("%(name)s sits in seat %(seat)s with %(chips)s.")
        % {"name": name, "seat": data["seat"], "chips": data["chips"]},
    )


def _seat(table: Table, number: int) -> Seat:
    seat = table.seats.select_related("player").filter(number=number).first()
    if seat is None:
        raise Http404(_("There is nobody in seat %(seat)s.") % {"seat": number})
    return seat


def _in_live_hand(table: Table, seat: Seat) -> bool:
    hand = table.live_hand()
    return hand is not None and seat.number in hand.config["seats"]


@login_required
@require_POST
def seat_chips(request: HtmxHttpRequest, pk: int, number: int, kind: str) -> HttpResponse:
    """A rebuy or a top-up: between hands only (table stakes)."""
    table = _table(request, pk)
    seat = _seat(table, number)
    if kind not in ("rebuy", "top_up"):
        raise Http404
    form = ChipsForm(request.POST)
    if not form.is_valid():
        return _respond(request, table, error=_form_error(form))
    if _in_live_hand(table, seat):
        return _respond(
            request, table, error=_("Table stakes: chips can be added only between hands.")
        )
    data = form.cleaned_data
    try:
        with transaction.atomic():
            table.claim(data["version"])
            Seat.objects.filter(pk=seat.pk).update(stack=seat.stack + data["chips"])
            table.session.buy_in(
                seat.player,
                data["chips"],
                method=data["method"] or "cash",
                kind=kind,
                by=request.user,
            )
    except Stale:
        return _respond(request, table, error=_(STALE))
    return _respond(
        request,
        table,
        notice=_("%(name)s adds %(chips)s chips.") % {"name": seat.player, "chips": data["chips"]},
    )


@login_required
@require_POST
def seat_toggle(request: HtmxHttpRequest, pk: int, number: int, what: str) -> HttpResponse:
    """Sit out or come back; a new or returning player posts now or waits for the big blind."""
    table = _table(request, pk)
    seat = _seat(table, number)
    version = _version(request)
    if version is None:
        return _respond(request, table, error=_(STALE))
    try:
        with transaction.atomic():
            table.claim(version)
            if what == "sit_out":
                Seat.objects.filter(pk=seat.pk).update(sitting_out=not seat.sitting_out)
            elif what == "post":
                Seat.objects.filter(pk=seat.pk).update(wants_to_post=not seat.wants_to_post)
            else:
                raise Http404
    except Stale:
        return _respond(request, table, error=_(STALE))
    return _respond(request, table)


@login_required
@require_POST
def seat_leave(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """A player leaves with their chips (cashed out in the ledger). Not during their hand."""
    table = _table(request, pk)
    seat = _seat(table, number)
    version = _version(request)
    if version is None:
        return _respond(request, table, error=_(STALE))
    if _in_live_hand(table, seat):
        return _respond(
            request,
            table,
            error=_("Seat %(seat)s is in the hand: leave after it.") % {"seat": number},
        )
    try:
        with transaction.atomic():
            table.claim(version)
            if seat.stack:
                table.session.cash_out(seat.player, seat.stack, by=request.user)
            seat.delete()
    except Stale:
        return _respond(request, table, error=_(STALE))
    return _respond(
        request,
        table,
        notice=_("%(name)s leaves with %(chips)s chips.")
        % {"name": seat.player, "chips": seat.stack},
    )


@login_required
@require_POST
def hand_start(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Deal the next hand: the button moves, the blinds are posted."""
    table = _table(request, pk)
    version = _version(request)
    if version is None:
        return _respond(request, table, error=_(STALE))
    try:
        table.start_hand(
            version=version, by=request.user, straddle=request.POST.get("straddle") == "on"
        )
    except Stale:
        return _respond(request, table, error=_(STALE))
    except (NotEnoughPlayers, ValueError, IllegalAction) as error:
        return _respond(request, table, error=str(error))
    return _respond(request, table)


def _hand_for(table: Table, number: int | None) -> Hand | None:
    return table.hands.filter(number=number).first() if number else None


@login_required
@require_POST
def act(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A player's action, a street dealt, or a misdeal; refused if the device's view is stale."""
    table = _table(request, pk)
    form = ActionForm(request.POST)
    if not form.is_valid():
        return _respond(request, table, error=_form_error(form))
    data = form.cleaned_data
    hand = _hand_for(table, data["hand"])
    if hand is None or hand.status != Hand.Status.LIVE:
        return _respond(request, table, error=_(STALE))
    state = hand.state()
    if data["seq"] != len(hand.log()):
        return _respond(request, table, error=_(STALE))
    kind = data["kind"]
    player = state.to_act if state.to_act is not None else -1
    action = {
        "fold": lambda: Fold(player),
        "check": lambda: Check(player),
        "call": lambda: Call(player),
        "raise": lambda: Raise(player, data["amount"] or 0),
        "all_in": lambda: AllIn(player),
        "bring_in": lambda: BringIn(player),
        "deal": DealStreet,
        "misdeal": Misdeal,
    }[kind]()
    try:
        hand.act(action, seq=data["seq"], by=request.user)
    except Stale:
        return _respond(request, table, error=_(STALE))
    except IllegalAction as error:
        return _respond(request, table, error=str(error))
    return _respond(request, table)


@login_required
@require_POST
def award(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The dealer names the winners of the next pot; Pott splits it with the odd-chip rule."""
    table = _table(request, pk)
    hand = _hand_for(table, _int(request.POST.get("hand")))
    if hand is None or hand.status != Hand.Status.LIVE:
        return _respond(request, table, error=_(STALE))
    state = hand.state()
    if state.phase is not Phase.SHOWDOWN:
        return _respond(request, table, error=_(STALE))
    legal = legal_actions(state)
    eligible = [(p, str(state.seat(p))) for p in legal.eligible]
    form = AwardForm(request.POST, eligible=eligible)
    if not form.is_valid():
        return _respond(request, table, error=_form_error(form))
    data = form.cleaned_data
    try:
        hand.act(Award(data["pot"], tuple(data["winners"])), seq=data["seq"], by=request.user)
    except Stale:
        return _respond(request, table, error=_(STALE))
    except IllegalAction as error:
        return _respond(request, table, error=str(error))
    return _respond(request, table)


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


@login_required
@require_POST
def undo(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Take back the last action; between hands, reopen the last hand (its payout undone)."""
    table = _table(request, pk)
    form = UndoForm(request.POST)
    if not form.is_valid():
        return _respond(request, table, error=_(STALE))
    hand = _hand_for(table, form.cleaned_data["hand"])
    if hand is None or hand != table.latest_hand():
        return _respond(request, table, error=_(STALE))
    try:
        hand.undo(seq=form.cleaned_data["seq"], by=request.user)
    except Stale:
        return _respond(request, table, error=_(STALE))
    except IllegalAction as error:
        return _respond(request, table, error=str(error))
    return _respond(request, table, notice=_("Undone."))


@login_required
@require_POST
def co_dealer_add(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The host lets another account run this table (creating the account if it is new)."""
    table = _table(request, pk)
    if table.host != request.user:
        return _respond(request, table, error=_("Only the host can add co-dealers."))
    form = CoDealerForm(request.POST)
    if not form.is_valid():
        return _respond(request, table, error=_form_error(form))
    users = get_user_model().objects
    name = form.cleaned_data["username"]
    user = users.filter(username=name).first()
    if user is None:
        if not form.cleaned_data["password"]:
            return _respond(
                request,
                table,
                error=_("%(name)s is a new account: give it a password.") % {"name": name},
            )
        user = users.create_user(username=name, password=form.cleaned_data["password"])
    table.co_dealers.add(user)
    table.bump()
    return _respond(
        request, table, notice=_("%(name)s may now deal at this table.") % {"name": name}
    )


# --- history ---------------------------------------------------------------------------------


@login_required
@require_GET
def hand_list(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Every hand of the table, newest first."""
    table = _table(request, pk)
    hands = table.hands.order_by("-number")
    return render(request, "dealer/hands.html", {"table": table, "hands": hands})


@login_required
@require_GET
def hand_detail(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """One hand, action by action, and who won each pot."""
    table = _table(request, pk)
    hand = get_object_or_404(table.hands, number=number)
    return render(request, "dealer/hand.html", hand_history(table, hand))


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
    }


def _names(hand: Hand) -> list[str]:
    players = Player.objects.in_bulk(hand.players)
    config = hand.config
    return [
        f"{players[pid]} ({_('seat')} {seat})" if pid in players else f"{_('Seat')} {seat}"
        for pid, seat in zip(hand.players, config["seats"], strict=True)
    ]


def _pot_lines(state: Any, names: list[str], table: Table) -> list[dict[str, Any]]:
    denominations = [int(c["value"]) for c in table.chips]
    lines = []
    for result in pot_results(state):
        label = _("Main pot") if result.index == 0 else _("Side pot %(n)s") % {"n": result.index}
        lines.append(
            {
                "label": label,
                "amount": result.pot.amount,
                "paid": [
                    {
                        "name": names[p],
                        "chips": chips,
                        "how": format_breakdown(chip_breakdown(chips, denominations) or []),
                    }
                    for p, chips in result.paid
                ],
            }
        )
    return lines


# --- what the templates show -----------------------------------------------------------------


PROMPTS = {
    "flop": "Burn and deal the flop",
    "turn": "Burn and deal the turn",
    "river": "Burn and deal the river",
}


def table_context(table: Table, *, error: str = "", notice: str = "") -> dict[str, Any]:
    """Everything the table screen (dealer, TV, phone) shows, from the table and its hand."""
    hand = table.latest_hand()
    live = hand if hand is not None and hand.status == Hand.Status.LIVE else None
    state = live.state() if live else None
    seq = live.actions.count() if live else (hand.actions.count() if hand else 0)
    seats = {s.number: s for s in table.seats.select_related("player")}
    config = state.config if state else None
    position = {n: p for p, n in enumerate(config.seats)} if config else {}
    plan = live.plan if live else None
    legal = legal_actions(state) if state else None
    denominations = sorted({int(c["value"]) for c in table.chips})
    seat_views = []
    for number in range(1, table.max_seats + 1):
        seat = seats.get(number)
        angle = math.pi / 2 + (number - 1) * 2 * math.pi / table.max_seats
        view: dict[str, Any] = {
            "number": number,
            "empty": seat is None,
            "x": round(50 + 44 * math.cos(angle), 2),
            "y": round(50 + 40 * math.sin(angle), 2),
            "markers": [],
        }
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
                if state.to_act == p and state.phase in (Phase.BETTING, Phase.DRAW):
                    view["status"] = "to-act"
            elif seat.sitting_out:
                view["status"] = "sitting-out"
            elif state is not None:
                view["status"] = "waiting"
        if plan is not None:
            if plan["button"] == number:
                view["markers"].append(("button", "D"))
            if plan["small_blind"] == number:
                view["markers"].append(("sb", "SB"))
            if plan["big_blind"] == number:
                view["markers"].append(("bb", "BB"))
            p = position.get(number)
            if config is not None and p is not None and config.blinds[p] > table.big_blind:
                view["markers"].append(("straddle", "ST"))
        seat_views.append(view)

    context: dict[str, Any] = {
        "table": table,
        "hand": live,
        "last_hand": hand,
        "seq": seq,
        "state": state,
        "legal": legal,
        "seats": seat_views,
        "error": error,
        "notice": notice,
        "denominations": denominations,
        "seat_form": SeatPlayerForm(table=table, initial={"version": table.version}),
        "co_dealer_form": CoDealerForm(),
    }
    if state is not None:
        context.update(_live_context(table, state, legal, position, seats))
    else:
        context.update(_between_hands_context(table, hand, seats))
    return context


def _live_context(
    table: Table, state: Any, legal: Any, position: dict[int, int], seats: dict[int, Seat]
) -> dict[str, Any]:
    config = state.config

    def label(p: int) -> str:
        seat = seats.get(config.seat(p))
        name = str(seat.player) if seat else ""
        return f"{_('Seat')} {config.seat(p)}" + (f" ({name})" if name else "")

    pots = pots_so_far(state)
    pot_views = [
        {
            "label": _("Main pot") if i == 0 else _("Side pot %(n)s") % {"n": i},
            "amount": pot.amount,
            "eligible": [config.seat(p) for p in pot.eligible],
        }
        for i, pot in enumerate(pots)
    ]
    returned = [
        {"seat": config.seat(p), "chips": chips} for p, chips in enumerate(state.returned) if chips
    ]
    context: dict[str, Any] = {
        "pot_total": state.pot_total,
        "pots": pot_views,
        "returned": returned,
        "street": config.spec.streets[min(state.street, len(config.spec.streets) - 1)],
    }
    if state.phase is Phase.BETTING:
        p = state.to_act
        context["prompt"] = _("%(who)s to act") % {"who": label(p)}
        context["actor"] = label(p)
        if legal.raise_min:
            to_call = state.bet_level - state.bets[p]
            pot_after_call = state.pot_total + to_call

            def clamp(value: int) -> int:
                return max(legal.raise_min, min(legal.raise_max, value))

            context["presets"] = [
                (_("Min"), legal.raise_min),
                (_("½ pot"), clamp(state.bet_level + pot_after_call // 2)),
                (_("Pot"), clamp(state.bet_level + pot_after_call)),
                (_("All-in"), legal.raise_max),
            ]
    elif state.phase is Phase.DEAL:
        street = config.spec.streets[state.street]
        context["prompt"] = _(PROMPTS.get(street, "Deal the %(street)s")) % {"street": street}
        context["deal_label"] = _("%(street)s dealt") % {"street": street.capitalize()}
    elif state.phase is Phase.SHOWDOWN:
        index = legal.award_pot
        pot = state.pots[index]
        name = _("the main pot") if index == 0 else _("side pot %(n)s") % {"n": index}
        context["prompt"] = _("Showdown: who wins %(pot)s (%(amount)s)?") % {
            "pot": name,
            "amount": pot.amount,
        }
        context["award_pot"] = index
        context["award_choices"] = [(p, label(p)) for p in legal.eligible]
    if config.spec.kind is Kind.BOARD and state.board:
        context["board"] = [str(c) for c in state.board]
    return context


def _between_hands_context(
    table: Table, hand: Hand | None, seats: dict[int, Seat]
) -> dict[str, Any]:
    context: dict[str, Any] = {"prompt": _("Between hands")}
    try:
        plan = table.plan_next_hand()
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
        context["prompt"] = _(
            "Next hand: button %(button)s, small blind %(sb)s, big blind %(bb)s"
        ) % {
            "button": context["plan"]["button"],
            "sb": context["plan"]["small_blind"],
            "bb": context["plan"]["big_blind"],
        }
    if hand is not None and hand.status == Hand.Status.COMPLETE:
        context["last_result"] = hand_history(table, hand)
    return context


HEADS_UP_CAP = {
    "uncapped_when_heads_up": _lazy("no cap once two players are left"),
    "uncapped_if_began_heads_up": _lazy("no cap if the round began heads-up"),
    "always_capped": _lazy("always capped"),
}


def rules_list(table: Table) -> list[tuple[str, str, str]]:
    """Each rule of the table: (what, this table's choice, the default)."""
    options = table.house_options()
    dead = table.options.get("dead_button", True)
    return [
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
        (
            _("Minimum raise over a straddle"),
            _("twice the straddle")
            if options.straddle_raise.value == "straddle"
            else _("one big blind more"),
            _("twice the straddle"),
        ),
        (
            _("Button straddle: first to act"),
            _("small blind")
            if options.button_straddle_order.value == "small_blind"
            else _("under the gun"),
            _("small blind"),
        ),
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
        (_("Uncalled bets"), _("returned, never won"), ""),
    ]


def display_url(request: HttpRequest, table: Table) -> str:
    return request.build_absolute_uri(reverse("dealer:display", args=[table.display_token]))
