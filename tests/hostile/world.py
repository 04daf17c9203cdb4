"""A realistic database for the hostile-input walker: two hosts, each with players, sessions in
every state, tables with seats and hands, tournaments with clocks and saved structures, and a
co-dealer of one of the first host's tables.

Everything is made with the apps' own model methods (the way the views make it), so the rows
are the rows a real night leaves behind. `build()` returns a `World`: the users and the ids the
walker puts into URLs and form fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from dealer.deluxe.models import DeluxeGame
from dealer.dice.models import DiceGame
from dealer.engine import Call, Check, DealStreet, Fold, Phase, legal_actions
from dealer.engine import clock as clock_engine
from dealer.engine.deluxe import SEED_CHIP_SET, Buy, Show
from dealer.engine.dice import Accept, Claim, Lost
from dealer.engine.dice import Call as DiceCall
from dealer.engine.dice import Hand as DiceHand
from dealer.engine.structure import Break, Level, TournamentStructure, structure_to_dict
from dealer.poker.models import Hand, Seat, Table
from dealer.tournament.models import SavedStructure, TournamentClock
from ledger.models import Player, Session, Tournament

PASSWORD = "kitchen-table-42"
CHIPS = [
    {"colour": "white", "value": 5, "count": 100},
    {"colour": "red", "value": 25, "count": 100},
    {"colour": "green", "value": 100, "count": 100},
]
STEPS = "10/20 20 min\n20/40 20 min\nbreak 10 min colour-up 5\n50/100 20 min\n100/200 20 min"


def quick_structure(minutes: int = 20) -> TournamentStructure:
    """Four levels and a break with a colour-up: the structure every clock here plays."""
    seconds = minutes * 60
    return TournamentStructure(
        chips=(5, 25, 100),
        starting_stack=1500,
        steps=(
            Level(small_blind=10, big_blind=20, seconds=seconds),
            Level(small_blind=20, big_blind=40, seconds=seconds),
            Break(seconds=600, colour_up=(5,)),
            Level(small_blind=50, big_blind=100, seconds=seconds),
            Level(small_blind=100, big_blind=200, seconds=seconds),
        ),
    )


@dataclass
class Host:
    """One host's rows, by what the walker needs them for."""

    user: Any
    players: dict[str, Player] = field(default_factory=dict)
    sessions: dict[str, Session] = field(default_factory=dict)
    tables: dict[str, Table] = field(default_factory=dict)
    tournaments: dict[str, Tournament] = field(default_factory=dict)
    clocks: dict[str, TournamentClock] = field(default_factory=dict)
    templates: dict[str, SavedStructure] = field(default_factory=dict)
    transfers: list[Any] = field(default_factory=list)
    deluxe: dict[str, DeluxeGame] = field(default_factory=dict)
    dice: dict[str, DiceGame] = field(default_factory=dict)


@dataclass
class World:
    owner: Host
    other: Host
    co_dealer: Any
    # The largest id of any row: ids above it (plus a margin) exist nowhere.
    max_id: int = 0


# --- helpers --------------------------------------------------------------------------------


def _player(host: Host, name: str) -> Player:
    player = Player.objects.create(host=host.user, name=name)
    host.players[name] = player
    return player


def _table(host: Host, name: str, session: Session, seated: list[str], **fields: Any) -> Table:
    table = Table.objects.create(
        host=host.user, session=session, name=name, max_seats=6, chips=CHIPS, **fields
    )
    for number, player_name in enumerate(seated, start=1):
        player = host.players[player_name]
        if table.clock_id is None:
            session.buy_in(player, 1000, by=host.user)
        Seat.objects.create(
            table=table, number=number * 2 - 1, player=player, stack=1000, is_new=False
        )
    host.tables[name] = table
    return table


def _act(hand: Hand, kind: str, by: Any) -> None:
    """One tap of the dealer: fold, check, call or deal (whoever is to act)."""
    builders = {
        "fold": lambda s: Fold(s.to_act),
        "check": lambda s: Check(s.to_act),
        "call": lambda s: Call(s.to_act),
        "deal": lambda s: DealStreet(),
    }
    hand.append(builders[kind], version=hand.table.version, by=by)


def _to_showdown(hand: Hand, by: Any) -> None:
    while (state := hand.state()).phase is not Phase.SHOWDOWN:
        legal = legal_actions(state)
        kind = "deal" if state.phase is Phase.DEAL else ("check" if legal.check else "call")
        _act(hand, kind, by)


