"""The ledger's models: statements, policies, settling, carrying debts, merging players."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from ledger.models import BANK, BuyIn, CashOut, Player, Result, Session, SessionEvent, Transfer

pytestmark = pytest.mark.django_db


def get(session: Session, name: str) -> Player:
    return Player.objects.get(host=session.host, name=name)


def count(session: Session, **chips: int) -> None:
    for name, n in chips.items():
        session.cash_out(get(session, name), n, final=True)


def test_results_sum_to_zero_and_the_bank_pays_out_the_cash(night: Session) -> None:
    count(night, Anna=350, Bo=150, Cecilia=100)

    st = night.statement()

    results = {r.player.name: r.result for r in st.rows}
    assert results == {"Anna": 15000, "Bo": -5000, "Cecilia": -10000}
    assert st.cash_held == 60000
    # Everyone paid cash, so the bank pays each player their chips' value.
    assert st.balances == {get(night, "Anna").pk: 35000, get(night, "Bo").pk: 15000,
                           get(night, "Cecilia").pk: 10000, BANK: -60000}  # fmt: skip
    assert len(st.transfers) == 3


def test_credit_buy_ins_are_settled_between_players(host: object) -> None:
    session = Session.objects.create(host=host, name="Credit", rate_minor=100, rate_chips=1)
    for name in "ABCDE":
        Player.objects.create(host=host, name=name)
    for name, bought, out in [("A", 10, 19), ("B", 10, 18), ("C", 10, 2), ("D", 10, 3),
                              ("E", 10, 8)]:  # fmt: skip
        session.buy_in(get(session, name), bought, method="credit")
        session.cash_out(get(session, name), out)

    st = session.statement()

    assert {st.name(k): v for k, v in st.balances.items()} == {
        "A": 900, "B": 800, "C": -800, "D": -700, "E": -200
    }  # fmt: skip
    assert len(st.transfers) == 3


def test_odd_rates_round_once_and_never_lose_a_cent(host: object) -> None:
    # 100 kr for 300 chips: a chip is 33⅓ öre.
    session = Session.objects.create(host=host, name="Odd", rate_minor=10000, rate_chips=300)
    for name, out in [("A", 301), ("B", 301), ("C", 298)]:
        p = Player.objects.create(host=host, name=name)
        session.buy_in(p, 300, method="credit")
        session.cash_out(p, out)

    st = session.statement()

    assert sum(r.result for r in st.rows) == 0
    # 33⅓ + 33⅓ − 66⅔: the largest remainder (by name on a tie) gets the extra öre.
    assert [r.result for r in st.rows] == [34, 33, -67]


def test_a_shortfall_needs_a_policy_before_settling(night: Session, host: object) -> None:
    count(night, Anna=300, Bo=150, Cecilia=100)  # 50 chips missing

    st = night.statement()
    assert st.needs_policy
    assert st.difference_chips == -50
    assert st.difference_money == -5000
    night.start_counting(by=host)
    with pytest.raises(ValidationError, match="differ by -50"):
        night.settle(by=host)
    assert not Transfer.objects.exists()
    assert Session.objects.get(pk=night.pk).state == "counting"


@pytest.mark.parametrize(
    ("policy", "expected"),
    [
        # Missing chips: money is left in the bank. Who gets it?
        ("winners", {"Anna": 15000, "Bo": -5000, "Cecilia": -10000}),  # Anna won 100 chips
        ("everyone", {"Anna": 11667, "Bo": -3333, "Cecilia": -8334}),  # ties by name
        ("player", {"Anna": 10000, "Bo": 0, "Cecilia": -10000}),
        ("host", {"Anna": 10000, "Bo": -5000, "Cecilia": -10000}),
    ],
)
def test_policies_spread_the_difference(
    night: Session, host: object, policy: str, expected: dict[str, int]
) -> None:
    count(night, Anna=300, Bo=150, Cecilia=100)
    night.decide(policy, by=host, player=get(night, "Bo") if policy == "player" else None)

    st = night.statement()

    assert {r.player.name: r.result for r in st.rows} == expected
    assert sum(r.result for r in st.rows) + st.bank_result == 0
    assert sum(st.balances.values()) == 0
    event = night.events.get(kind=SessionEvent.Kind.POLICY)
    assert event.by == host
    assert night.policy_by == host and night.policy_at is not None


def test_settling_locks_the_session_and_reopening_leaves_an_audit_entry(
    night: Session, host: object
) -> None:
    count(night, Anna=350, Bo=150, Cecilia=100)
    night.start_counting(by=host)
    night.settle(by=host)

    assert night.state == "settled"
    assert Result.objects.filter(session=night).count() == 3
    with pytest.raises(ValidationError, match="settled"):
        night.buy_in(get(night, "Anna"), 100)
    with pytest.raises(ValidationError, match="settled"):
        night.cash_out(get(night, "Anna"), 100)

    night.reopen(by=host)

    assert night.state == "counting"
    assert not night.transfers.exists() and not night.results.exists()
    reopened = night.events.get(kind=SessionEvent.Kind.REOPENED)
    assert reopened.by == host and reopened.at is not None


def test_unpaid_transfers_carry_over_into_the_next_settlement(host: object) -> None:
    first = Session.objects.create(host=host, name="First", rate_minor=100, rate_chips=1)
    a = Player.objects.create(host=host, name="A")
    b = Player.objects.create(host=host, name="B")
    first.buy_in(a, 100, method="credit")
    first.buy_in(b, 100, method="credit")
    first.cash_out(a, 150)
    first.cash_out(b, 50)
    first.settle(by=host)
    debt = first.transfers.get()
    assert (debt.payer, debt.payee, debt.amount) == (b, a, 5000)

    second = Session.objects.create(host=host, name="Second", rate_minor=100, rate_chips=1)
    second.buy_in(a, 100, method="credit")
    second.buy_in(b, 100, method="credit")
    second.cash_out(a, 80)
    second.cash_out(b, 120)  # B wins 20 back
    second.settle(by=host)

    # B owed 50 and won 20: B pays A 30, in one transfer.
    assert [(t.payer, t.payee, t.amount) for t in second.transfers.all()] == [(b, a, 3000)]
    debt.refresh_from_db()
    assert debt.carried_to == second
    with pytest.raises(ValidationError):
        debt.mark_paid(by=host)
    # Reopening the second session makes the debt open again.
    second.reopen(by=host)
    debt.refresh_from_db()
    assert debt.carried_to is None


def test_cash_step_rounds_transfers_and_shows_the_remainders(host: object) -> None:
    session = Session.objects.create(
        host=host, name="Round", rate_minor=100, rate_chips=1, cash_step=1000
    )
    for name, out in [("A", 137), ("B", 88), ("C", 75)]:
        p = Player.objects.create(host=host, name=name)
        session.buy_in(p, 100, method="credit")
        session.cash_out(p, out)

    st = session.statement()

    assert all(t.amount % 1000 == 0 for t in st.transfers)
    assert sum(st.remainders.values()) == 0
    assert sum(st.balances.values()) == 0


def test_through_the_bank_everyone_pays_or_is_paid_by_the_banker(host: object) -> None:
    session = Session.objects.create(host=host, name="Bank", rate_minor=100, rate_chips=1)
    players = [Player.objects.create(host=host, name=n) for n in "ABCD"]
    for p, out in zip(players, [150, 50, 120, 80], strict=True):
        session.buy_in(p, 100, method="credit")
        session.cash_out(p, out)
    session.banker = players[0]
    session.through_bank = True
    session.save()

    st = session.statement()

    assert all(players[0].pk in (t.payer, t.payee) for t in st.transfers)
    assert len(st.transfers) == 3


def test_counts_by_colour_must_add_up(night: Session) -> None:
    anna = get(night, "Anna")
    with pytest.raises(ValidationError, match="add up to 30"):
        night.cash_out(anna, 31, counts={"white": 5, "red": 5})
    night.cash_out(anna, None, counts={"white": 5, "red": 5})
    assert CashOut.objects.get().chips == 30


def test_colour_differences_show_when_everything_was_by_colour(host: object) -> None:
    session = Session.objects.create(host=host, name="Colours", rate_minor=100, rate_chips=1)
    p = Player.objects.create(host=host, name="A")
    session.buy_in(p, 100, counts={"white": 25, "red": 5, "green": 2})
    session.cash_out(p, None, counts={"white": 20, "red": 6, "green": 2})

    st = session.statement()

    assert st.by_colour[:3] == [("white", 25, 20), ("red", 5, 6), ("green", 2, 2)]
    assert st.difference_chips == 0


def test_merging_players_moves_their_history(night: Session, host: object) -> None:
    count(night, Anna=350, Bo=150, Cecilia=100)
    night.settle(by=host)
    anna = get(night, "Anna")
    twin = Player.objects.create(host=host, name="Anna B.", payment_details="070-123 45 67")
    later = Session.objects.create(host=host, name="Later", rate_minor=100, rate_chips=1)
    later.buy_in(twin, 100)

    anna.merge(twin)

    assert not Player.objects.filter(pk=twin.pk).exists()
    assert BuyIn.objects.filter(player=anna).count() == 2
    anna.refresh_from_db()
    assert anna.payment_details == "070-123 45 67"


def test_merging_refuses_another_hosts_player(night: Session, django_user_model) -> None:  # type: ignore[no-untyped-def]
    other_host = django_user_model.objects.create_user(username="olle", password="x-y-z-1234")
    stranger = Player.objects.create(host=other_host, name="Stranger")

    with pytest.raises(ValidationError):
        get(night, "Anna").merge(stranger)
    assert Player.objects.filter(pk=stranger.pk).exists()


def test_the_count_says_where_each_figure_comes_from(night: Session, host: object) -> None:
    anna, bo = get(night, "Anna"), get(night, "Bo")
    night.cash_out(anna, 120)  # Anna left a table with 120, then another with 30
    night.cash_out(anna, 30)
    night.cash_out(bo, 80, final=True)

    sources = night.count_sources([anna, bo, get(night, "Cecilia")])

    assert (sources[anna.pk].left, sources[anna.pk].left_times) == (150, 2)
    assert sources[anna.pk].final is None and sources[anna.pk].suggestion is None
    assert sources[bo.pk].final == 80 and sources[bo.pk].suggestion == 80
    assert sources[get(night, "Cecilia").pk].suggestion is None


def test_saving_the_count_twice_records_it_once(night: Session, host: object) -> None:
    players = {name: get(night, name) for name in ("Anna", "Bo", "Cecilia")}
    night.cash_out(players["Anna"], 100)  # left a table earlier with 100
    count = {players["Anna"]: (250, {}), players["Bo"]: (150, {}), players["Cecilia"]: (0, {})}

    night.save_count(count, by=host)
    first = night.statement()
    night.save_count(count, by=host)
    second = night.statement()

    assert first.counted == second.counted == 500
    assert {r.player.name: r.counted for r in second.rows} == {
        "Anna": 350, "Bo": 150, "Cecilia": 0
    }  # fmt: skip
    assert CashOut.objects.filter(kind=CashOut.Kind.COUNT).count() == 3
    assert CashOut.objects.filter(kind=CashOut.Kind.LEFT).count() == 1
    assert night.state == Session.State.COUNTING


def test_no_shortfall_before_everyone_is_counted(night: Session, host: object) -> None:
    night.start_counting(by=host)
    st = night.statement()
    assert [r.player.name for r in st.uncounted] == ["Anna", "Bo", "Cecilia"]
    assert not st.needs_policy and st.difference_chips == -600
    assert not st.results_known and not st.transfers

    count(night, Anna=300, Bo=150)
    st = night.statement()
    assert [r.player.name for r in st.uncounted] == ["Cecilia"]
    assert not st.needs_policy
    with pytest.raises(ValidationError, match="Count every player's chips first .*Cecilia"):
        night.settle(by=host)
    assert not Transfer.objects.exists()

    count(night, Cecilia=0)
    st = night.statement()
    assert not st.uncounted and st.needs_policy and st.difference_chips == -150


def test_a_settled_session_refuses_every_change(night: Session, host: object) -> None:
    count(night, Anna=350, Bo=150, Cecilia=100)
    night.settle(by=host)
    anna = get(night, "Anna")
    stale = Session.objects.get(pk=night.pk)
    stale.state = Session.State.OPEN  # an object read before the settle

    for change in (
        lambda: stale.buy_in(anna, 100),
        lambda: stale.cash_out(anna, 100),
        lambda: stale.save_count({anna: (10, {})}, by=host),
        lambda: stale.start_counting(by=host),
        lambda: stale.decide("host", by=host),
        lambda: stale.set_options(banker=None, through_bank=True, cash_step=0),
        lambda: stale.settle(by=host),
        lambda: stale.resume(by=host),
    ):
        with pytest.raises(ValidationError):
            change()
    assert BuyIn.objects.count() == 3 and CashOut.objects.count() == 3
    assert Transfer.objects.count() == 3
    assert Session.objects.get(pk=night.pk).state == Session.State.SETTLED


def test_back_to_the_game_from_counting(night: Session, host: object) -> None:
    night.start_counting(by=host)
    night.resume(by=host)
    assert Session.objects.get(pk=night.pk).state == Session.State.OPEN
    assert night.events.filter(kind=SessionEvent.Kind.RESUMED, by=host).exists()
    with pytest.raises(ValidationError):
        night.resume(by=host)


def test_a_withdrawn_transfer_cannot_be_marked_paid(night: Session, host: object) -> None:
    count(night, Anna=350, Bo=150, Cecilia=100)
    night.settle(by=host)
    transfer = Transfer.objects.first()
    night.reopen(by=host)

    with pytest.raises(ValidationError):
        transfer.mark_paid(by=host)
    assert not Transfer.objects.exists()


def test_rounding_to_a_cash_step_says_who_pays_or_gets_more_or_less(host: object) -> None:
    session = Session.objects.create(
        host=host, name="Round", rate_minor=100, rate_chips=1, cash_step=1000
    )
    for name, out, method in [("A", 137, "cash"), ("B", 88, "cash"), ("C", 75, "credit")]:
        p = Player.objects.create(host=host, name=name)
        session.buy_in(p, 100, method=method)
        session.cash_out(p, out)

    st = session.statement()

    # Exact: A gets 137 kr, B gets 88, C (on credit) pays 25, the bank pays out its 200.
    # Rounded to 10 kr: A gets 140, B 90, C pays 30, the bank 200.
    assert [line.replace("\xa0", " ") for line in st.rounding()] == [
        "A gets 3.00 kr more", "B gets 2.00 kr more", "C pays 5.00 kr more",
    ]  # fmt: skip
    by = {st.name(k): v for k, v in st.balances.items()}
    assert by == {"A": 14000, "B": 9000, "C": -3000, "the bank": -20000}


def test_rounding_that_costs_the_bank_says_the_bank_pays_more(host: object) -> None:
    """The bank holds 95 kr and pays out 100: it pays 5 kr more, it keeps nothing back."""
    session = Session.objects.create(
        host=host, name="Round", rate_minor=100, rate_chips=1, cash_step=1000
    )
    for name, bought, out, method in [("A", 95, 137, "cash"), ("B", 100, 88, "credit"),
                                      ("C", 100, 70, "credit")]:  # fmt: skip
        p = Player.objects.create(host=host, name=name)
        session.buy_in(p, bought, method=method)
        session.cash_out(p, out)

    st = session.statement()

    assert [line.replace("\xa0", " ") for line in st.rounding()] == [
        "A gets 3.00 kr more", "B pays 2.00 kr less", "the bank pays 5.00 kr more",
    ]  # fmt: skip
    paid_by_bank = sum(t.amount for t in st.transfers if t.payer == BANK)
    received_by_bank = sum(t.amount for t in st.transfers if t.payee == BANK)
    assert paid_by_bank - received_by_bank == 9500 + 500


def test_merging_moves_the_banker_and_who_takes_the_difference(
    night: Session, host: object
) -> None:
    """References without a reverse name (Session.banker, Session.policy_player) move too."""
    twin = Player.objects.create(host=host, name="Anna B.")
    night.banker = twin
    night.save()
    night.decide("player", by=host, player=twin)
    anna = get(night, "Anna")

    anna.merge(twin)

    night.refresh_from_db()
    assert night.banker == anna and night.policy_player == anna
