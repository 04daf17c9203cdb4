"""Views of the live table. Thin: parse with a form, call a model method or the engine, render.

htmx requests get the swapped region (`dealer/poker/table.html#table`); plain form posts redirect
back to the page. Refusals re-render at status 200 with the reason (htmx 2 does not swap 4xx).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config import limits
from config.http import HtmxHttpRequest
from config.revision import STALE_TABLE, Stale, posted_version, region_or_page
from config.text import isolate
from dealer.engine import (
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
    HandState,
    IllegalAction,
    Misdeal,
    Muck,
    Openers,
    Raise,
    RunTwice,
    Show,
)
from dealer.engine.seating import NotEnoughPlayers
from dealer.poker.display import device_links
from dealer.poker.forms import (
    ActionForm,
    AwardForm,
    ChipsForm,
    CloseTableForm,
    CoDealerForm,
    DealForm,
    MoveForm,
    SeatForm,
    SeatPlayerForm,
    ShowForm,
    TableForm,
    ToggleForm,
    UndoForm,
)
from dealer.poker.models import Hand, Seat, Table
from dealer.poker.screens import (
    hand_history,
    rules_list,
    seating_context,
    table_context,
    table_events,
)

TABLE = "dealer/poker/table.html"


def _table(request: HttpRequest, pk: int) -> Table:
    """A table the user hosts or co-deals, else 404 (someone else's table is not there)."""
    return get_object_or_404(Table.objects.for_user(request.user).select_related("session"), pk=pk)


@login_required
@require_http_methods(["GET", "POST"])
def table_new(request: HtmxHttpRequest) -> HttpResponse:
    """Create a table: game, stakes, seats, chips and house options."""
    form = TableForm(request.POST or None, host=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            table = form.create()
        except ValidationError as error:
            form.add_error("session", error)
        else:
            return redirect("dealer:table", pk=table.pk)
    return render(request, "dealer/poker/table_new.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def table_edit(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Change the game, stakes, seats, chips and house options between hands (the New table
    form, bound to the table), logged in the table's history; and the way to close it."""
    table = _table(request, pk)
    form = TableForm(request.POST or None, instance=table, host=table.host)
    if request.method == "POST" and form.is_valid():
        try:
            form.save_edit(by=request.user)
        except Stale:
            form.add_error(None, str(STALE_TABLE))
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("The table's settings are saved for the next hand."))
            return redirect("dealer:table", pk=table.pk)
        table.refresh_from_db()
        form.initial["version"] = table.version
    table.refresh_from_db()  # the form may have changed the instance; the page shows the table
    live = table.live_hand()
    return render(
        request,
        "dealer/poker/table_edit.html",
        {
            "form": form,
            "table": table,
            "live": live,
            "close_form": CloseTableForm(initial={"version": table.version}),
            "leaving": table.seats.select_related("player").order_by("number"),
        },
    )


@login_required
@require_POST
def table_close(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Close the table at the end of the night, between hands: every player leaves with their
    chips (cashed out in the ledger as leaving does), and it deals and seats nobody after."""
    table = _table(request, pk)
    form = CloseTableForm(request.POST)
    if not form.is_valid() and "version" not in form.errors:
        messages.error(request, _form_error(form))
        return redirect("dealer:table_edit", pk=table.pk)
    version = form.cleaned_data["version"] if form.is_valid() else None
    try:
        if version is None:
            raise Stale
        table.close(version=version, by=request.user)
    except Stale:
        messages.error(request, str(STALE_TABLE))
        return redirect("dealer:table_edit", pk=table.pk)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("dealer:table_edit", pk=table.pk)
    messages.success(request, _("%(table)s is closed.") % {"table": table})
    return redirect("dealer:table", pk=table.pk)


@login_required
@require_http_methods(["GET", "POST"])
def seat_move(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Move a player with their chips to a seat at another table of the same night, between
    their hands: no cash-out here, no buy-in there (the chips are the same chips)."""
    table = _table(request, pk)
    form = MoveForm(
        request.POST or None,
        table=table,
        user=request.user,
        initial={"version": table.version},
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            seat = table.move_player(
                data["seat"],
                data["to_table"],
                data["to_seat"],
                version=data["version"],
                by=request.user,
            )
        except Stale:
            form.add_error(None, str(STALE_TABLE))
        except IntegrityError:  # another device seated someone there first
            form.add_error(
                "to_seat",
                _("Seat %(seat)s at %(table)s is taken.")
                % {"seat": data["to_seat"], "table": data["to_table"]},
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(
                request,
                _("%(name)s moves to %(table)s, seat %(seat)s, with %(chips)s chips.")
                % {
                    "name": seat.player,
                    "table": data["to_table"],
                    "seat": data["to_seat"],
                    "chips": seat.stack,
                },
            )
            return redirect("dealer:table", pk=table.pk)
        table.refresh_from_db()
        form.data = form.data.copy()
        form.data["version"] = table.version
    return render(request, "dealer/poker/seat_move.html", {"form": form, "table": table})


@login_required
@require_GET
def table_page(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The dealer's screen: the table, the action bar, the pot and the dealer's prompt."""
    table = _table(request, pk)
    context = table_context(table)
    context.update(_seating(request, table))
    return render(request, "dealer/poker/table.html", context)


@login_required
@require_GET
def table_poll(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Polled about once a second: nothing (204) unless the table changed since `v`."""
    table = _table(request, pk)
    if request.GET.get("v") == table.poll_key():
        return HttpResponse(status=204)
    return _respond(request, table)


@login_required
@require_GET
def table_rules(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The table's rules and house options, each with its default."""
    table = _table(request, pk)
    return render(request, "dealer/poker/rules.html", {"table": table, "rules": rules_list(table)})


def _respond(
    request: HtmxHttpRequest,
    table: Table,
    *,
    hand: Hand | None = None,
    state: HandState | None = None,
    error: str = "",
    notice: str = "",
    seating: bool = False,
) -> HttpResponse:
    """After a change (or a refusal): for htmx the table region, plus the seating panel when it
    may have changed (seat changes, between hands); for a plain form post a redirect."""
    page = reverse("dealer:table", args=[table.pk])
    context: dict[str, Any] = {}
    also: tuple[str, ...] = ()
    if request.htmx:
        context = table_context(table, hand=hand, state=state)
        if seating or context["hand"] is None:
            context.update(_seating(request, table), oob=True)
            also = ("seating",)
    return region_or_page(
        request, TABLE, "table", context, redirect_to=page, error=error, notice=notice, also=also
    )


def _seating(request: HttpRequest, table: Table) -> dict[str, Any]:
    """The seating panel: the forms for players and chips, and the links for other devices."""
    context = seating_context(table)
    context.update(device_links(request, table))
    return context


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
        seat = table.seat_player(
            version=data["version"],
            number=data["seat"],
            player=data["player"],
            new_name=data["new_player"],
            chips=data["chips"],
            method=data.get("method", ""),
            post_now=data.get("post_now", False),
            by=request.user,
        )
    except (Stale, IntegrityError):  # another device took the seat or seated the player first
        return _respond(request, table, error=str(STALE_TABLE))
    except ValidationError as error:
        return _respond(request, table, error=" ".join(error.messages))
    name = str(seat.player)
    return _respond(
        request,
        table,
        notice=_("%(name)s sits in seat %(seat)s with %(chips)s.")
        % {"name": name, "seat": data["seat"], "chips": data["chips"]},
        seating=True,
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
    if data["player"] != seat.player_id:
        return _respond(request, table, error=str(STALE_TABLE), seating=True)
    if seat.stack + data["chips"] > limits.MAX_STACK:
        return _respond(
            request,
            table,
            error=_("At most %(limit)s chips in front of one player.")
            % {"limit": number_format(limits.MAX_STACK, force_grouping=True)},
        )
    try:
        # The seat read above is the one the claimed version showed.
        table.add_chips(
            seat,
            data["chips"],
            version=data["version"],
            method=data["method"] or "cash",
            kind=kind,
            by=request.user,
        )
    except Stale:
        return _respond(request, table, error=str(STALE_TABLE))
    except ValidationError as error:
        return _respond(request, table, error=" ".join(error.messages))
    return _respond(
        request,
        table,
        notice=_("%(name)s adds %(chips)s chips.") % {"name": seat.player, "chips": data["chips"]},
        seating=True,
    )


@login_required
@require_POST
def seat_toggle(request: HtmxHttpRequest, pk: int, number: int, what: str) -> HttpResponse:
    """Sit out or come back; a new or returning player posts now or waits for the big blind."""
    table = _table(request, pk)
    seat = _seat(table, number)
    if what not in ("sit_out", "post"):
        raise Http404
    form = ToggleForm(request.POST)
    field = "sitting_out" if what == "sit_out" else "wants_to_post"
    # The device showed this player and the other state (a toggle tapped on a device that
    # did not show a change made meanwhile must not undo it).
    if (
        not form.is_valid()
        or form.cleaned_data["player"] != seat.player_id
        or form.cleaned_data["to"] == getattr(seat, field)
    ):
        return _respond(request, table, error=str(STALE_TABLE), seating=True)
    try:
        table.set_seat_flag(
            seat, field, bool(form.cleaned_data["to"]), version=form.cleaned_data["version"]
        )
    except Stale:
        return _respond(request, table, error=str(STALE_TABLE))
    except ValidationError as error:
        return _respond(request, table, error=" ".join(error.messages))
    return _respond(request, table, seating=True)


@login_required
@require_POST
def seat_leave(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """A player leaves with their chips (cashed out in the ledger). Not during their hand."""
    table = _table(request, pk)
    seat = _seat(table, number)
    form = SeatForm(request.POST)
    if not form.is_valid() or form.cleaned_data["player"] != seat.player_id:
        return _respond(request, table, error=str(STALE_TABLE), seating=True)
    version = form.cleaned_data["version"]
    if _in_live_hand(table, seat):
        return _respond(
            request,
            table,
            error=_("Seat %(seat)s is in the hand: leave after it.") % {"seat": number},
        )
    try:
        table.leave(seat, version=version, by=request.user)
    except Stale:
        return _respond(request, table, error=str(STALE_TABLE))
    except ValidationError as error:
        return _respond(request, table, error=" ".join(error.messages))
    return _respond(
        request,
        table,
        notice=_("%(name)s leaves with %(chips)s chips.")
        % {"name": seat.player, "chips": seat.stack},
        seating=True,
    )


@login_required
@require_POST
def hand_start(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Deal the next hand: the button moves, the blinds are posted."""
    table = _table(request, pk)
    version = posted_version(request)
    if version is None:
        return _respond(request, table, error=str(STALE_TABLE))
    try:
        hand = table.start_hand(
            version=version,
            by=request.user,
            straddle=request.POST.get("straddle") == "on",
            button_straddle=request.POST.get("button_straddle") == "on",
        )
    except Stale:
        return _respond(request, table, error=str(STALE_TABLE))
    except (NotEnoughPlayers, ValueError, IllegalAction) as error:
        return _respond(request, table, error=str(error))
    except ValidationError as error:
        return _respond(request, table, error=" ".join(error.messages))
    return _respond(request, table, hand=hand, seating=True)


@login_required
@require_POST
def carried_share(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Share a carried pot out equally instead of playing for it (between hands)."""
    table = _table(request, pk)
    version = posted_version(request)
    if version is None:
        return _respond(request, table, error=str(STALE_TABLE))
    try:
        hand = table.share_carried_pot(version=version, by=request.user)
    except Stale:
        return _respond(request, table, error=str(STALE_TABLE))
    except (NotEnoughPlayers, ValueError, IllegalAction) as error:
        return _respond(request, table, error=str(error))
    except ValidationError as error:
        return _respond(request, table, error=" ".join(error.messages))
    return _respond(request, table, hand=hand, seating=True)


def _action_builder(data: dict[str, Any]) -> Callable[[HandState], Action]:
    """The action a button stands for (ActionForm's cleaned data), for whoever is to act when
    it is applied."""
    amount, cards = data.get("amount") or 0, data.get("cards") or 0

    def player(state: HandState) -> int:
        return state.to_act if state.to_act is not None else -1

    def opener(state: HandState) -> int:
        return state.opener if state.opener is not None else -1

    builders: dict[str, Callable[[HandState], Action]] = {
        "fold": lambda state: Fold(player(state)),
        "check": lambda state: Check(player(state)),
        "call": lambda state: Call(player(state)),
        "raise": lambda state: Raise(player(state), amount),
        "open": lambda state: Raise(player(state), amount, openers=True),
        "all_in": lambda state: AllIn(player(state)),
        "bring_in": lambda state: BringIn(player(state)),
        "deal": lambda state: DealStreet(),
        "misdeal": lambda state: Misdeal(),
        "draw": lambda state: Draw(
            player(state), cards, split_openers=bool(data.get("split_openers"))
        ),
        "openers_shown": lambda state: Openers(opener(state), shown=True),
        "false_opener": lambda state: Openers(opener(state), shown=False),
        "muck": lambda state: Muck(data.get("player") or 0),
        "run_twice": lambda state: RunTwice(),
    }
    return builders[data["kind"]]


def _apply(
    request: HtmxHttpRequest,
    pk: int,
    number: int,
    make: Callable[[HandState], Action],
    version: int,
    *,
    notice: str = "",
) -> HttpResponse:
    """Append an action to hand `number` of table `pk` and show the table (with `notice` when
    it landed)."""
    try:
        hands = Hand.objects.filter(table_id=pk)
        hand, state = hands.act(number=number, make=make, version=version, by=request.user)
    except (Hand.DoesNotExist, Stale):
        return _respond(request, _table(request, pk), error=str(STALE_TABLE))
    except IllegalAction as error:
        return _respond(request, _table(request, pk), error=str(error))
    except ValidationError as error:
        return _respond(request, _table(request, pk), error=" ".join(error.messages))
    return _respond(request, hand.table, hand=hand, state=state, notice=notice)


@login_required
@require_POST
def act(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A player's action, a street dealt, or a misdeal; refused if the device's view is stale."""
    form = ActionForm(request.POST)
    if not form.is_valid():
        return _respond(request, _table(request, pk), error=_form_error(form))
    data = form.cleaned_data
    make = _action_builder(data)
    notice = ""
    if data["kind"] == "misdeal":
        notice = _(
            "Misdeal: the hand is void and every chip went back. The same dealer deals again."
        )
    return _apply(request, pk, data["hand"], make, data["version"], notice=notice)


@login_required
@require_POST
def deal(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Stud: the next street is dealt, with each player's up card, or with the dealer's tap on
    who brings in or speaks first."""
    form = DealForm(request.POST)
    if not form.is_valid():
        return _respond(request, _table(request, pk), error=_form_error(form))
    data = form.cleaned_data
    action = DealStreet(up_cards=data["up_cards"], first_actor=data["first_actor"])
    return _apply(request, pk, data["hand"], lambda state: action, data["version"])


@login_required
@require_POST
def show(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The cards at the showdown, entered on the card picker: the board as it lies, or one
    player's shown cards (stud: the down cards; the up cards are known already)."""
    form = ShowForm(request.POST)
    if not form.is_valid():
        return _respond(request, _table(request, pk), error=_form_error(form))
    data = form.cleaned_data
    cards = data["cards"]
    if data["kind"] == "board":
        board = Board(cards, run=data["run"])
        return _apply(request, pk, data["hand"], lambda state: board, data["version"])
    p = data["player"]

    def make(state: HandState) -> Action:
        known = state.up_cards[p] if 0 <= p < len(state.up_cards) else ()
        return Show(p, (*cards, *known))

    return _apply(request, pk, data["hand"], make, data["version"])


@login_required
@require_POST
def award(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The dealer names the winners of the next pot; Pott splits it with the odd-chip rule."""
    form = AwardForm(request.POST)
    if not form.is_valid():
        return _respond(request, _table(request, pk), error=_form_error(form))
    data = form.cleaned_data
    award = Award(
        data["pot"],
        tuple(data["winners"]),
        low_winners=tuple(data["low_winners"]),
        no_low=data["no_low"],
        odd_chip=data["odd_chip"],
    )
    return _apply(request, pk, data["hand"], lambda state: award, data["version"])


@login_required
@require_POST
def undo(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Take back the last action; between hands, reopen the last hand (its payout undone)."""
    form = UndoForm(request.POST)
    if not form.is_valid():
        return _respond(request, _table(request, pk), error=str(STALE_TABLE))
    hands = Hand.objects.for_user(request.user).filter(table_id=pk)
    data = form.cleaned_data
    try:
        hand = hands.undo(number=data["hand"], version=data["version"], by=request.user)
    except (Hand.DoesNotExist, Stale):
        return _respond(request, _table(request, pk), error=str(STALE_TABLE))
    except IllegalAction as error:
        return _respond(request, _table(request, pk), error=str(error))
    except ValidationError as error:
        return _respond(request, _table(request, pk), error=" ".join(error.messages))
    return _respond(request, hand.table, notice=_("Undone."))


@login_required
@require_POST
def co_dealer_add(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The host makes a new account that may run this table (its password passes the password
    validators). Someone who already has an account joins by the co-dealer link instead
    (`co_dealer_join`): the host never types another account's password, so this form is no
    way to guess one."""
    table = _table(request, pk)
    if table.host != request.user:
        return _respond(request, table, error=_("Only the host can add co-dealers."))
    form = CoDealerForm(request.POST)
    if not form.is_valid():
        return _respond(request, table, error=_form_error(form))
    name, password = form.cleaned_data["username"], form.cleaned_data["password"]
    try:
        validate_password(password, user=get_user_model()(username=name))
    except ValidationError as error:
        return _respond(request, table, error=" ".join(error.messages))
    try:
        table.new_co_dealer(name, password)
    except IntegrityError:  # the username is someone's already
        return _respond(
            request,
            table,
            error=_(
                "That username is taken: choose another for a new account. Someone who has an "
                "account already joins with the co-dealer link."
            ),
        )
    notice = _("%(name)s may now deal at this table.") % {"name": isolate(name)}
    return _respond(request, table, notice=notice, seating=True)


@login_required
@require_http_methods(["GET", "POST"])
def co_dealer_join(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Someone with an account, logged in, opens the co-dealer link the host gave them and
    joins the table as a co-dealer (a link the host has replaced no longer works)."""
    table = Table.by_invite(token)
    if table is None:
        raise Http404(_("This co-dealer link is not valid (any more): ask the host for a new one."))
    if request.method == "POST":
        joined = (
            table.host_id == request.user.pk or table.co_dealers.filter(pk=request.user.pk).exists()
        )
        if not joined:
            table.co_dealers.add(request.user)
            table.bump()
        return redirect("dealer:table", pk=table.pk)
    return render(request, "dealer/poker/join.html", {"table": table})


@login_required
@require_POST
def co_dealer_link_new(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A new co-dealer link: the old one stops working (co-dealers who joined stay)."""
    table = _table(request, pk)
    if table.host != request.user:
        return _respond(request, table, error=_("Only the host can change the links."))
    table.new_invite()
    notice = _("A new co-dealer link: the old one no longer works.")
    return _respond(request, table, notice=notice, seating=True)


@login_required
@require_POST
def co_dealer_remove(request: HtmxHttpRequest, pk: int, user_pk: int) -> HttpResponse:
    """The host takes a co-dealer off this table: from the next tap on, the table is not
    theirs (their account stays, with any other host's tables)."""
    table = _table(request, pk)
    if table.host != request.user:
        return _respond(request, table, error=_("Only the host can remove co-dealers."))
    user = table.co_dealers.filter(pk=user_pk).first()
    if user is None:
        return _respond(request, table, error=_("That account does not deal at this table."))
    table.co_dealers.remove(user)
    table.bump()
    notice = _("%(name)s no longer deals at this table.") % {"name": isolate(user.get_username())}
    return _respond(request, table, notice=notice, seating=True)


@login_required
@require_POST
def links_new(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """New TV and phone links for this table: the old ones stop working at once."""
    table = _table(request, pk)
    if table.host != request.user:
        return _respond(request, table, error=_("Only the host can change the links."))
    table.new_links()
    notice = _("New links for the TV and the phones: the old ones no longer work.")
    return _respond(request, table, notice=notice, seating=True)


# --- history ---------------------------------------------------------------------------------


@login_required
@require_GET
def hand_list(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Every hand of the table, newest first."""
    table = _table(request, pk)
    hands = table.hands.order_by("-number")
    events = table_events(table)
    return render(
        request, "dealer/poker/hands.html", {"table": table, "hands": hands, "events": events}
    )


@login_required
@require_GET
def session_phhs(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Download the hands of this table's session (all its tables you deal) as a .phhs file."""
    table = _table(request, pk)
    hands = Hand.objects.for_user(request.user).filter(table__session=table.session)
    response = HttpResponse(hands.phhs(), content_type="application/toml; charset=utf-8")
    name = slugify(table.session.name) or "session"
    response["Content-Disposition"] = f'attachment; filename="{name}.phhs"'
    return response


@login_required
@require_GET
def hand_detail(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """One hand, action by action, and who won each pot."""
    table = _table(request, pk)
    hand = get_object_or_404(table.hands, number=number)
    return render(request, "dealer/poker/hand.html", hand_history(table, hand))