def _start(table: Table, by: Any) -> Hand:
    table.refresh_from_db()
    return table.start_hand(version=table.version, by=by)


def _award_all(hand: Hand, by: Any) -> None:
    """Award every pot to its first eligible player: the hand is finished."""
    from dealer.engine import Award

    while (legal := legal_actions(hand.state())).award_pot is not None:
        pot, winner = legal.award_pot, legal.eligible[0]
        hand.append(Award(pot, (winner,)), version=hand.table.version, by=by)


def _clock(host: Host, name: str, tournament: Tournament, *, started: bool) -> TournamentClock:
    # Levels of ten hours: however long the walk takes, level 1 is being played (the rebuy
    # and add-on windows depend on it).
    clock = TournamentClock.objects.create(
        tournament=tournament, data=structure_to_dict(quick_structure(minutes=600))
    )
    if started:
        # Started five minutes ago: level 1 is being played.
        now = timezone.now() - timedelta(minutes=5)
        clock.set_state(clock_engine.start(clock.state, clock.structure, now))
        clock.save()
    host.clocks[name] = clock
    return clock


# --- one host's night -----------------------------------------------------------------------


def _sessions(host: Host) -> None:
    user = host.user
    # Jon and Kim sit nowhere and enter no tournament: the roster entries to merge.
    for name in ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gus", "Hugo", "Ida", "Jon", "Kim"):
        _player(host, f"{name}{'' if host.user.username == 'hanna' else ' S'}")
    names = list(host.players)
    # An open night: the live tables' session (buy-ins come from the seats).
    host.sessions["open"] = Session.objects.create(
        host=user, name="Open night", currency="SEK", rate_minor=100, rate_chips=1
    )
    # A quiet open night without tables (nothing in progress): the one to start counting.
    quiet = Session.objects.create(
        host=user, name="Quiet night", currency="SEK", rate_minor=100, rate_chips=1
    )
    quiet.buy_in(host.players[names[0]], 100, by=user)
    host.sessions["quiet"] = quiet
    # Counting: three bought in 200 each, counted so the chips add up (it can be settled).
    counting = Session.objects.create(
        host=user, name="Counting night", currency="SEK", rate_minor=20000, rate_chips=200
    )
    for player_name, counted in zip(names[:3], (350, 100, 150), strict=True):
        counting.buy_in(host.players[player_name], 200, by=user)
        counting.cash_out(host.players[player_name], counted, by=user, final=True)
    counting.start_counting(by=user)
    host.sessions["counting"] = counting
    # Settled, with transfers (one of them paid).
    settled = Session.objects.create(
        host=user, name="Settled night", currency="SEK", rate_minor=20000, rate_chips=200
    )
    # The second player bought on credit: they pay a player (the payers' phone link), the
    # others are paid by the bank. The first has payment details (a Swish code, a link).
    Player.objects.filter(pk=host.players[names[0]].pk).update(
        swish="0701234567", pay_link="https://pay.example/anna"
    )
    for player_name, counted in zip(names[:4], (500, 50, 150, 100), strict=True):
        method = "credit" if player_name == names[1] else "cash"
        settled.buy_in(host.players[player_name], 200, by=user, method=method)
        settled.cash_out(host.players[player_name], counted, by=user)
    settled.start_counting(by=user)
    settled.settle(by=user)
    # The bank's transfers first (the first is marked paid), then the credit player's.
    host.transfers = sorted(settled.transfers.all(), key=lambda t: (t.payer_id is not None, t.pk))
    host.transfers[0].mark_paid(by=user)
    host.sessions["settled"] = settled


