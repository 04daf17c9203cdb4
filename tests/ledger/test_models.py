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
        session.cash_out(get(session, name), n, replace=True)


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


def test_the_count_starts_from_cash_outs_recorded_at_the_table(night: Session) -> None:
    anna = get(night, "Anna")
    night.cash_out(anna, 120)
    night.cash_out(anna, 30)

    assert night.counted_chips(anna) == 150
    assert night.counted_chips(get(night, "Bo")) is None
