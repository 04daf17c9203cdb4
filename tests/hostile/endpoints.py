"""What each view reads, and a valid request for it in the walker's world.

A `Context` is one valid request to one URL pattern (by its namespaced name): the path
arguments, the fields (each with its kind, see values.py), who may make it (roles whose valid
request may change the database) and whether it is expected to change the database at all.
The walker replaces one field at a time with hostile values, so the hostile value is the only
thing wrong with the request.

Every form field of dealer/forms.py, dealer/calculator.py, dealer/tournament/views.py,
ledger/forms.py and every raw `request.POST`/`request.GET` name of the views must appear here:
`coverage.py` checks that, so a new field cannot be missed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from config import limits
from config.revision import VersionForm
from config.revision import VersionForm as ClockVersionForm
from config.revision import VersionForm as GameVersionForm
from dealer.deluxe.forms import BuyForm as DeluxeBuyForm
from dealer.deluxe.forms import DeluxeForm
from dealer.deluxe.forms import ShowForm as DeluxeShowForm
from dealer.deluxe.models import DeluxeGame
from dealer.dice.forms import (
    CLAIM_CODES,
    HAND_CODES,
    CallForm,
    ClaimForm,
    DiceGameForm,
    DicePlayerForm,
    RollForm,
    ShowDiceForm,
)
from dealer.dice.models import DiceGame
from dealer.engine import legal_actions
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
from dealer.poker.models import Seat, Table
from dealer.tournament.views import DrawForm, GeneratorForm, StructureForm
from ledger import prizes, settlement
from ledger.forms import (
    BuyInForm,
    CountForm,
    MergeForm,
    OptionsForm,
    PayoutTableForm,
    PlayerForm,
    PolicyForm,
    RegisterForm,
    SessionForm,
    TournamentForm,
    currency_choices,
)
from ledger.models import Player, Session
from tests.hostile.values import (
    USERNAME,
    Amount,
    Bic,
    Bool,
    ChipList,
    ChipSet,
    Choice,
    DeluxeCards,
    Exact,
    Field,
    Iban,
    Int,
    Lenient,
    Many,
    Money,
    PageVersion,
    PayLink,
    PayoutTable,
    Pick,
    PokerDice,
    ShownCards,
    Steps,
    SwishNumber,
    Text,
    UpCards,
)
from tests.hostile.world import PASSWORD, STEPS, World, quick_structure

OWNER, OTHER, CO_DEALER, ANONYMOUS = "owner", "other", "co-dealer", "anonymous"
ROLES = (ANONYMOUS, OWNER, OTHER, CO_DEALER)
# Anyone logged in may create their own tables, sessions, players, tournaments, structures.
ACCOUNTS = (OWNER, OTHER, CO_DEALER)


@dataclass
class Context:
    """One valid request to the URL pattern `name`."""

    name: str
    label: str
    kwargs: dict[str, Any] = field(default_factory=dict)
    # The other host's counterpart of each path argument (None: nothing to swap in).
    other_kwargs: dict[str, Any] = field(default_factory=dict)
    method: str = "POST"
    data: dict[str, Any] = field(default_factory=dict)
    fields: dict[str, Field] = field(default_factory=dict)
    # The form as the view builds it, bound to `data` (None: no pruning of equivalent values).
    form: Callable[[dict[str, Any]], Any] | None = None
    # The valid request changes the database (False: it never does, e.g. a preview).
    writes: bool = True
    # Who may make the valid request and change the database.
    writers: tuple[str, ...] = (OWNER,)
    # Who the field sweep is sent as.
    role: str = OWNER
    # Pages to read after a request that stored something: what was stored must not break them.
    follow: Callable[[], list[str]] | None = None


def _f(kind: Any, form_field: str | None = None, family: str | None = None) -> Field:
    return Field(kind=kind, form_field=form_field, family=family)


def _form_fields(
    kinds: dict[str, Any], prefix: str = "", family: str | None = None
) -> dict[str, Field]:
    """Fields read only through a Django form (so equivalent values may be pruned)."""
    return {
        f"{prefix}{name}": _f(kind, name, family and f"{family} {name}")
        for name, kind in kinds.items()
    }


def _pks(rows: Any) -> tuple[int, ...]:
    return tuple(row.pk for row in rows)


def _choices(field_choices: Any) -> tuple[str, ...]:
    return tuple(str(value) for value, _label in field_choices)


# --- dealer: the live table -----------------------------------------------------------------


def _dealer(world: World) -> list[Context]:
    o, x = world.owner, world.other
    kitchen, den, idle = o.tables["Kitchen"], o.tables["Den"], o.tables["Idle"]
    for table in (kitchen, den, idle):
        table.refresh_from_db()
    live = kitchen.live_hand()
    assert live is not None
    live_state = live.state()
    showdown = den.live_hand()
    assert showdown is not None
    legal = legal_actions(showdown.state())
    owner_players = Player.objects.filter(host=o.user)
    # A player sits at one table at a time: only players seated nowhere can be seated.
    unseated = owner_players.exclude(pk__in=Seat.objects.values("player_id"))
    open_sessions = Session.objects.filter(host=o.user, state=Session.State.OPEN)
    clocks = _pks(o.clocks.values())

    def table_page(pk: int) -> Callable[[], list[str]]:
        return lambda: [f"/tables/{pk}/", f"/tables/{pk}/hands/"]

    def newest_table() -> list[str]:
        pk = Table.objects.order_by("-pk").values_list("pk", flat=True).first()
        return [f"/tables/{pk}/", "/"]

    contexts: list[Context] = []
    ctx = contexts.append

    # Pages and polls (GET).
    pages = {"Kitchen": kitchen, "Den": den, "Idle": idle, "Final table": o.tables["Final table"]}
    for label, table in pages.items():
        other = {"pk": x.tables.get(label, x.tables["Kitchen"]).pk}
        writers = (OWNER, CO_DEALER)
        for name in ("dealer:table", "dealer:rules", "dealer:hands", "dealer:session_phhs"):
            ctx(Context(name, label, {"pk": table.pk}, other, "GET", writes=False, writers=writers))
        ctx(
            Context(
                "dealer:poll",
                label,
                {"pk": table.pk},
                other,
                "GET",
                data={"v": str(table.version)},
                fields={"v": _f(Lenient())} if label == "Kitchen" else {},
                writes=False,
            )
        )
    ctx(
        Context(
            "dealer:hand",
            "Kitchen hand 1",
            {"pk": kitchen.pk, "number": 1},
            {"pk": x.tables["Kitchen"].pk},
            "GET",
            writes=False,
        )
    )
    token, other_token = kitchen.display_token, x.tables["Kitchen"].display_token
    for name in ("dealer:display", "dealer:phone"):
        ctx(Context(name, "Kitchen", {"token": token}, {"token": other_token}, "GET", writes=False))
    for name in ("dealer:display_poll", "dealer:phone_poll"):
        ctx(
            Context(
                name,
                "Kitchen",
                {"token": token},
                {"token": other_token},
                "GET",
                data={"v": str(kitchen.version)},
                fields={"v": _f(Lenient())},
                writes=False,
            )
        )

    # A new table: a new session of its own, then joining an open session.
    table_data = {
        "name": "New table",
        "game": "nl_holdem",
        "small_blind": "5",
        "big_blind": "10",
        "ante": "0",
        "ante_mode": "none",
        "straddles_allowed": "on",
        "small_bet": "0",
        "big_bet": "0",
        "max_seats": "6",
        "session": "",
        "clock": "",
        "currency": "SEK",
        "chip_value": "1",
        "chip_values": "5, 25, 100",
        "dead_button": "on",
        "straddle_raise": "straddle",
        "button_straddle_order": "small_blind",
        "limit_raises": "3",
        "heads_up_cap": "uncapped_when_heads_up",
        "blind_before_ante": "on",
    }
    blank = TableForm(host=o.user)
    table_kinds = {
        "name": Text(max_length=limits.MAX_NAME),
        "game": Choice(choices=_choices(Table.Game.choices)),
        "small_blind": Int(lo=1),
        "big_blind": Int(lo=1),
        "ante": Int(),
        "small_bet": Int(),
        "big_bet": Int(),
        "max_seats": Int(lo=2, hi=10),
        "ante_mode": Choice(choices=_choices(Table.AnteMode.choices), required=False),
        "straddles_allowed": Bool(),
        "dead_button": Bool(),
        "blind_before_ante": Bool(),
        "currency": Choice(choices=_choices(currency_choices())),
        "chip_value": Amount(lo=Decimal("0.01")),
        "chip_values": ChipList(),
        "straddle_raise": Choice(choices=_choices(blank.fields["straddle_raise"].choices)),
        "button_straddle_order": Choice(
            choices=_choices(blank.fields["button_straddle_order"].choices)
        ),
        "limit_raises": Choice(choices=("3", "4")),
        "heads_up_cap": Choice(choices=_choices(blank.fields["heads_up_cap"].choices)),
        "draw_mode": Choice(choices=_choices(Table.DrawMode.choices), required=False),
        "max_bet": Int(required=False),
        "max_bet_late": Int(required=False),
        "round_cap": Int(required=False),
        "open_min": Int(required=False),
        "at_least_largest": Bool(),
        "joker": Bool(),
        "royal_over_five": Bool(),
        "misdeal_until_flop": Bool(),
        "run_it_twice": Bool(),
        "bring_in": Int(required=False),
        "fixed_buy_in": Int(required=False),
        "min_buy_in": Int(required=False),
        "max_buy_in": Int(required=False),
        "post_dead_small_to_enter": Bool(),
        "pot_rounding": Choice(choices=("exact", "smallest_chip", "small_blind"), required=False),
        "stud_betting": Choice(choices=_choices(Table.StudBetting.choices), required=False),
        "bring_in_high": Bool(),
        "bring_in_tie": Choice(choices=("by_position", "by_suit"), required=False),
        "first_actor_tie": Choice(choices=("by_position", "by_suit"), required=False),
        "open_pair": Choice(
            choices=("off", "first_speaker", "anyone", "cash_game"), required=False
        ),
    }
    ctx(
        Context(
            "dealer:table_new",
            "new session",
            method="POST",
            data=table_data,
            fields=_form_fields(table_kinds),
            writers=ACCOUNTS,
            form=lambda d: TableForm(d, host=o.user),
            follow=newest_table,
        )
    )
    ctx(
        Context(
            "dealer:table_new",
            "joining a session",
            method="POST",
            data={**table_data, "session": str(o.sessions["open"].pk)},
            fields=_form_fields(
                {"session": Pick(pks=_pks(open_sessions)), "clock": Pick(pks=clocks)}
            ),
            form=lambda d: TableForm(d, host=o.user),
            follow=newest_table,
        )
    )
    ctx(Context("dealer:table_new", "form", method="GET", writes=False))

    # Seats: a player from the roster, a new player, chips, sitting out, leaving.
    free = tuple(
        str(n)
        for n in range(1, idle.max_seats + 1)
        if n not in set(idle.seats.values_list("number", flat=True))
    )
    version = {"version": _f(Exact(expected=str(idle.version)), "version", "table version")}
    idle_other = {"pk": x.tables["Idle"].pk}
    seat_data = {
        "version": str(idle.version),
        "seat": free[0],
        "player": str(unseated[0].pk),
        "new_player": "",
        "chips": "1000",
        "method": "cash",
        "post_now": "",
    }
    seat_kinds = {
        "seat": Choice(choices=free),
        "player": Pick(pks=_pks(unseated)),
        "chips": Int(lo=1),
        "method": Choice(choices=("cash", "credit")),
        "post_now": Bool(),
    }
    seat_form = lambda d: SeatPlayerForm(d, table=idle)  # noqa: E731
    ctx(
        Context(
            "dealer:seat_add",
            "roster player",
            {"pk": idle.pk},
            idle_other,
            data=seat_data,
            fields={**version, **_form_fields(seat_kinds)},
            form=seat_form,
            follow=table_page(idle.pk),
        )
    )
    ctx(
        Context(
            "dealer:seat_add",
            "new player",
            {"pk": idle.pk},
            idle_other,
            data={**seat_data, "player": "", "new_player": "Zed"},
            fields=_form_fields({"new_player": Text()}),
            form=seat_form,
            follow=table_page(idle.pk),
        )
    )
    # A rebuy and a top-up (sitting out and posting) differ only after the form: swept once.
    chips_fields = {
        **version,
        **_form_fields(
            {"chips": Int(lo=1), "method": Choice(choices=("cash", "credit"), required=False)}
        ),
    }
    # A change to one seat names the player the device showed in it (and a toggle the state
    # it asks for).
    seat_one = str(idle.seats.get(number=1).player_id)
    seat_three = str(idle.seats.get(number=3).player_id)
    seat_player = {"player": _f(Exact(expected=seat_one), "player", "seat player")}
    for kind in ("rebuy", "top_up"):
        ctx(
            Context(
                "dealer:seat_chips",
                kind,
                {"pk": idle.pk, "number": 1, "kind": kind},
                idle_other,
                data={
                    "version": str(idle.version),
                    "player": seat_one,
                    "chips": "500",
                    "method": "cash",
                },
                fields={**chips_fields, **seat_player} if kind == "rebuy" else {},
                form=lambda d: ChipsForm(d),
                follow=table_page(idle.pk),
            )
        )
    for what in ("sit_out", "post"):
        ctx(
            Context(
                "dealer:seat_toggle",
                what,
                {"pk": idle.pk, "number": 1, "what": what},
                idle_other,
                data={"version": str(idle.version), "player": seat_one, "to": "1"},
                fields={**version, **seat_player, "to": _f(Exact(expected="1"), "to")}
                if what == "sit_out"
                else {},
                form=lambda d: ToggleForm(d),
            )
        )
    ctx(
        Context(
            "dealer:seat_leave",
            "between hands",
            {"pk": idle.pk, "number": 3},
            idle_other,
            data={"version": str(idle.version), "player": seat_three},
            fields={**version, "player": _f(Exact(expected=seat_three), "player", "seat player")},
            form=lambda d: SeatForm(d),
            follow=table_page(idle.pk),
        )
    )
    # Between hands: change the table's settings (the New table form bound to it), close it,
    # move a player with their chips to Kitchen (the same night; seat 2 is free there).
    money = ("session", "clock", "currency", "chip_value")
    edit_kinds = {name: kind for name, kind in table_kinds.items() if name not in money}
    edit_data = {k: v for k, v in table_data.items() if k not in money}
    ctx(
        Context(
            "dealer:table_edit",
            "between hands",
            {"pk": idle.pk},
            idle_other,
            data={**edit_data, "name": "Idle", "version": str(idle.version)},
            fields={**version, **_form_fields(edit_kinds)},
            form=lambda d: TableForm(d, instance=Table.objects.get(pk=idle.pk), host=o.user),
            follow=table_page(idle.pk),
        )
    )
    ctx(Context("dealer:table_edit", "form", {"pk": idle.pk}, idle_other, "GET", writes=False))
    ctx(
        Context(
            "dealer:table_close",
            "between hands",
            {"pk": idle.pk},
            idle_other,
            data={"version": str(idle.version), "confirm": "on"},
            fields={**version, "confirm": _f(Bool(), "confirm")},
            form=lambda d: CloseTableForm(d),
            follow=lambda: [f"/tables/{idle.pk}/", f"/tables/{idle.pk}/hands/", "/"],
        )
    )
    owner_tables = _pks(Table.objects.filter(host=o.user))
    ctx(
        Context(
            "dealer:seat_move",
            "to Kitchen",
            {"pk": idle.pk},
            idle_other,
            data={
                "version": str(idle.version),
                "seat": "1",
                "to_table": str(kitchen.pk),
                "to_seat": "2",
            },
            fields={
                **version,
                **_form_fields(
                    {
                        "seat": Choice(choices=("1", "3")),
                        "to_table": Pick(pks=owner_tables, required=True),
                        "to_seat": Choice(choices=tuple(str(n) for n in range(1, 11))),
                    }
                ),
            },
            form=lambda d: MoveForm(d, table=Table.objects.get(pk=idle.pk), user=o.user),
            follow=lambda: [f"/tables/{idle.pk}/", f"/tables/{kitchen.pk}/hands/"],
        )
    )
    ctx(Context("dealer:seat_move", "form", {"pk": idle.pk}, idle_other, "GET", writes=False))
    ctx(
        Context(
            "dealer:hand_start",
            "between hands",
            {"pk": idle.pk},
            idle_other,
            data={"version": str(idle.version), "straddle": "on"},
            fields={
                **version,
                "straddle": _f(Lenient()),
                "button_straddle": _f(Lenient()),
            },
            form=lambda d: VersionForm(d),
            follow=table_page(idle.pk),
        )
    )

    jackpots = o.tables["Jackpots"]
    ctx(
        Context(
            "dealer:carried_share",
            "a carried jackpot",
            {"pk": jackpots.pk},
            {"pk": x.tables["Jackpots"].pk},
            data={"version": str(jackpots.version)},
            fields={
                "version": _f(
                    Exact(expected=str(Table.objects.get(pk=jackpots.pk).version)),
                    "version",
                    "version",
                )
            },
            form=lambda d: VersionForm(d),
            follow=table_page(jackpots.pk),
        )
    )

    # The hand: a raise at the live table (host or co-dealer), an award at the showdown, undo.
    kitchen_other = {"pk": x.tables["Kitchen"].pk}
    seq = str(Table.objects.get(pk=kitchen.pk).version)
    hand_fields = {
        "version": _f(Exact(expected=seq), "version", "version"),
        "hand": _f(Exact(expected=str(live.number)), "hand", "hand"),
    }
    raise_to = str(legal_actions(live_state).raise_min)
    ctx(
        Context(
            "dealer:act",
            "a raise",
            {"pk": kitchen.pk},
            kitchen_other,
            data={"version": seq, "hand": str(live.number), "kind": "raise", "amount": raise_to},
            fields={
                **hand_fields,
                **_form_fields(
                    {
                        "kind": Choice(choices=tuple(ActionForm.KINDS)),
                        "amount": Int(required=False),
                        "cards": Choice(choices=tuple("012345"), required=False),
                        "split_openers": Bool(),
                        "player": Choice(choices=tuple(str(p) for p in range(23)), required=False),
                    }
                ),
            },
            form=lambda d: ActionForm(d),
            writers=(OWNER, CO_DEALER),
            follow=table_page(kitchen.pk),
        )
    )
    den_seq = str(Table.objects.get(pk=den.pk).version)
    eligible = tuple(str(p) for p in legal.eligible)
    stud = o.tables["Stud"]
    stud_hand = stud.live_hand()
    assert stud_hand is not None
    stud_version = str(Table.objects.get(pk=stud.pk).version)
    ctx(
        Context(
            "dealer:deal",
            "stud: the first up cards",
            {"pk": stud.pk},
            {"pk": x.tables["Stud"].pk},
            data={"version": stud_version, "hand": str(stud_hand.number), "up": ["Kh", "2c"]},
            fields={
                "version": _f(Exact(expected=stud_version), "version", "version"),
                "hand": _f(Exact(expected=str(stud_hand.number)), "hand", "hand"),
                "up": _f(UpCards(players=2)),
                # With the up cards given, naming the first player too is refused.
                "first_actor": _f(Choice(choices=(), required=False)),
            },
            form=lambda d: DealForm(d),
            follow=table_page(stud.pk),
        )
    )
    ctx(
        Context(
            "dealer:show",
            "the showdown: a player's cards",
            {"pk": den.pk},
            {"pk": x.tables["Den"].pk},
            data={
                "version": den_seq,
                "hand": str(showdown.number),
                "kind": "show",
                "player": eligible[0],
                "card": ["As", "Kd"],
            },
            fields={
                "version": _f(Exact(expected=den_seq), "version", "version"),
                "hand": _f(Exact(expected=str(showdown.number)), "hand", "hand"),
                # A board of two cards is refused (the river is dealt: five).
                "kind": _f(Choice(choices=("show",))),
                "player": _f(Choice(choices=eligible)),
                "run": _f(Lenient()),
                "card": _f(ShownCards(count=2)),
            },
            form=lambda d: ShowForm(d),
            follow=table_page(den.pk),
        )
    )
    ctx(
        Context(
            "dealer:award",
            "the showdown",
            {"pk": den.pk},
            {"pk": x.tables["Den"].pk},
            data={
                "version": den_seq,
                "hand": str(showdown.number),
                "pot": str(legal.award_pot),
                "winners": [eligible[0]],
            },
            fields={
                "version": _f(Exact(expected=den_seq), "version", "version"),
                "hand": _f(Exact(expected=str(showdown.number)), "hand", "hand"),
                "pot": _f(Exact(expected=str(legal.award_pot)), "pot"),
                "winners": _f(Many(choices=eligible, most=len(eligible))),
                # Hold'em has no low half: any low winner is refused; "no low" is a flag.
                "low_winners": _f(Choice(choices=(), required=False)),
                "no_low": _f(Lenient()),
                "odd_chip": _f(Lenient()),
            },
            form=lambda d: AwardForm(d),
            follow=table_page(den.pk),
        )
    )
    ctx(
        Context(
            "dealer:undo",
            "the live hand",
            {"pk": kitchen.pk},
            kitchen_other,
            data={"version": seq, "hand": str(live.number)},
            fields=hand_fields,
            form=lambda d: UndoForm(d),
            writers=(OWNER, CO_DEALER),
            follow=table_page(kitchen.pk),
        )
    )
    ctx(
        Context(
            "dealer:co_dealer_add",
            "a new account",
            {"pk": kitchen.pk},
            kitchen_other,
            data={"username": "dora", "password": "long-enough-42"},
            fields=_form_fields(
                {
                    "username": Text(max_length=limits.MAX_USERNAME, pattern=USERNAME),
                    "password": Text(max_length=128, min_length=8),
                }
            ),
            form=lambda d: CoDealerForm(d),
            follow=table_page(kitchen.pk),
        )
    )
    ctx(
        Context(
            "dealer:co_dealer_remove",
            "the co-dealer",
            {"pk": kitchen.pk, "user_pk": world.co_dealer.pk},
            {**kitchen_other, "user_pk": x.user.pk},
            follow=table_page(kitchen.pk),
        )
    )
    ctx(Context("dealer:links_new", "new links", {"pk": idle.pk}, idle_other))
    ctx(Context("dealer:co_dealer_link_new", "a new co-dealer link", {"pk": idle.pk}, idle_other))
    # The co-dealer link: anyone logged in who has it joins (the host changes nothing).
    invite = {"token": kitchen.invite_token()}
    ctx(
        Context(
            "dealer:co_dealer_join",
            "the page",
            invite,
            {"token": x.tables["Kitchen"].invite_token()},
            "GET",
            writes=False,
        )
    )
    ctx(
        Context(
            "dealer:co_dealer_join",
            "join",
            invite,
            {"token": x.tables["Kitchen"].invite_token()},
            writers=(OTHER,),
            role=OTHER,
        )
    )
    return contexts


# --- the side-pot calculator ----------------------------------------------------------------


# --- Poker-Deluxe (seed 001) -----------------------------------------------------------------


def _device_contexts(prefix: str, game: Any, others: Any) -> list[Context]:
    """A logged game's TV and phone pages and their polls (dealer.gamelog.display), by its
    token; the other host's game's token for the access checks."""
    token, other_token = game.display_token, others.display_token
    contexts = []
    for mode in ("display", "phone"):
        contexts += [
            Context(
                f"dealer:{prefix}_{mode}",
                game.name,
                {"token": token},
                {"token": other_token},
                "GET",
                writes=False,
            ),
            Context(
                f"dealer:{prefix}_{mode}_poll",
                game.name,
                {"token": token},
                {"token": other_token},
                "GET",
                data={"v": str(game.version)},
                fields={"v": _f(Lenient())},
                writes=False,
            ),
        ]
    return contexts


def _deluxe(world: World) -> list[Context]:
    o, x = world.owner, world.other
    buying, showdown = o.deluxe["buying"], o.deluxe["showdown"]
    for game in (buying, showdown):
        game.refresh_from_db()
    other = {"pk": x.deluxe["buying"].pk}
    open_sessions = Session.objects.filter(host=o.user, state=Session.State.OPEN)

    def page(pk: int) -> Callable[[], list[str]]:
        return lambda: [
            f"/deluxe/{pk}/",
            f"/deluxe/tv/{DeluxeGame.objects.get(pk=pk).display_token}/",
        ]

    def newest_game() -> list[str]:
        pk = DeluxeGame.objects.order_by("-pk").values_list("pk", flat=True).first()
        return [f"/deluxe/{pk}/", "/tables/new/"]

    contexts: list[Context] = []
    ctx = contexts.append
    for game in (buying, showdown):
        ctx(Context("dealer:deluxe", game.name, {"pk": game.pk}, other, "GET", writes=False))
        contexts += _device_contexts("deluxe", game, x.deluxe["buying"])
    ctx(Context("dealer:deluxe_new", "form", method="GET", writes=False))
    new_data = {
        "name": "Deluxe",
        "cards": "5",
        "rounds": "1",
        "session": "",
        "currency": "SEK",
        "unit_value": "1",
        "player_1": "Ada",
        "age_1": "2",
        "player_2": "Bea",
        "age_2": "1",
        "player_3": "Cid",
        "age_3": "3",
    }
    new_kinds: dict[str, Any] = {
        "name": Text(max_length=limits.MAX_NAME),
        "cards": Choice(choices=("4", "5", "6", "7", "8")),
        "rounds": Int(lo=1, hi=100),
        "currency": Choice(choices=_choices(currency_choices())),
        "unit_value": Amount(lo=Decimal("0.01")),
    }
    rows: dict[str, Field] = {}
    for i in range(1, 7):
        # Rows 1-3 are filled (an age without a name is refused); the ages must number the
        # players from 1 each once, so a changed age is refused by the form, not the kind.
        rows[f"player_{i}"] = _f(
            Text(max_length=limits.MAX_NAME, required=i <= 3), f"player_{i}", "deluxe player"
        )
        rows[f"age_{i}"] = _f(Int(lo=1, hi=6, required=i <= 3), f"age_{i}", "deluxe age")
    new_form = lambda d: DeluxeForm(d, host=o.user)  # noqa: E731
    ctx(
        Context(
            "dealer:deluxe_new",
            "new session",
            data=new_data,
            fields={**_form_fields(new_kinds), **rows},
            writers=ACCOUNTS,
            form=new_form,
            follow=newest_game,
        )
    )
    ctx(
        Context(
            "dealer:deluxe_new",
            "joining a session",
            data={**new_data, "session": str(o.sessions["open"].pk)},
            fields=_form_fields({"session": Pick(pks=_pks(open_sessions))}),
            form=new_form,
            follow=newest_game,
        )
    )
    to_buy = str(buying.state().to_buy)
    version = str(buying.version)
    ctx(
        Context(
            "dealer:deluxe_buy",
            "buying",
            {"pk": buying.pk},
            other,
            data={"version": version, "player": to_buy, "cards": "2"},
            fields=_form_fields(
                {
                    "version": Exact(expected=version),
                    "player": Choice(choices=(to_buy,)),
                    "cards": Choice(choices=("0", "1", "2", "3", "4")),
                }
            ),
            form=lambda d: DeluxeBuyForm(d),
            follow=page(buying.pk),
        )
    )
    shown_version = str(showdown.version)
    show_other = {"pk": x.deluxe["showdown"].pk}
    combos = tuple(c.value for c in showdown.config().variant.combos)
    ctx(
        Context(
            "dealer:deluxe_show",
            "a combination tapped",
            {"pk": showdown.pk},
            show_other,
            data={"version": shown_version, "player": "1", "combo": "Zwei Paare", "cards": ""},
            fields=_form_fields(
                {
                    "version": Exact(expected=shown_version),
                    "player": Choice(choices=("0", "1", "2")),
                    "combo": Choice(choices=combos),
                }
            ),
            form=lambda d: DeluxeShowForm(d),
            follow=page(showdown.pk),
        )
    )
    ctx(
        Context(
            "dealer:deluxe_show",
            "the cards typed",
            {"pk": showdown.pk},
            show_other,
            data={"version": shown_version, "player": "0", "combo": "", "cards": "As Ad Kd 7h 2c"},
            fields=_form_fields({"cards": DeluxeCards(count=5)}),
            form=lambda d: DeluxeShowForm(d),
            follow=page(showdown.pk),
        )
    )
    for name in ("dealer:deluxe_undo", "dealer:deluxe_end"):
        ctx(
            Context(
                name,
                "between deals",
                {"pk": buying.pk},
                other,
                data={"version": version},
                fields=_form_fields({"version": Exact(expected=version)}),
                form=lambda d: GameVersionForm(d),
                follow=page(buying.pk),
            )
        )
    return contexts


# --- seed 003: poker dice, liar's dice, strip poker ------------------------------------------


def _dice(world: World) -> list[Context]:
    o, x = world.owner, world.other
    games = o.dice
    for game in games.values():
        game.refresh_from_db()
    open_sessions = Session.objects.filter(host=o.user, state=Session.State.OPEN)

    def other(label: str) -> dict[str, Any]:
        return {"pk": x.dice[label].pk}

    def page(pk: int) -> Callable[[], list[str]]:
        return lambda: [f"/dice/{pk}/", f"/dice/tv/{DiceGame.objects.get(pk=pk).display_token}/"]

    def newest_game() -> list[str]:
        pk = DiceGame.objects.order_by("-pk").values_list("pk", flat=True).first()
        return [f"/dice/{pk}/", "/"]

    contexts: list[Context] = []
    ctx = contexts.append
    for label, game in games.items():
        ctx(Context("dealer:dice", game.name, {"pk": game.pk}, other(label), "GET", writes=False))
        contexts += _device_contexts("dice", game, x.dice[label])
    ctx(Context("dealer:dice_new", "form", method="GET", writes=False))
    new_data = {
        "name": "Dice",
        "kind": "poker_dice",
        "chips": "20",
        "stake": "2",
        "items": "",
        "session": "",
        "currency": "SEK",
        "chip_value": "1",
        "player_1": "Ada",
        "player_2": "Bea",
        "player_3": "Cid",
    }
    # Three players are filled: any row may be emptied (two players are still seated).
    rows = {
        f"player_{i}": _f(
            Text(max_length=limits.MAX_NAME, required=False), f"player_{i}", "dice player"
        )
        for i in range(1, 11)
    }
    new_form = lambda d: DiceGameForm(d, host=o.user)  # noqa: E731
    ctx(
        Context(
            "dealer:dice_new",
            "poker dice, a new session",
            data=new_data,
            fields={
                **_form_fields(
                    {
                        "name": Text(max_length=limits.MAX_NAME),
                        "kind": Choice(choices=("poker_dice", "liars", "strip")),
                        # The stake must not be more than the chips: 2 to a million.
                        "chips": Int(lo=2, hi=1_000_000),
                        "stake": Int(lo=1, hi=20),
                        "currency": Choice(choices=_choices(currency_choices())),
                        "chip_value": Amount(lo=Decimal("0.01")),
                    }
                ),
                **rows,
            },
            writers=ACCOUNTS,
            form=new_form,
            follow=newest_game,
        )
    )
    ctx(
        Context(
            "dealer:dice_new",
            "liar's dice, joining a session",
            data={**new_data, "kind": "liars", "session": str(o.sessions["open"].pk)},
            fields=_form_fields({"session": Pick(pks=_pks(open_sessions))}),
            form=new_form,
            follow=newest_game,
        )
    )
    ctx(
        Context(
            "dealer:dice_new",
            "strip poker",
            data={**new_data, "kind": "strip", "chips": "", "stake": "", "items": "3"},
            fields=_form_fields(
                {"items": Int(lo=1, hi=20, required=False), "first_out_wins": Bool()}
            ),
            writers=ACCOUNTS,
            form=new_form,
            follow=newest_game,
        )
    )

    def move(name: str, label: str, what: str, form: Any, data: dict[str, str], kinds: Any) -> None:
        game = games[label]
        version = str(game.version)
        ctx(
            Context(
                name,
                what,
                {"pk": game.pk},
                other(label),
                data={"version": version, **data},
                fields=_form_fields({"version": Exact(expected=version), **kinds}),
                form=form,
                follow=page(game.pk),
            )
        )

    move(
        "dealer:dice_show",
        "poker",
        "the first player's dice",
        lambda d: ShowDiceForm(d),
        {"player": "0", "dice": "K K 9 9 A", "hand": "", "rolls": "2"},
        {
            "player": Choice(choices=("0",)),
            "dice": PokerDice(),
            "rolls": Choice(choices=("1", "2", "3")),
        },
    )
    move(
        "dealer:dice_show",
        "poker",
        "the first player's combination",
        lambda d: ShowDiceForm(d),
        {"player": "0", "dice": "", "hand": "PAIR-K", "rolls": "3"},
        {"hand": Choice(choices=HAND_CODES)},
    )
    move(
        "dealer:dice_claim",
        "claiming",
        "a claim",
        lambda d: ClaimForm(d),
        {"player": "0", "hand": "PAIR-A"},
        {"player": Choice(choices=("0",)), "hand": Choice(choices=CLAIM_CODES)},
    )
    move(
        "dealer:dice_accept",
        "answering",
        "accepting",
        lambda d: DicePlayerForm(d),
        {"player": "1"},
        {"player": Choice(choices=("1",))},
    )
    move(
        "dealer:dice_call",
        "answering",
        "calling the bluff",
        lambda d: CallForm(d),
        {"player": "1", "dice": "K K 9 10 J"},
        {"player": Choice(choices=("1",)), "dice": PokerDice()},
    )
    move(
        "dealer:dice_aces",
        "aces",
        "rolling for five aces",
        lambda d: CallForm(d),
        {"player": "1", "dice": "A A A A A"},
        {"player": Choice(choices=("1",)), "dice": PokerDice()},
    )
    move(
        "dealer:dice_lost",
        "strip",
        "a round lost",
        lambda d: DicePlayerForm(d),
        {"player": "2"},
        {"player": Choice(choices=("0", "1", "2"))},
    )
    for name, label in (
        ("dealer:dice_undo", "claiming"),
        ("dealer:dice_end", "claiming"),
        ("dealer:dice_end", "poker"),
        ("dealer:dice_undo", "strip"),
    ):
        move(name, label, label, lambda d: GameVersionForm(d), {}, {})
    ctx(
        Context(
            "dealer:dice_roll",
            "roll for me",
            data={"keep": "K K"},
            fields=_form_fields({"keep": Lenient()}),
            form=lambda d: RollForm(d),
            writes=False,
            writers=ACCOUNTS,
        )
    )
    return contexts


def _calculator() -> list[Context]:
    from dealer.poker.calculator import OptionsForm as CalcOptions
    from dealer.poker.calculator import PlayerForm as CalcPlayer

    rows = {
        "p0-name": "Anna",
        "p0-chips": "100",
        "p1-name": "Bo",
        "p1-chips": "100",
        "p2-name": "Cia",
        "p2-chips": "50",
    }
    data = {
        "rows": "3",
        "step": "payout",
        **rows,
        "unit": "5",
        "chip_values": "5, 25, 100",
        "win-0": ["2"],
        "win-1": ["0"],
    }
    fields: dict[str, Field] = {"rows": _f(Lenient()), "step": _f(Lenient())}
    for i in range(3):
        fields[f"p{i}-name"] = _f(Text(max_length=24, required=False), "name", "row name")
        fields[f"p{i}-chips"] = _f(Int(required=False), "chips", "row chips")
        fields[f"p{i}-folded"] = _f(Bool(), "folded", "row folded")
    fields["win-0"] = _f(Lenient(), family="calculator win")
    fields["win-1"] = _f(Lenient(), family="calculator win")
    options = {
        "unit": _f(Int(lo=1, required=False), "unit"),
        "chip_values": _f(ChipList(max_length=100, required=False), "chip_values"),
    }

    def forms(d: dict[str, Any]) -> dict[str, Any]:
        built = {f"p{i}-": CalcPlayer(d, prefix=f"p{i}") for i in range(3)}
        return {**built, "": CalcOptions(d)}

    raw_rows = {name: _f(spec.kind) for name, spec in fields.items() if name.startswith("p0-")}
    return [
        Context("dealer:calculator", "the sheet", method="GET", writes=False, writers=()),
        Context(
            "dealer:calculator",
            "payouts",
            data=data,
            fields={**fields, **options},
            form=forms,
            writes=False,
            writers=(),
        ),
        # Adding a row reads the typed values raw, into the forms' initial values.
        Context(
            "dealer:calculator",
            "add a row",
            data={**data, "step": "add"},
            fields={**raw_rows, "unit": _f(Lenient()), "chip_values": _f(Lenient())},
            writes=False,
            writers=(),
        ),
    ]


# --- dealer: tournaments --------------------------------------------------------------------


def _clock(world: World) -> list[Context]:
    o, x = world.owner, world.other
    running, waiting_cup = o.tournaments["running"], o.tournaments["waiting"]
    clock, waiting = o.clocks["running"], o.clocks["waiting"]
    clock.refresh_from_db()
    waiting.refresh_from_db()
    structure = quick_structure()
    text = STEPS
    structure_data = {
        "name": "Brand new",
        "chips": "5, 25, 100",
        "starting_stack": str(structure.starting_stack),
        "steps": text,
    }
    structure_kinds = {
        "name": Text(max_length=limits.MAX_NAME),
        "chips": ChipList(),
        "starting_stack": Int(lo=1),
        "steps": Steps(),
    }
    generator = {
        "gen-players": "10",
        "gen-starting_stack": "10000",
        "gen-chips": "25, 100, 500, 1000",
        "gen-hours": "4",
        "gen-level_minutes": "",
        "gen-ante": "none",
    }
    generator_kinds = {
        "players": Int(lo=2, hi=limits.MAX_ENTRIES),
        "starting_stack": Int(lo=1),
        "chips": ChipList(),
        "hours": Amount(lo=Decimal("0.5"), hi=Decimal(24)),
        "level_minutes": Int(lo=1, hi=120, required=False),
        "ante": Choice(choices=("none", "big_blind", "each")),
    }
    template, other_template = o.templates["standard"], x.templates["standard"]

    def clock_pages() -> list[str]:
        from dealer.tournament.models import TournamentClock

        token = TournamentClock.objects.get(tournament=running).display_token
        return [
            f"/tournaments/{running.pk}/remote/",
            f"/tournaments/tv/{token}/",
            f"/tournaments/{running.pk}/clock/",
            f"/tournaments/{running.pk}/",
            f"/tables/{o.tables['Final table'].pk}/",
        ]

    def templates_pages() -> list[str]:
        from dealer.tournament.models import SavedStructure

        newest = SavedStructure.objects.order_by("-updated_at", "-pk").first()
        assert newest is not None
        return [f"/tournaments/structures/{newest.pk}/"]

    contexts = [
        Context("dealer:clock:structures", "the list", method="GET", writes=False),
        Context("dealer:clock:structure_new", "the editor", method="GET", writes=False),
        Context(
            "dealer:clock:structure",
            "Standard",
            {"pk": template.pk},
            {"pk": other_template.pk},
            "GET",
            writes=False,
        ),
    ]
    ctx = contexts.append
    # One view (structure_edit) for both: the fields are swept on the saved template, a new
    # one only differs in its name (a new name saves a new template).
    pk_kwargs, other_kwargs = {"pk": template.pk}, {"pk": other_template.pk}
    ctx(
        Context(
            "dealer:clock:structure_new",
            "save a new one",
            data={**structure_data, "action": "save"},
            fields=_form_fields({"name": Text(max_length=limits.MAX_NAME)}),
            writers=ACCOUNTS,
            form=lambda d: StructureForm(d),
            follow=templates_pages,
        )
    )
    ctx(
        Context(
            "dealer:clock:structure_new",
            "the generator",
            data={**structure_data, **generator, "action": "generate"},
            writes=False,
        )
    )
    ctx(
        Context(
            "dealer:clock:structure",
            "save",
            pk_kwargs,
            other_kwargs,
            data={**structure_data, "name": template.name, "action": "save"},
            fields={**_form_fields(structure_kinds), "action": _f(Lenient())},
            form=lambda d: StructureForm(d),
            follow=templates_pages,
        )
    )
    ctx(
        Context(
            "dealer:clock:structure",
            "the generator",
            pk_kwargs,
            other_kwargs,
            data={**structure_data, **generator, "action": "generate"},
            fields={**_form_fields(generator_kinds, "gen-", "generator"), "name": _f(Lenient())},
            form=lambda d: GeneratorForm(d),
            writes=False,
        )
    )

    pk, other_pk = {"pk": running.pk}, {"pk": x.tournaments["running"].pk}
    ctx(Context("dealer:clock:setup", "the editor", pk, other_pk, "GET", writes=False))
    ctx(Context("dealer:clock:tv_link", "a new TV link", pk, other_pk))
    # (Using a structure needs no name: the name is not stored.)
    use_kinds = {**structure_kinds, "name": Text(max_length=limits.MAX_NAME, required=False)}
    ctx(
        Context(
            "dealer:clock:setup",
            "use",
            pk,
            other_pk,
            data={**structure_data, "action": "use"},
            fields={**_form_fields(use_kinds), "action": _f(Lenient())},
            form=lambda d: StructureForm(d),
            follow=clock_pages,
        )
    )
    ctx(
        Context(
            "dealer:clock:setup",
            "save as a template",
            pk,
            other_pk,
            data={**structure_data, "action": "save_template", "name": "From the clock"},
            fields=_form_fields({"name": Text(max_length=limits.MAX_NAME)}),
            form=lambda d: StructureForm(d),
            follow=templates_pages,
        )
    )
    ctx(
        Context(
            "dealer:clock:setup",
            "load a template",
            pk,
            other_pk,
            data={"action": "load", "template": str(template.pk)},
            fields={"template": _f(Lenient())},
            writes=False,
        )
    )
    ctx(
        Context(
            "dealer:clock:setup",
            "the generator",
            pk,
            other_pk,
            data={**structure_data, **generator, "action": "generate"},
            fields=_form_fields(generator_kinds, "gen-", "generator"),
            form=lambda d: GeneratorForm(d),
            writes=False,
        )
    )

    # The remote and the TV display.
    for name in ("dealer:clock:remote", "dealer:clock:tables"):
        ctx(Context(name, "Running cup", pk, other_pk, "GET", writes=False))
    ctx(
        Context(
            "dealer:clock:remote_poll",
            "Running cup",
            pk,
            other_pk,
            "GET",
            data={"v": "1"},
            fields={"v": _f(Lenient())},
            writes=False,
        )
    )
    tv = {"token": clock.display_token}
    other_tv = {"token": x.clocks["running"].display_token}
    ctx(Context("dealer:clock:tv", "Running cup", tv, other_tv, "GET", writes=False))
    ctx(
        Context(
            "dealer:clock:tv_poll",
            "Running cup",
            tv,
            other_tv,
            "GET",
            data={"v": "1"},
            fields={"v": _f(Lenient())},
            writes=False,
        )
    )
    presses = [
        (action, running, clock) for action in ("pause", "plus", "minus", "next", "previous")
    ]
    presses += [("start", waiting_cup, waiting), ("resume", running, clock)]
    for n, (action, tournament, its_clock) in enumerate(presses):
        # Every press reads the version through the same form: swept on the first only.
        swept = {"version": _f(Exact(expected=str(its_clock.version)), "version", "clock version")}
        ctx(
            Context(
                "dealer:clock:act",
                f"{action} ({tournament.name})",
                {"pk": tournament.pk, "action": action},
                other_pk,
                data={"version": str(its_clock.version)},
                fields=swept if n == 0 else {},
                # Five minutes into level 1: nothing to resume, nothing before it.
                form=lambda d: ClockVersionForm(d),
                writes=action not in {"resume", "previous"},
                follow=clock_pages,
            )
        )

    # The tables: draw, record a big blind, move, break.
    version = {"version": _f(Exact(expected=str(clock.version)), family="clock version")}
    ctx(
        Context(
            "dealer:clock:tables_act",
            "draw",
            {**pk, "action": "draw"},
            other_pk,
            data={"version": str(clock.version), "tables": "2", "seats": "6"},
            fields={
                **version,
                **_form_fields({"tables": Int(lo=1, hi=20), "seats": Int(lo=2, hi=10)}),
            },
            form=lambda d: DrawForm(d),
            follow=clock_pages,
        )
    )
    ctx(
        Context(
            "dealer:clock:tables_act",
            "big blind",
            {**pk, "action": "big_blind"},
            other_pk,
            data={"version": str(clock.version), "table": "0", "seat": "4"},
            fields={
                "table": _f(Int(lo=0, hi=len(clock.tables) - 1)),
                "seat": _f(Int(lo=0, hi=6, required=False)),
            },
            follow=clock_pages,
        )
    )
    # Seat the drawn table at a dealer table (the waiting cup's walk-ins: free to sit).
    waiting_clock = waiting
    ctx(
        Context(
            "dealer:clock:tables_act",
            "open",
            {"pk": waiting_clock.tournament_id, "action": "open"},
            {"pk": x.clocks["waiting"].tournament_id},
            data={"version": str(waiting_clock.version), "table": "0"},
            fields={
                "version": _f(Exact(expected=str(waiting_clock.version)), family="clock version"),
                "table": _f(Int(lo=0, hi=0)),
            },
            follow=lambda: [
                f"/tournaments/{waiting_clock.tournament_id}/tables/",
                f"/tournaments/{waiting_clock.tournament_id}/",
                f"/tables/{Table.objects.order_by('-pk').values_list('pk', flat=True).first()}/",
            ],
        )
    )
    for action in ("move", "break"):
        ctx(
            Context(
                "dealer:clock:tables_act",
                action,
                {**pk, "action": action},
                other_pk,
                data={"version": str(clock.version)},
                follow=clock_pages,
            )
        )
    return contexts


# --- ledger: sessions, players, history -----------------------------------------------------


def _ledger(world: World) -> list[Context]:
    o, x = world.owner, world.other
    night, counting, settled = (o.sessions[k] for k in ("open", "counting", "settled"))
    players = Player.objects.filter(host=o.user)
    hugo, anna = o.players["Hugo"], o.players["Anna"]
    jon, kim = o.players["Jon"], o.players["Kim"]

    def session_page(pk: int) -> Callable[[], list[str]]:
        return lambda: [
            f"/ledger/sessions/{pk}/",
            f"/ledger/sessions/{pk}/print/",
            f"/ledger/sessions/{pk}/players.csv",
            f"/ledger/sessions/{pk}/transfers.csv",
            f"/ledger/sessions/{pk}/codes/",
            f"/pay/{Session.objects.get(pk=pk).pay_token}/",
        ]

    def newest_session() -> list[str]:
        pk = Session.objects.order_by("-pk").values_list("pk", flat=True).first()
        assert pk is not None
        return session_page(pk)()

    def player_pages(pk: int) -> Callable[[], list[str]]:
        return lambda: [f"/ledger/players/{pk}/", "/ledger/players/"]

    def newest_player() -> list[str]:
        pk = Player.objects.order_by("-pk").values_list("pk", flat=True).first()
        assert pk is not None
        return player_pages(pk)()

    contexts = [
        Context("ledger:session_list", "the list", method="GET", writes=False),
        Context("ledger:ledger_home", "to the list", method="GET", writes=False),
        Context("ledger:player_list", "the roster", method="GET", writes=False),
        Context(
            "ledger:history",
            "all time",
            method="GET",
            data={"period": "all"},
            fields={"period": _f(Lenient())},
            writes=False,
        ),
        Context("ledger:history_csv", "all", method="GET", writes=False),
    ]
    ctx = contexts.append
    for key, session in (("open", night), ("counting", counting), ("settled", settled)):
        other = {"pk": x.sessions[key].pk}
        for name in ("ledger:session_detail", "ledger:session_print", "ledger:session_csv",
                     "ledger:transfers_csv", "ledger:session_codes"):  # fmt: skip
            ctx(Context(name, session.name, {"pk": session.pk}, other, "GET", writes=False))
        # The payers' phone link: no login, the token is the key.
        token = {"token": session.pay_token}
        other_token = {"token": x.sessions[key].pay_token}
        ctx(Context("ledger:pay", session.name, token, other_token, "GET", writes=False))
        ctx(
            Context(
                "ledger:pay_player",
                session.name,
                {**token, "player": anna.pk},
                {**other_token, "player": x.players["Anna S"].pk},
                "GET",
                writes=False,
            )
        )
    ctx(
        Context(
            "ledger:session_create",
            "a new night",
            data={
                "name": "Friday",
                "currency": "SEK",
                "stack_money": "200",
                "stack_chips": "200",
                "chip_set": "white 1, red 5, green 25, black 100",
            },
            fields=_form_fields(
                {
                    "name": Text(),
                    "currency": Choice(choices=tuple(settlement.CURRENCIES)),
                    "stack_money": Money(lo_minor=1),
                    "stack_chips": Int(lo=1),
                    "chip_set": ChipSet(),
                }
            ),
            writers=ACCOUNTS,
            form=lambda d: SessionForm(d),
            follow=newest_session,
        )
    )

    open_pk, open_other = {"pk": night.pk}, {"pk": x.sessions["open"].pk}
    buy_in = {
        "player": str(hugo.pk),
        "new_player": "",
        "chips": "200",
        "method": "cash",
        "kind": "buy_in",
    }
    buy_in_form = lambda d: BuyInForm(d, session=night)  # noqa: E731
    ctx(
        Context(
            "ledger:buy_in_add",
            "roster player",
            open_pk,
            open_other,
            data=buy_in,
            fields=_form_fields(
                {
                    "player": Pick(pks=_pks(players)),
                    "chips": Int(lo=1),
                    "method": Choice(choices=("cash", "credit")),
                    "kind": Choice(choices=("buy_in", "rebuy", "top_up")),
                }
            ),
            form=buy_in_form,
            follow=session_page(night.pk),
        )
    )
    ctx(
        Context(
            "ledger:buy_in_add",
            "new player",
            open_pk,
            open_other,
            data={**buy_in, "player": "", "new_player": "Zed"},
            fields=_form_fields({"new_player": Text()}),
            form=buy_in_form,
            follow=session_page(night.pk),
        )
    )
    quiet = o.sessions["quiet"]
    ctx(
        Context(
            "ledger:session_counting",
            "quiet night",
            {"pk": quiet.pk},
            {"pk": x.sessions["quiet"].pk},
            follow=session_page(quiet.pk),
        )
    )
    ctx(
        Context(
            "ledger:session_resume",
            "counting night",
            {"pk": counting.pk},
            {"pk": x.sessions["counting"].pk},
            follow=session_page(counting.pk),
        )
    )

    rows = [row.player for row in counting.statement().rows]
    count_pk, count_other = {"pk": counting.pk}, {"pk": x.sessions["counting"].pk}
    # A recount, one chip less each than the saved count (so the valid request stores it).
    sources = counting.count_sources(rows)
    counted = {f"chips_{p.pk}": str((sources[p.pk].suggestion or 1) - 1) for p in rows}
    count_form = lambda d: CountForm(d, session=counting, players=rows)  # noqa: E731
    ctx(
        Context(
            "ledger:counts_save",
            "totals",
            count_pk,
            count_other,
            data=counted,
            fields={
                name: _f(Int(required=False, hi=limits.MAX_STACK), name, "count total")
                for name in counted
            },
            form=count_form,
            follow=session_page(counting.pk),
        )
    )
    # The first player counted by colour (black 3, green 2: 350 chips), the others in total.
    first = rows[0]
    colours = {f"colour_{first.pk}_{chip.colour}": "" for chip in counting.chips}
    colours[f"colour_{first.pk}_black"] = "3"
    colours[f"colour_{first.pk}_green"] = "2"
    by_colour = {**counted, f"chips_{first.pk}": "", **colours}
    ctx(
        Context(
            "ledger:counts_save",
            "by colour",
            count_pk,
            count_other,
            data=by_colour,
            fields={
                name: _f(Int(hi=limits.MAX_CHIP_COUNT, required=False), name, "count colour")
                for name in colours
            },
            form=count_form,
            follow=session_page(counting.pk),
        )
    )
    bought = Player.objects.filter(buy_ins__session=counting).distinct()
    ctx(
        Context(
            "ledger:policy_set",
            "one player takes it",
            count_pk,
            count_other,
            data={"policy": "player", "player": str(first.pk)},
            fields=_form_fields(
                {
                    "policy": Choice(choices=_choices(Session.Policy.choices[1:])),
                    "player": Pick(pks=_pks(bought), required=True),
                }
            ),
            form=lambda d: PolicyForm(d, session=counting),
            follow=session_page(counting.pk),
        )
    )
    ctx(
        Context(
            "ledger:options_set",
            "open night",
            open_pk,
            open_other,
            data={"banker": str(anna.pk), "through_bank": "on", "cash_step": "10"},
            fields=_form_fields(
                {
                    "banker": Pick(pks=_pks(players)),
                    "through_bank": Bool(),
                    "cash_step": Money(required=False),
                }
            ),
            form=lambda d: OptionsForm(d, session=night),
            follow=session_page(night.pk),
        )
    )
    ctx(
        Context(
            "ledger:session_settle",
            "counting night",
            count_pk,
            count_other,
            follow=session_page(counting.pk),
        )
    )
    settled_pk, settled_other = {"pk": settled.pk}, {"pk": x.sessions["settled"].pk}
    ctx(
        Context(
            "ledger:session_reopen",
            "settled night",
            settled_pk,
            settled_other,
            follow=session_page(settled.pk),
        )
    )
    ctx(
        Context(
            "ledger:transfer_paid",
            "an unpaid transfer",
            {"pk": o.transfers[1].pk},
            {"pk": x.transfers[1].pk},
            data={"paid": "1"},
            fields={"paid": _f(Lenient())},
            follow=session_page(settled.pk),
        )
    )

    # A payer's own Paid mark on the phone link: anyone holding the link may make it.
    by_phone = next(t for t in o.transfers if t.payer_id and t.paid_at is None)
    other_by_phone = next(t for t in x.transfers if t.payer_id and t.paid_at is None)
    ctx(
        Context(
            "ledger:pay_paid",
            "the payer's mark",
            {"token": settled.pay_token, "pk": by_phone.pk},
            {"token": x.sessions["settled"].pay_token, "pk": other_by_phone.pk},
            writers=ROLES,
            follow=lambda: [
                f"/pay/{settled.pay_token}/players/{by_phone.payer_id}/",
                f"/ledger/sessions/{settled.pk}/",
                f"/ledger/sessions/{settled.pk}/codes/",
            ],
        )
    )

    player_kinds = {
        "name": Text(),
        "nickname": Text(max_length=limits.MAX_NICKNAME, required=False),
        "payment_details": Text(max_length=limits.MAX_PAYMENT_DETAILS, required=False),
        "swish": SwishNumber(),
        "iban": Iban(),
        "bic": Bic(),
        "pay_link": PayLink(),
    }
    player_data = {
        "name": "Zed",
        "nickname": "Z",
        "payment_details": "Swish 070 123 45 67",
        "swish": "070-123 45 67",
        "iban": "DE89 3704 0044 0532 0130 00",
        "bic": "COBADEFFXXX",
        "pay_link": "https://pay.example/zed",
    }
    ctx(
        Context(
            "ledger:player_create",
            "a new player",
            data=player_data,
            fields=_form_fields(player_kinds),
            writers=ACCOUNTS,
            form=lambda d: PlayerForm(d, host=o.user),
            follow=newest_player,
        )
    )
    hugo_pk, other_player = {"pk": hugo.pk}, {"pk": x.players["Hugo S"].pk}
    ctx(Context("ledger:player_detail", "Hugo", hugo_pk, other_player, "GET", writes=False))
    ctx(
        Context(
            "ledger:player_edit",
            "Hugo",
            hugo_pk,
            other_player,
            data={**player_data, "name": "Hugo B"},
            fields=_form_fields(player_kinds),
            form=lambda d: PlayerForm(d, instance=hugo, host=o.user),
            follow=player_pages(hugo.pk),
        )
    )
    ctx(
        Context(
            "ledger:player_merge",
            "Kim into Jon",
            {"pk": jon.pk},
            {"pk": x.players["Jon S"].pk},
            data={"other": str(kim.pk)},
            fields=_form_fields(
                {"other": Pick(pks=_pks(players.exclude(pk=jon.pk)), required=True)}
            ),
            form=lambda d: MergeForm(d, player=jon),
            follow=player_pages(jon.pk),
        )
    )
    # Every form of a session's page carries the session's version it shows.
    for context in contexts:
        if context.name in SESSION_PAGE_POSTS:
            pk = context.kwargs["pk"]
            sessions = (
                Session.objects.filter(transfers=pk)
                if context.name == "ledger:transfer_paid"
                else Session.objects.filter(pk=pk)
            )
            shown = str(sessions.values_list("version", flat=True).get())
            context.data = {**context.data, "version": shown}
            context.fields = {
                **context.fields,
                "version": _f(Exact(expected=shown), family="session version"),
            }
    return contexts


SESSION_PAGE_POSTS = {
    "ledger:buy_in_add",
    "ledger:session_counting",
    "ledger:session_resume",
    "ledger:counts_save",
    "ledger:policy_set",
    "ledger:options_set",
    "ledger:session_settle",
    "ledger:session_reopen",
    "ledger:transfer_paid",
}


# --- ledger: tournaments --------------------------------------------------------------------


def _tournaments(world: World) -> list[Context]:
    o, x = world.owner, world.other
    players = Player.objects.filter(host=o.user)
    ts = o.tournaments
    for t in ts.values():
        t.refresh_from_db()
    registering, running, finished, dealt = (
        ts[k] for k in ("registering", "running", "finished", "dealt")
    )
    alive = list(running.alive())
    busted = [
        p
        for p in players
        if running.is_in(p) is False and running.entries.filter(player=p).exists()
    ]
    not_in = [p for p in players if not registering.entries.filter(player=p).exists()]
    sessions = Session.objects.filter(host=o.user).exclude(state=Session.State.SETTLED)

    def pages(t: Any) -> Callable[[], list[str]]:
        urls = [f"/tournaments/{t.pk}/"]
        if hasattr(t, "clock"):
            urls += [f"/tournaments/{t.pk}/remote/", f"/tournaments/tv/{t.clock.display_token}/"]
        if t.session_id:
            urls.append(f"/ledger/sessions/{t.session_id}/")
        return lambda: urls

    def newest() -> list[str]:
        from ledger.models import Tournament

        newest = Tournament.objects.order_by("-pk").first()
        assert newest is not None
        return pages(newest)()

    # Every tournament page reads its version (`_fresh`) and its level (`_level`) with the
    # same helper: the first view gets every value, the others the worst few.
    def version(t: Any) -> dict[str, Field]:
        return {"version": _f(PageVersion(expected=t.version), family="page version")}

    def level() -> dict[str, Field]:
        return {"level": _f(Lenient(), family="page level")}

    contexts = [
        Context(
            "ledger:tournament_list",
            "the list",
            method="GET",
            data={"session": str(o.sessions["open"].pk)},
            fields={"session": _f(Lenient())},
            writes=False,
        )
    ]
    ctx = contexts.append
    # The addresses from before /tournaments/ redirect there.
    ctx(
        Context(
            "ledger:tournament_list_moved",
            "the list",
            method="GET",
            data={"session": str(o.sessions["open"].pk)},
            fields={"session": _f(Lenient())},
            writes=False,
            writers=(),
        )
    )
    ctx(
        Context(
            "ledger:tournament_detail_moved",
            ts["running"].name,
            {"pk": ts["running"].pk},
            {"pk": x.tournaments["running"].pk},
            "GET",
            writes=False,
            writers=(),
        )
    )
    for key in ("registering", "waiting", "running", "finished", "dealt"):
        ctx(
            Context(
                "ledger:tournament_detail",
                ts[key].name,
                {"pk": ts[key].pk},
                {"pk": x.tournaments[key].pk},
                "GET",
                writes=False,
            )
        )

    create = {
        "name": "Sunday cup",
        "session": "",
        "currency": "SEK",
        "buy_in": "200",
        "fee": "20",
        "starting_chips": "10000",
        "late_until_level": "4",
        "re_entry": "on",
        "rebuy_until_level": "3",
        "rebuy_price": "200",
        "rebuy_chips": "10000",
        "add_on_level": "4",
        "add_on_price": "100",
        "add_on_chips": "5000",
        "payout_unit": "10",
    }
    levels = Int(hi=limits.MAX_LEVEL)
    ctx(
        Context(
            "ledger:tournament_create",
            "a new tournament",
            data=create,
            fields=_form_fields(
                {
                    "name": Text(),
                    "session": Pick(pks=_pks(sessions)),
                    "currency": Choice(choices=tuple(settlement.CURRENCIES)),
                    "buy_in": Money(lo_minor=1),
                    "fee": Money(),
                    "starting_chips": Int(lo=1),
                    "late_until_level": levels,
                    "re_entry": Bool(),
                    "rebuy_until_level": levels,
                    "rebuy_price": Money(required=False),
                    "rebuy_chips": Int(required=False),
                    "add_on_level": levels,
                    "add_on_price": Money(required=False),
                    "add_on_chips": Int(required=False),
                    "payout_unit": Money(required=False),
                }
            ),
            writers=ACCOUNTS,
            form=lambda d: TournamentForm(d, host=o.user),
            follow=newest,
        )
    )

    def key_pks(key: str) -> tuple[dict[str, int], dict[str, int]]:
        return {"pk": ts[key].pk}, {"pk": x.tournaments[key].pk}

    pk, other = key_pks("registering")
    ctx(
        Context(
            "ledger:tournament_level",
            "set by hand",
            pk,
            other,
            data={"level": "3"},
            fields=level(),
            writes=False,
        )
    )
    ctx(
        Context(
            "ledger:tournament_level",
            "set by hand, after the start",
            *key_pks("dealt"),
            data={"level": "3"},
            fields=level(),
            writes=False,
        )
    )
    register = {
        "version": str(registering.version),
        "player": str(not_in[0].pk),
        "new_player": "",
        "method": "cash",
        "level": "0",
    }
    register_form = lambda d: RegisterForm(d, host=o.user)  # noqa: E731
    ctx(
        Context(
            "ledger:tournament_register",
            "roster player",
            pk,
            other,
            data=register,
            fields={
                **version(registering),
                **level(),
                **_form_fields(
                    {
                        "player": Pick(pks=_pks(players)),
                        "method": Choice(choices=("cash", "credit")),
                    }
                ),
            },
            form=register_form,
            follow=pages(registering),
        )
    )
    ctx(
        Context(
            "ledger:tournament_register",
            "new player",
            pk,
            other,
            data={**register, "player": "", "new_player": "Zed"},
            fields=_form_fields({"new_player": Text()}),
            form=register_form,
            follow=pages(registering),
        )
    )
    ctx(
        Context(
            "ledger:tournament_start",
            "registering",
            pk,
            other,
            data={"version": str(registering.version)},
            fields=version(registering),
            follow=pages(registering),
        )
    )

    pk, other = key_pks("running")
    entries = [("rebuy", alive[0]), ("add_on", alive[0]), ("re_entry", busted[0])]
    for n, (kind, player) in enumerate(entries):
        # The three kinds read the same fields the same way: swept on the rebuy. (The level
        # is the clock's: a posted one is not read.)
        ctx(
            Context(
                "ledger:tournament_entry",
                f"{kind} for {player.name}",
                {**pk, "player_pk": player.pk, "kind": kind},
                {**other, "player_pk": x.players["Anna S"].pk},
                data={"version": str(running.version), "method": "credit", "level": "1"},
                fields={**version(running), **level(), "method": _f(Lenient())} if n == 0 else {},
                follow=pages(running),
            )
        )
    out = alive[-2:]
    stacks = {f"stack_{p.pk}": str(1000 + 500 * n) for n, p in enumerate(out)}
    ctx(
        Context(
            "ledger:tournament_bust",
            "two out on one hand",
            pk,
            other,
            data={"version": str(running.version), "out": [str(p.pk) for p in out], **stacks},
            fields={
                **version(running),
                "out": _f(Many(choices=tuple(str(p.pk) for p in alive), most=len(alive) - 1)),
                **{
                    name: _f(Int(lo=1, hi=limits.MAX_STACK), family="bust stack") for name in stacks
                },
            },
            follow=pages(running),
        )
    )
    ctx(
        Context(
            "ledger:tournament_undo",
            "the last bust-out",
            pk,
            other,
            data={"version": str(running.version)},
            fields=version(running),
            follow=pages(running),
        )
    )
    ctx(
        Context(
            "ledger:tournament_payouts",
            "the payout table",
            pk,
            other,
            data={
                "version": str(running.version),
                "table": prizes.table_text(prizes.DEFAULT_TABLE),
                "payout_unit": "10",
            },
            fields={
                **version(running),
                **_form_fields({"table": PayoutTable(), "payout_unit": Money(required=False)}),
            },
            form=lambda d: PayoutTableForm(d, currency=running.currency),
            follow=pages(running),
        )
    )
    deal_stacks = {f"stack_{p.pk}": str(2000 + 100 * n) for n, p in enumerate(alive)}
    ctx(
        Context(
            "ledger:tournament_deal",
            "ICM",
            pk,
            other,
            data={"version": str(running.version), "accept": "icm", **deal_stacks},
            fields={
                **version(running),
                "accept": _f(Lenient()),
                **{
                    name: _f(Int(lo=1, hi=limits.MAX_STACK), family="deal stack")
                    for name in deal_stacks
                },
            },
            follow=pages(running),
        )
    )
    counting = o.sessions["counting"]
    ctx(
        Context(
            "ledger:tournament_session",
            "into the counting night",
            pk,
            other,
            data={"version": str(running.version), "session": str(counting.pk)},
            fields={**version(running), "session": _f(Lenient())},
            follow=pages(running),
        )
    )
    pk, other = key_pks("dealt")
    ctx(
        Context(
            "ledger:tournament_deal_cancel",
            "the deal",
            pk,
            other,
            data={"version": str(dealt.version)},
            fields=version(dealt),
            follow=pages(dealt),
        )
    )
    pk, other = key_pks("finished")
    ctx(
        Context(
            "ledger:tournament_undo",
            "the winner",
            pk,
            other,
            data={"version": str(finished.version)},
            fields=version(finished),
            follow=pages(finished),
        )
    )
    return contexts


# --- accounts and languages -----------------------------------------------------------------


def _accounts(world: World) -> list[Context]:
    return [
        Context("home", "the front page", method="GET", writes=False, writers=()),
        Context("manifest", "the manifest", method="GET", writes=False, writers=()),
        Context("favicon", "the icon", method="GET", writes=False, writers=()),
        Context("login", "the form", method="GET", writes=False, writers=()),
        # Logging in stores the last login: anyone who knows the password may.
        Context(
            "login",
            "the host's password",
            data={"username": "hanna", "password": PASSWORD},
            fields={
                "username": _f(Exact(expected="hanna")),
                "password": _f(Exact(expected=PASSWORD)),
            },
            writers=ROLES,
            role=ANONYMOUS,
        ),
        Context("logout", "log out", writes=False, writers=()),
        Context("password_change", "the form", method="GET", writes=False, writers=()),
        # A new password for the host (the other accounts' own passwords are theirs).
        Context(
            "password_change",
            "a new password",
            data={
                "old_password": PASSWORD,
                "new_password1": "a-new-one-for-43",
                "new_password2": "a-new-one-for-43",
            },
            fields={
                "old_password": _f(Exact(expected=PASSWORD)),
                "new_password1": _f(Exact(expected="a-new-one-for-43")),
                "new_password2": _f(Exact(expected="a-new-one-for-43")),
            },
            # Every account may change its own password (the world's accounts share one).
            writers=(OWNER, OTHER, CO_DEALER),
        ),
        # There are accounts already: setup refuses to make another.
        Context("setup", "the form", method="GET", writes=False, writers=()),
        # (Its form is never read while an account exists: no field sweep.)
        Context(
            "setup",
            "another first account",
            data={"username": "eve", "password1": "long-enough-42", "password2": "long-enough-42"},
            writes=False,
            writers=(),
            role=ANONYMOUS,
        ),
        Context(
            "set_language",
            "Swedish",
            data={"language": "sv", "next": "/"},
            fields={"language": _f(Lenient()), "next": _f(Lenient())},
            writes=False,
            writers=(),
        ),
    ]


def contexts(world: World) -> list[Context]:
    """Every valid request the walker starts from."""
    return [
        *_accounts(world),
        *_dealer(world),
        *_deluxe(world),
        *_dice(world),
        *_calculator(),
        *_clock(world),
        *_ledger(world),
        *_tournaments(world),
    ]