def _tables(host: Host) -> None:
    user = host.user
    names = list(host.players)
    night = host.sessions["open"]
    # A live hand at preflop, after a finished first hand.
    kitchen = _table(host, "Kitchen", night, names[0:3])
    first = _start(kitchen, user)
    _act(first, "fold", user)
    _act(first, "fold", user)
    _award_all(first, user)
    live = _start(kitchen, user)
    _act(live, "call", user)
    # A hand at the showdown: the next tap awards the pot.
    den = _table(host, "Den", night, names[3:5])
    _to_showdown(_start(den, user), user)
    # Between hands: seats to fill, chips to add, a player to leave, the next hand to deal;
    # with a buy-in range (every buy-in, rebuy and top-up is checked against it) and straddles.
    _table(
        host,
        "Idle",
        night,
        names[5:7],
        min_buy_in=100,
        max_buy_in=1_000_000,
        straddles_allowed=True,
        options={"post_dead_small_to_enter": True, "pot_rounding": "small_blind"},
    )
    # Five-card stud, the hand started: the dealer enters the first up cards next.
    stud_pair = [_player(host, f"{host.user.username} stud {n}").name for n in (1, 2)]
    stud = _table(
        host,
        "Stud",
        night,
        stud_pair,
        game=Table.Game.STUD5,
        small_blind=10,
        big_blind=20,
        small_bet=10,
        big_bet=20,
        bring_in=5,
    )
    _start(stud, user)
    # Mörkpoker jackpots in a night of their own: nobody opened, the pot is carried.
    jackpot_night = Session.objects.create(
        host=user, name="Jackpot night", currency="SEK", rate_minor=100, rate_chips=1
    )
    host.sessions["jackpot"] = jackpot_night
    pair = [_player(host, f"{host.user.username} jackpot {n}").name for n in (1, 2)]
    jackpots = _table(
        host,
        "Jackpots",
        jackpot_night,
        pair,
        game=Table.Game.DRAW5,
        small_blind=5,
        big_blind=10,
        max_bet=20,
        draw_mode=Table.DrawMode.JACKPOTS,
        open_min=10,
    )
    passed_out = _start(jackpots, user)
    _act(passed_out, "check", user)
    _act(passed_out, "check", user)


def _tournaments(host: Host) -> None:
    user = host.user
    names = list(host.players)
    money = {"buy_in": 20000, "fee": 2000, "starting_chips": 1500, "payout_unit": 1000}
    windows = {
        "re_entry": True,
        "late_until_level": 2,
        "rebuy_until_level": 3,
        "rebuy_price": 20000,
        "rebuy_chips": 1500,
        "add_on_level": 1,
        "add_on_price": 10000,
        "add_on_chips": 3000,
    }
    registering = Tournament.objects.create(host=user, name="Registering cup", **money, **windows)
    for name in names[:2]:
        registering.register(host.players[name], by=user)
    host.tournaments["registering"] = registering
    # A clock that has not started yet (the registering cup has none: its level is set by
    # hand on its page).
    waiting = Tournament.objects.create(host=user, name="Waiting cup", **money)
    host.tournaments["waiting"] = waiting
    waiting_clock = _clock(host, "waiting", waiting, started=False)
    # Two walk-ins, at no table yet, drawn to the waiting cup's table: seating them at a dealer
    # table (one tap) is a real change.
    walk_ins = [Player.objects.create(host=user, name=f"Walk-in {n}") for n in (1, 2)]
    for player in walk_ins:
        waiting.register(player, by=user)
    waiting_clock.tables = [
        {
            "name": "Table 1",
            "max_seats": 6,
            "big_blind": None,
            "seats": {str(n): p.pk for n, p in enumerate(walk_ins, start=1)},
        }
    ]
    waiting_clock.save()

    running = Tournament.objects.create(host=user, name="Running cup", **money, **windows)
    for name in names[:5] + names[7:9]:
        running.register(host.players[name], by=user)
    running.start(by=user)
    running.bust({host.players[names[4]]: None}, by=user)
    host.tournaments["running"] = running
    clock = _clock(host, "running", running, started=True)
    alive = [p.pk for p in running.alive()]
    clock.tables = [
        {
            "name": "Table 1",
            "max_seats": 6,
            "big_blind": 3,
            "seats": {str(n + 1): pk for n, pk in enumerate(alive[:4])},
        },
        {
            "name": "Table 2",
            "max_seats": 6,
            "big_blind": None,
            # Four and one: the move suggested is real.
            "seats": {str(n + 1): pk for n, pk in enumerate(alive[4:5])},
        },
    ]
    clock.save()
    # A tournament table, dealt from the clock's level (a player sits at one table at a time:
    # the two still in who are not at a cash table).
    tournament_table = _table(host, "Final table", host.sessions["open"], [], clock=clock)
    free = [host.players[name].pk for name in names[7:9]]
    for number, pk in enumerate(free, start=1):
        Seat.objects.create(
            table=tournament_table, number=number, player_id=pk, stack=1500, is_new=False
        )

    finished = Tournament.objects.create(host=user, name="Finished cup", **money)
    for name in names[5:7]:
        finished.register(host.players[name], by=user)
    finished.start(by=user)
    finished.bust({host.players[names[6]]: None}, by=user)
    host.tournaments["finished"] = finished

    # Finished by a deal: the deal can be cancelled.
    dealt = Tournament.objects.create(host=user, name="Deal cup", **money)
    for name in names[:3]:
        dealt.register(host.players[name], by=user)
    dealt.start(by=user)
    alive = list(dealt.alive())
    options = dealt.deal_options({p: 1500 for p in alive})
    dealt.make_deal({p: options["icm"][p.pk] for p in alive}, by=user)
    host.tournaments["dealt"] = dealt

    host.templates["standard"] = SavedStructure.objects.create(
        host=user, name="Standard", data=structure_to_dict(quick_structure())
    )
    host.templates["spare"] = SavedStructure.objects.create(
        host=user, name="Spare", data=structure_to_dict(quick_structure())
    )


