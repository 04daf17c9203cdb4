"""The pure settlement module: fewest transfers, exact rounding, money formatting and parsing."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger import settlement
from ledger.settlement import (
    DEFAULT_CHIP_SET,
    EXACT_LIMIT,
    MoneyError,
    Transfer,
    apportion,
    format_money,
    greedy_settle,
    parse_money,
    plan,
    round_to_step,
    settle,
    settle_through,
    split,
    stack_value,
)


def brute_force_fewest(balances: list[int]) -> int:
    """Fewest transfers by exhaustive search: some best settlement has every transfer clear
    one of its two parties completely, so try every such transfer from the first open party."""

    def search(bal: list[int], start: int) -> int:
        while start < len(bal) and bal[start] == 0:
            start += 1
        if start == len(bal):
            return 0
        best = len(bal)
        for j in range(start + 1, len(bal)):
            if bal[j] * bal[start] < 0:
                bal[j] += bal[start]
                best = min(best, 1 + search(bal, start + 1))
                bal[j] -= bal[start]
        return best

    return search(list(balances), 0)


def most_zero_sum_groups(balances: list[int]) -> int:
    """The most disjoint zero-sum groups among the non-zero balances, by the textbook dynamic
    programme over all subsets: a subset holds as many groups as the best subset one smaller,
    plus one when it sums to zero itself."""
    values = [v for v in balances if v]
    sums = [0] * (1 << len(values))
    most = [0] * (1 << len(values))
    for mask in range(1, 1 << len(values)):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask ^ 1 << low] + values[low]
        best = max(most[mask ^ 1 << i] for i in range(len(values)) if mask >> i & 1)
        most[mask] = best + (sums[mask] == 0)
    return most[-1]


def apply(balances: dict[str, int], transfers: list[Transfer[str]]) -> dict[str, int]:
    left = dict(balances)
    for payer, payee, amount in transfers:
        left[payer] += amount
        left[payee] -= amount
    return left


@st.composite
def repeated_balances(draw: st.DrawFn, max_players: int, amounts: list[int]) -> dict:
    """Balances drawn from a few amounts, so that many players have equal balances."""
    n = draw(st.integers(min_value=1, max_value=max_players))
    values = draw(st.lists(st.sampled_from(amounts), min_size=n - 1, max_size=n - 1))
    values.append(-sum(values))
    return {f"p{i:02d}": v for i, v in enumerate(values)}


@st.composite
def zero_sum_balances(draw: st.DrawFn, max_players: int = 12, max_amount: int = 50) -> dict:
    n = draw(st.integers(min_value=1, max_value=max_players))
    values = draw(st.lists(st.integers(-max_amount, max_amount), min_size=n - 1, max_size=n - 1))
    values.append(-sum(values))
    return {f"p{i:02d}": v for i, v in enumerate(values)}


# --- the example from the issue ---------------------------------------------------------------


def test_issue_example_settles_in_three_where_greedy_needs_four() -> None:
    balances = {"Anna": 9, "Bo": 8, "Cecilia": -8, "David": -7, "Eva": -2}

    transfers = settle(balances)

    assert len(transfers) == 3
    assert len(greedy_settle(balances)) == 4
    assert set(transfers) == {
        Transfer("Cecilia", "Bo", 8),
        Transfer("David", "Anna", 7),
        Transfer("Eva", "Anna", 2),
    }


def test_nothing_to_settle_needs_no_transfer() -> None:
    assert settle({}) == []
    assert settle({"Anna": 0, "Bo": 0}) == []


def test_unbalanced_balances_are_refused() -> None:
    with pytest.raises(ValueError, match="not zero"):
        settle({"Anna": 10, "Bo": -9})


def test_equal_and_opposite_balances_pay_each_other() -> None:
    transfers = settle({"a": 500, "b": -500, "c": 120, "d": -70, "e": -50})

    assert Transfer("b", "a", 500) in transfers
    assert len(transfers) == 3


def test_groups_explain_who_settles_with_whom() -> None:
    result = plan({"a": 9, "b": 8, "c": -8, "d": -7, "e": -2})

    assert sorted(sorted(g) for g in result.groups) == [["a", "d", "e"], ["b", "c"]]
    assert result.exact


def test_a_dense_session_stays_minimal() -> None:
    # Many small amounts: thousands of zero-sum subsets to choose the groups from.
    values = [2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 4, -5, -6, -7, -5, -6, -7]
    balances = {f"p{i:02d}": v for i, v in enumerate(values)}

    transfers = settle(balances)

    assert all(v == 0 for v in apply(balances, transfers).values())
    # Six groups of three ({2, 3, -5}, {2, 4, -6}, {3, 4, -7} twice): 18 - 6 transfers.
    assert len(transfers) == 12


def test_beyond_the_exact_limit_the_fallback_still_settles_everyone() -> None:
    values = [7 * i + 3 for i in range(EXACT_LIMIT + 5)]
    values += [-sum(values)]
    balances = {f"p{i:02d}": v for i, v in enumerate(values)}

    result = plan(balances)

    assert not result.exact
    assert all(v == 0 for v in apply(balances, result.transfers).values())
    assert len(result.transfers) <= len(balances) - 1


# --- properties -------------------------------------------------------------------------------


@given(zero_sum_balances())
def test_every_balance_is_settled_exactly(balances: dict[str, int]) -> None:
    transfers = settle(balances)

    assert all(v == 0 for v in apply(balances, transfers).values())
    assert all(amount > 0 and payer != payee for payer, payee, amount in transfers)


@given(zero_sum_balances())
def test_transfers_are_zero_sum_and_never_more_than_n_minus_one(balances: dict[str, int]) -> None:
    transfers = settle(balances)
    paid = sum(t.amount for t in transfers)
    received = sum(t.amount for t in transfers)
    nonzero = sum(1 for v in balances.values() if v)

    assert paid == received
    assert len(transfers) <= max(nonzero - 1, 0)
    for payer, payee, _ in transfers:
        assert balances[payer] < 0 < balances[payee]


@settings(max_examples=300)
@given(zero_sum_balances(max_players=7, max_amount=12))
def test_as_few_transfers_as_a_brute_force_search(balances: dict[str, int]) -> None:
    assert len(settle(balances)) == brute_force_fewest(list(balances.values()))


@settings(max_examples=200)
@given(repeated_balances(max_players=9, amounts=[-7, -6, -5, -3, -2, 2, 3, 4, 5, 8]))
def test_as_few_transfers_as_a_brute_force_search_when_balances_repeat(
    balances: dict[str, int],
) -> None:
    assert len(settle(balances)) == brute_force_fewest(list(balances.values()))


@settings(max_examples=150, deadline=None)
@given(
    st.one_of(
        zero_sum_balances(max_players=13, max_amount=9),
        zero_sum_balances(max_players=13, max_amount=1000),
        repeated_balances(max_players=13, amounts=[-9, -6, -4, -1, 2, 3, 5, 7]),
    )
)
def test_as_many_groups_as_the_dynamic_programme_over_all_subsets(
    balances: dict[str, int],
) -> None:
    result = plan(balances)
    nonzero = [p for p, v in balances.items() if v]

    assert result.exact
    assert len(result.groups) == most_zero_sum_groups(list(balances.values()))
    assert len(result.transfers) == len(nonzero) - len(result.groups)


@settings(max_examples=150, deadline=None)
@given(
    st.one_of(
        zero_sum_balances(max_players=12, max_amount=9),
        repeated_balances(max_players=14, amounts=[-9, -6, -4, -1, 2, 3, 5, 7]),
    ),
    st.sampled_from([8, 64, 512]),
)
def test_the_search_gives_the_same_answer_in_small_pages(
    balances: dict[str, int], page_bits: int
) -> None:
    # Large tables are searched over several pages of states: small pages make small tables
    # take those paths too.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(settlement, "_PAGE_BITS", page_bits)
        result = plan(balances)

    assert len(result.groups) == most_zero_sum_groups(list(balances.values()))
    assert all(sum(balances[p] for p in group) == 0 for group in result.groups)
    assert sorted(p for group in result.groups for p in group) == sorted(
        p for p, v in balances.items() if v
    )


@settings(max_examples=100, deadline=None)
@given(
    st.one_of(
        zero_sum_balances(max_players=24, max_amount=30),
        repeated_balances(max_players=40, amounts=[-12, -5, -3, 2, 4, 7]),
    )
)
def test_groups_cover_everyone_and_each_settles_among_itself(balances: dict[str, int]) -> None:
    result = plan(balances)
    group_of = {p: i for i, group in enumerate(result.groups) for p in group}

    assert sorted(group_of) == sorted(p for p, v in balances.items() if v)
    assert sum(len(group) for group in result.groups) == len(group_of)
    assert all(sum(balances[p] for p in group) == 0 for group in result.groups)
    assert all(group_of[t.payer] == group_of[t.payee] for t in result.transfers)
    assert len(result.transfers) == len(group_of) - len(result.groups)
    assert all(v == 0 for v in apply(balances, result.transfers).values())


def three_player_groups(groups: int) -> list[int]:
    """Balances of `groups` groups (a, b, −(a + b)), all different and none opposite another:
    no two players settle alone, so no group has fewer than three and the fewest transfers for
    3g players is 2g."""
    values = []
    for i in range(groups):
        a, b = 1000 + 37 * i, 3000 + 101 * i
        values += [a, b, -(a + b)]
    assert len(set(values)) == len(values) and not set(values) & {-v for v in values}
    return values


def test_twenty_four_players_in_eight_groups_of_three_need_sixteen_transfers() -> None:
    values = three_player_groups(8)
    balances = {f"p{i:02d}": v for i, v in enumerate(values[::2] + values[1::2])}

    result = plan(balances)

    assert result.exact
    assert len(result.transfers) == 16
    assert sorted(sorted(balances[p] for p in group) for group in result.groups) == sorted(
        sorted(values[i : i + 3]) for i in range(0, 24, 3)
    )


def test_many_players_with_repeated_balances_are_still_settled_exactly() -> None:
    # 30 players, beyond EXACT_LIMIT, but only three different balances: ten groups of
    # {+200, +400, -600}, no fewer than three players each, so 20 transfers is the fewest.
    values = [200] * 10 + [400] * 10 + [-600] * 10
    balances = {f"p{i:02d}": v for i, v in enumerate(values)}

    result = plan(balances)

    assert result.exact
    assert len(result.transfers) == 20


@given(st.lists(st.integers(1, 6), min_size=1, max_size=EXACT_LIMIT), st.data())
def test_the_exact_search_always_fits_up_to_the_limit(
    counts: list[int], data: st.DataObject
) -> None:
    # Any table of up to EXACT_LIMIT players left after pairing: different amounts, some
    # shared by several players, none opposite another.
    while sum(counts) > EXACT_LIMIT:
        counts.pop()
    signs = data.draw(
        st.lists(st.sampled_from([-1, 1]), min_size=len(counts), max_size=len(counts))
    )
    amounts = [sign * (i + 1) for i, sign in enumerate(signs)]

    assert settlement._exact_search_fits(amounts, counts)


def test_beyond_the_limit_with_different_balances_the_search_does_not_fit() -> None:
    amounts = [v for v in three_player_groups(9)][: EXACT_LIMIT + 1]

    assert not settlement._exact_search_fits(amounts, [1] * len(amounts))


@settings(max_examples=50)
@given(zero_sum_balances(max_players=16, max_amount=6))
def test_never_more_transfers_than_greedy(balances: dict[str, int]) -> None:
    assert len(settle(balances)) <= len(greedy_settle(balances))


@given(zero_sum_balances(max_players=10))
def test_everything_through_the_bank(balances: dict[str, int]) -> None:
    balances = {**balances, "bank": 0}
    transfers = settle_through(balances, "bank")

    assert all(v == 0 for v in apply(balances, transfers).values())
    assert all("bank" in (payer, payee) for payer, payee, _ in transfers)


# --- rounding: never lose or invent a cent ----------------------------------------------------


def test_apportion_gives_the_missing_unit_to_the_largest_remainder() -> None:
    shares = {"Anna": Fraction(10, 3), "Bo": Fraction(10, 3), "Cecilia": Fraction(10, 3)}

    # Equal remainders: the missing unit goes by name.
    assert apportion(shares, 10) == {"Anna": 4, "Bo": 3, "Cecilia": 3}
    assert apportion({"a": Fraction(7, 4), "b": Fraction(9, 4)}, 4) == {"a": 2, "b": 2}
    assert apportion({"a": Fraction(5, 4), "b": Fraction(11, 4)}, 4) == {"a": 1, "b": 3}


def test_apportion_refuses_a_total_that_is_not_the_sum() -> None:
    with pytest.raises(ValueError):
        apportion({"a": Fraction(1, 2)}, 1)


@given(
    st.lists(st.fractions(min_value=-1000, max_value=1000, max_denominator=97), min_size=1),
)
def test_apportion_never_loses_or_invents_a_unit(values: list[Fraction]) -> None:
    # Make the shares sum to a whole number, as a ledger's do.
    values[-1] -= sum(values) - round(sum(values))
    shares = {f"p{i}": v for i, v in enumerate(values)}
    total = int(sum(values))

    rounded = apportion(shares, total)

    assert sum(rounded.values()) == total
    assert all(abs(rounded[k] - shares[k]) < 1 for k in shares)


@given(st.fractions(min_value=-10_000, max_value=10_000, max_denominator=1), st.data())
def test_split_is_exact(amount: Fraction, data: st.DataObject) -> None:
    weights = data.draw(st.dictionaries(st.text(min_size=1), st.integers(1, 500), min_size=1))

    assert sum(split(amount, weights).values()) == amount


@given(zero_sum_balances(max_amount=100_000), st.sampled_from([100, 500, 1000, 2000]))
def test_rounding_to_a_cash_step_keeps_the_sum_and_shows_the_remainder(
    balances: dict[str, int], step: int
) -> None:
    rounded, remainder = round_to_step(balances, step)

    assert sum(rounded.values()) == 0
    assert sum(remainder.values()) == 0
    for k, v in balances.items():
        assert rounded[k] % step == 0
        assert rounded[k] + remainder[k] == v
        assert abs(remainder[k]) < step
    assert all(t.amount % step == 0 for t in settle(rounded))


# --- money and chips --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("minor", "code", "language", "text"),
    [
        (123450, "SEK", "sv", "1\u00a0234,50\u00a0kr"),
        (123450, "EUR", "de", "1.234,50\u00a0€"),
        (123450, "USD", "en", "$1,234.50"),
        (123450, "SEK", "en", "1,234.50\u00a0kr"),
        (-123450, "SEK", "sv", "-1\u00a0234,50\u00a0kr"),
        (-5, "EUR", "en", "-€0.05"),
        (5000, "ISK", "is", "5.000\u00a0kr"),
        (5000, "ISK", "en", "5,000\u00a0kr"),
        (1234567, "KWD", "en", "1,234.567\u00a0KWD"),
        (0, "NOK", "sv", "0,00\u00a0kr"),
        (100, "GBP", "fr", "£1.00"),
    ],
)
def test_money_is_formatted_for_the_reader(minor: int, code: str, language: str, text: str) -> None:
    assert format_money(minor, code, language) == text


def test_results_can_carry_a_plus_sign() -> None:
    assert format_money(12000, "SEK", "sv", sign=True) == "+120,00\u00a0kr"
    assert format_money(0, "SEK", "sv", sign=True) == "0,00\u00a0kr"


@pytest.mark.parametrize(
    ("text", "code", "minor"),
    [
        ("200", "SEK", 20000),
        ("1 234,50", "SEK", 123450),
        ("1.234,50 €", "EUR", 123450),
        ("1,234.50", "USD", 123450),
        ("0.5", "SEK", 50),
        ("5000", "ISK", 5000),
        ("12,5", "EUR", 1250),
    ],
)
def test_amounts_people_type_are_read(text: str, code: str, minor: int) -> None:
    assert parse_money(text, code) == minor


@pytest.mark.parametrize(
    ("text", "code", "reason"),
    [
        ("", "SEK", "empty"),
        ("-50", "SEK", "negative"),
        ("fifty", "SEK", "not_a_number"),
        ("0.505", "SEK", "too_many_decimals"),
        ("10,5", "ISK", "too_many_decimals"),
    ],
)
def test_bad_amounts_say_why(text: str, code: str, reason: str) -> None:
    with pytest.raises(MoneyError) as error:
        parse_money(text, code)
    assert error.value.code == reason


def test_a_stack_counted_by_colour_is_worth_its_chips() -> None:
    assert stack_value({"white": 3, "red": 2, "green": 1, "black": 2}, DEFAULT_CHIP_SET) == 238