def _deluxe(host: Host) -> None:
    """Poker-Deluxe in a night of its own: one game buying after a settled deal (undo and end
    are open), one at the settlement (everyone bought one card, nobody shown yet)."""
    user = host.user
    night = Session.objects.create(
        host=user, name="Deluxe night", currency="SEK", rate_minor=100, rate_chips=1
    )
    host.sessions["deluxe"] = night
    chip_set = [{"colour": c.colour, "value": c.value, "count": c.count} for c in SEED_CHIP_SET]
    for label, settled in (("buying", True), ("showdown", False)):
        players = [_player(host, f"{user.username} deluxe {label} {n}") for n in (1, 2, 3)]
        game = DeluxeGame.objects.create(
            host=user,
            session=night,
            name=f"Deluxe {label}",
            cards=5,
            players=[p.pk for p in players],
            youngest_first=[0, 1, 2],
            rounds=2,
            chip_set=chip_set,
        )
        for player in players:
            night.buy_in(player, 75, by=user)
        for _ in players:
            game.append(Buy(game.state().to_buy, 1), version=game.version, by=user)
        if settled:
            for p, combo in enumerate(("Ein Paar", "Zwei Paare", "Naturell")):
                game.append(Show(p, combo=combo), version=game.version, by=user)
        host.deluxe[label] = game


def _dice(host: Host) -> None:
    """Seed 003's games in a night of their own: poker dice before anyone rolled (its first
    player sets the rolls; the game can end), liar's dice claiming after a settled round (undo
    and end are open), answering a claim, and rolling for accepted five aces; strip poker with
    one round lost."""
    user = host.user
    night = Session.objects.create(
        host=user, name="Dice night", currency="SEK", rate_minor=100, rate_chips=1
    )
    host.sessions["dice"] = night

    def game(label: str, kind: str, **fields: Any) -> DiceGame:
        players = [_player(host, f"{user.username} dice {label} {n}") for n in (1, 2, 3)]
        made = DiceGame.objects.create(
            host=user, kind=kind, name=f"Dice {label}", players=[p.pk for p in players], **fields
        )
        if made.session is not None:
            for player in players:
                night.buy_in(player, made.chips, by=user)
        host.dice[label] = made
        return made

    def play(made: DiceGame, *actions: Any) -> None:
        for action in actions:
            made.append(action, version=made.version, by=user)

    money = {"session": night, "chips": 10, "stake": 2}
    game("poker", "poker_dice", **money)
    claiming = game("claiming", "liars", **money)
    play(claiming, Claim(0, DiceHand.of("PAIR", "K")), DiceCall(1, "9 10 J Q A"))
    answering = game("answering", "liars", **money)
    play(answering, Claim(0, DiceHand.of("PAIR", "K")))
    aces = game("aces", "liars", **money)
    play(aces, Claim(0, DiceHand.of("FIVE_OF_A_KIND", "A")), Accept(1))
    play(game("strip", "strip", items=5), Lost(1))


def _host(username: str) -> Host:
    user = get_user_model().objects.create_user(username=username, password=PASSWORD)
    host = Host(user=user)
    _sessions(host)
    _tables(host)
    _tournaments(host)
    _deluxe(host)
    _dice(host)
    return host


def build() -> World:
    """The whole world, in the database of the current connection."""
    owner = _host("hanna")
    other = _host("sven")
    co_dealer = get_user_model().objects.create_user(username="cody", password=PASSWORD)
    owner.tables["Kitchen"].co_dealers.add(co_dealer)
    world = World(owner=owner, other=other, co_dealer=co_dealer)
    from django.apps import apps

    world.max_id = max(
        (model._base_manager.order_by("-pk").values_list("pk", flat=True).first() or 0)
        for model in apps.get_models()
        if model._meta.pk.get_internal_type() in {"AutoField", "BigAutoField"}
    )
    return world
