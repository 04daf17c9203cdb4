"""The quick side-pot calculator: pots from what each player put in, then payouts."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

# The page goes through the middleware (sessions, the login throttle), which may read the
# database: allow it, so that a test never fails on where the page looks, only on what it shows.
pytestmark = pytest.mark.django_db

URL = reverse("dealer:calculator")
HTMX = {"HX-Request": "true"}


def sheet(*rows: tuple, unit: str = "", chip_values: str = "", step: str = "pots") -> dict:
    """Form data as the page sends it: rows of (name, chips[, folded])."""
    data = {"rows": str(len(rows)), "unit": unit, "chip_values": chip_values, "step": step}
    for i, (name, chips, *folded) in enumerate(rows):
        data[f"p{i}-name"] = name
        data[f"p{i}-chips"] = str(chips)
        if folded and folded[0]:
            data[f"p{i}-folded"] = "on"
    return data


def text(fragment: str) -> str:
    """What a person reads: tags dropped, entities decoded, whitespace collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def part(page: str, testid: str) -> str:
    """The text of the element with this data-testid (a section, a table row, a paragraph)."""
    match = re.search(rf'<(\w+)[^>]*data-testid="{testid}"[^>]*>(.*?)</\1>', page, re.S)
    assert match, f"no {testid} on the page"
    return text(match.group(2))


def carried(page: str) -> dict[str, str]:
    """The hidden fields step 2's form sends back: step 1's rows."""
    form = page[page.index('id="result"') :]
    fields = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form)
    return {name: html.unescape(value) for name, value in fields}


def post(client: Client, data: dict) -> str:
    response = client.post(URL, data, headers=HTMX)
    assert response.status_code == 200
    return response.content.decode()


def award(client: Client, page: str, winners: dict[int, list[int]]) -> str:
    data = carried(page)
    data.pop("csrfmiddlewaretoken", None)
    data["step"] = "payout"
    payload = [(k, v) for k, v in data.items()]
    payload += [(f"win-{pot}", str(row)) for pot, rows in winners.items() for row in rows]
    body = {}
    for key, value in payload:
        body.setdefault(key, []).append(value)
    return post(client, body)


def test_the_page_is_public_with_three_rows_and_says_the_seat_order(client: Client) -> None:
    response = client.get(URL)

    assert response.status_code == 200
    page = text(response.content.decode())
    assert "Side-pot calculator" in page
    assert "starting with the first player left of the button" in page
    assert response.content.decode().count('name="p2-chips"') == 1
    assert 'name="p3-chips"' not in response.content.decode()


def test_seed_000_folded_chips_stay_in_and_the_uncalled_bet_comes_back(client: Client) -> None:
    # Anna bets 40, Bo put in 15 and folds, Cia is all-in for 10. Nobody matched Anna's last 25.
    page = post(client, sheet(("Anna", 40), ("Bo", 15, True), ("Cia", 10)))

    assert part(page, "returned") == "25 back to Anna: nobody called it, so it is not a pot."
    assert part(page, "pot-0").startswith("Main pot 30 Who won it?")
    assert "Anna" in part(page, "pot-0") and "Cia" in part(page, "pot-0")
    assert "Bo" not in part(page, "pot-0")
    # Anna's and Bo's chips above Cia's 10: Bo's folded 5 stays in, only Anna reached it.
    assert part(page, "pot-1") == "Side pot 1 10 Goes to Anna: nobody else reached it."
    # The last side pot is listed first: it is awarded first.
    assert page.index('data-testid="pot-1"') < page.index('data-testid="pot-0"')

    paid = award(client, page, {0: [2]})

    assert part(paid, "pot-0").endswith("Cia 30")
    assert part(paid, "payout-0") == "Anna 40 35 incl. 25 back -5"
    assert part(paid, "payout-1") == "Bo 15 0 -15"
    assert part(paid, "payout-2") == "Cia 10 30 +20"
    assert "65 put in, 65 paid out." in text(paid)


def test_three_way_all_in_returns_the_amount_nobody_could_call(client: Client) -> None:
    page = post(client, sheet(("Anna", 100), ("Bo", 60), ("Cia", 30)))

    assert part(page, "returned").startswith("40 back to Anna")
    assert part(page, "pot-0").startswith("Main pot 90")
    assert part(page, "pot-1").startswith("Side pot 1 60")
    assert "Cia" not in part(page, "pot-1")

    # Cia has the best hand, Bo the second best.
    paid = award(client, page, {0: [2], 1: [1]})

    assert part(paid, "payout-0") == "Anna 100 40 incl. 40 back -60"
    assert part(paid, "payout-1") == "Bo 60 60 0"
    assert part(paid, "payout-2") == "Cia 30 90 +60"


def test_split_main_pot_gives_the_odd_chip_to_the_first_winner_left_of_the_button(
    client: Client,
) -> None:
    rows = (("Anna", 25), ("Bo", 25), ("Cia", 25), ("Dan", 10, True))
    page = post(client, sheet(*rows, unit="5", chip_values="5, 25, 100"))
    assert part(page, "pot-0").startswith("Main pot 85")
    assert "returned" not in page

    # 85 is 17 chips of 5: Bo (first after the button) gets 9, Cia 8.
    paid = award(client, page, {0: [2, 1]})

    assert part(paid, "pot-0").endswith("Bo 45 (odd chip) Cia 40")
    assert part(paid, "payout-1") == "Bo 25 45 1 × 25 + 4 × 5 +20"
    assert part(paid, "payout-2") == "Cia 25 40 1 × 25 + 3 × 5 +15"
    assert part(paid, "payout-3") == "Dan 10 0 -10"


def test_smallest_chip_defaults_to_the_smallest_chip_value(client: Client) -> None:
    page = post(client, sheet(("Anna", 20), ("Bo", 20), ("Cia", 5), chip_values="5, 25"))
    paid = award(client, page, {0: [0, 1], 1: [0, 1]})

    # Main pot 15 (three 5s): Anna 10 with the odd chip, Bo 5; side pot 30: 15 each.
    assert "Odd chips are in units of 5" in text(paid)
    assert part(paid, "payout-0").startswith("Anna 20 25")


def test_pot_without_a_winner_is_refused(client: Client) -> None:
    page = post(client, sheet(("Anna", 40), ("Bo", 40)))
    paid = award(client, page, {})

    assert "Tap who won the main pot." in text(paid)
    assert 'data-testid="payouts"' not in paid


def test_a_winner_who_did_not_reach_the_pot_is_refused(client: Client) -> None:
    page = post(client, sheet(("Anna", 100), ("Bo", 60), ("Cia", 30)))
    paid = award(client, page, {0: [2], 1: [2]})

    assert "Only players who reached it can win side pot 1." in text(paid)


def test_a_main_pot_winner_who_loses_a_side_pot_they_reached_gets_a_warning(
    client: Client,
) -> None:
    page = post(client, sheet(("Anna", 60), ("Bo", 60), ("Cia", 30)))
    paid = award(client, page, {0: [0], 1: [1]})

    assert "Anna won the main pot and was in side pot 1 too" in text(paid)
    assert 'data-testid="payouts"' in paid


@pytest.mark.parametrize(
    ("rows", "unit", "message"),
    [
        ((("Anna", -5), ("Bo", 10)), "", "Chips put in cannot be negative."),
        ((("Anna", "forty"), ("Bo", 10)), "", "Chips are whole numbers, like 40."),
        ((("Anna", 40), ("", "")), "", "Enter what at least two players put in."),
        ((("Anna", 40, True), ("Bo", 40, True)), "", "Everyone folded"),
        (
            (("Anna", 40), ("Bo", 15, True)),
            "",
            "Only Anna is still in: Anna takes everything",
        ),
        ((("Anna", 0), ("Bo", 0)), "", "Nobody put any chips in."),
        (
            (("Anna", 40), ("Bo", 15), ("Cia", 17)),
            "5",
            "Cia's 17 is not a multiple of the smallest chip (5).",
        ),
        ((("Anna", 40), ("Anna", 40)), "", "Two players are called Anna"),
        ((("Anna", 40), ("Bo", "")), "", "How much did Bo put in? Enter 0 if nothing."),
        ((("Anna", 40), ("Bo", 40)), "0", "The smallest chip is at least 1."),
    ],
)
def test_bad_sheets_are_refused_with_a_reason(
    client: Client, rows: tuple, unit: str, message: str
) -> None:
    page = post(client, sheet(*rows, unit=unit))

    assert message in text(page)
    assert 'data-testid="pot-0"' not in page
    # What was typed stays in the form.
    assert f'value="{html.escape(str(rows[0][1]))}"' in page


def test_chip_values_must_be_multiples_of_the_smallest_chip(client: Client) -> None:
    page = post(client, sheet(("Anna", 40), ("Bo", 40), unit="5", chip_values="1, 5, 25"))

    assert "Every chip value must be a multiple of the smallest chip (5)." in text(page)


def test_unnamed_rows_are_players_by_number_and_empty_rows_are_left_out(client: Client) -> None:
    page = post(client, sheet(("", 20), ("", ""), ("", 20)))

    assert "Player 1" in part(page, "pot-0") and "Player 3" in part(page, "pot-0")
    assert "Player 2" not in part(page, "pot-0")


def test_adding_and_removing_rows_keeps_what_was_typed(client: Client) -> None:
    data = sheet(("Anna", 40), ("Bo", -3), step="add")
    page = post(client, data)

    assert 'name="rows" value="3"' in page
    assert 'name="p2-chips"' in page
    assert 'value="Anna"' in page and 'value="-3"' in page
    # Rows are judged only when the pots are asked for.
    assert "cannot be negative" not in page

    page = post(client, sheet(("Anna", 40), ("Bo", 10), ("Cia", 5), step="remove"))
    assert 'name="rows" value="2"' in page
    assert 'name="p2-chips"' not in page

    page = post(client, sheet(("Anna", 40), ("Bo", 10), step="remove"))
    assert 'name="rows" value="2"' in page


def test_step_two_without_htmx_shows_the_whole_page(client: Client) -> None:
    page = post(client, sheet(("Anna", 40), ("Bo", 15, True), ("Cia", 10)))
    data = carried(page)
    data.update({"step": "payout", "win-0": "2"})
    response = client.post(URL, data)

    assert response.status_code == 200
    full = response.content.decode()
    assert "<html" in full and 'id="calculator"' in full
    assert part(full, "payout-2") == "Cia 10 30 +20"


def test_every_post_needs_the_csrf_token() -> None:
    client = Client(enforce_csrf_checks=True)
    page = client.get(URL).content.decode()
    assert 'name="csrfmiddlewaretoken"' in page

    refused = client.post(URL, sheet(("Anna", 40), ("Bo", 40)))
    assert refused.status_code == 403

    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    data = sheet(("Anna", 40), ("Bo", 40)) | {"csrfmiddlewaretoken": token}
    accepted = client.post(URL, data, headers=HTMX)
    assert accepted.status_code == 200
    # Step 2's form has its own token.
    assert accepted.content.decode().count('name="csrfmiddlewaretoken"') == 2


# Bounds: every input has one, and a refusal names it -----------------------------------------

AWKWARD = "12666989, 21733410, 24228199, 26445137, 43667394, 54826096, 72313382"


@pytest.mark.parametrize(
    ("chips", "message"),
    [
        (10**20, "At most 100,000,000 chips."),
        (100_000_001, "At most 100,000,000 chips."),
        ("9" * 5000, "At most 100,000,000 chips."),
        ("-" + "9" * 5000, "Chips put in cannot be negative."),
        (-1, "Chips put in cannot be negative."),
        ("²", "Chips are whole numbers, like 40."),
        ("١٢", "Chips are whole numbers, like 40."),
        ("1e3", "Chips are whole numbers, like 40."),
        ("1_000", "Chips are whole numbers, like 40."),
        ("4\x000", "Chips are whole numbers, like 40."),
        ("12.0", "Chips are whole numbers, like 40."),
    ],
)
def test_chips_put_in_out_of_bounds_are_refused_naming_the_bound(
    client: Client, chips: object, message: str
) -> None:
    # Without the db mark, pytest-django fails any query: the calculator stores nothing.
    page = post(client, sheet(("Anna", chips), ("Bo", 40)))

    assert message in text(page)
    assert 'data-testid="pot-0"' not in page
    assert "Check the amounts marked below." in text(page)


@pytest.mark.parametrize(
    ("unit", "chip_values", "message"),
    [
        (str(10**20), "", "The smallest chip is at most 100,000,000."),
        ("9" * 5000, "", "The smallest chip is at most 100,000,000."),
        ("-1", "", "The smallest chip is at least 1."),
        ("١", "", "The smallest chip is a whole number, like 5."),
        ("", "5, 25, 100000005", "Chip values are at most 100,000,000."),
        ("", ", ".join(str(v) for v in range(1, 14)), "At most 12 chip values."),
        ("", ",".join(str(v) for v in range(1, 101)), "Chip values are at most 100 characters"),
        ("", "5, 1e3", "Chip values are whole numbers, e.g. 5, 25, 100."),
        ("", "5, ²", "Chip values are whole numbers, e.g. 5, 25, 100."),
        ("", "0, 5", "Chip values are above 0."),
        ("", "5\x00", "Null characters are not allowed."),
    ],
)
def test_options_out_of_bounds_are_refused_naming_the_bound(
    client: Client, unit: str, chip_values: str, message: str
) -> None:
    page = post(client, sheet(("Anna", 40), ("Bo", 40), unit=unit, chip_values=chip_values))

    assert message in text(page)
    assert 'data-testid="pot-0"' not in page


@pytest.mark.parametrize(
    ("name", "message"),
    [("x" * 25, "A name is at most 24 characters."), ("A\x00", "Null characters are not allowed.")],
)
def test_bad_names_are_refused_and_marked_on_their_row(
    client: Client, name: str, message: str
) -> None:
    page = post(client, sheet((name, 40), ("Bo", 40)))

    assert message in text(page)
    assert 'aria-invalid="true"' in page
    assert 'data-testid="pot-0"' not in page


def test_the_largest_amounts_are_taken(client: Client) -> None:
    page = post(client, sheet(("Anna", 100_000_000), ("Bo", 100_000_000), chip_values="1, 15, 25"))
    assert part(page, "pot-0").startswith("Main pot 200000000")

    paid = award(client, page, {0: [0]})

    # 8,000,000 × 25 exactly.
    assert part(paid, "payout-0") == "Anna 100000000 200000000 8000000 × 25 +100000000"


def test_a_huge_payout_with_chips_that_do_not_divide_each_other_is_the_fewest_chips(
    client: Client,
) -> None:
    rows = (("Anna", 100_000_000), ("Bo", 100_000_000), ("Cia", 5, True))
    page = post(client, sheet(*rows, chip_values="1, 15, 25"))

    paid = award(client, page, {0: [0]})

    # 200,000,005: one 25 fewer and two 15s (8,000,001 chips), not five 1s (8,000,005).
    assert part(paid, "payout-0") == "Anna 100000000 200000005 7999999 × 25 + 2 × 15 +100000005"


def test_chip_values_too_awkward_to_work_out_give_no_breakdown_but_the_payouts(
    client: Client,
) -> None:
    # Ten players, the last one short by a chip: 999,999,999 in the pots, all to Anna.
    rows = [(f"P{i}", 100_000_000) for i in range(9)] + [("Short", 99_999_999)]
    page = post(client, sheet(*rows, unit="1", chip_values=AWKWARD))
    assert part(page, "pot-0").startswith("Main pot 999999990")

    paid = award(client, page, {0: [0], 1: [0]})

    assert part(paid, "payout-0") == (
        "P0 100000000 999999999 no breakdown: these chip values are too awkward to work it out "
        "+899999999"
    )
    assert "999999999 put in, 999999999 paid out." in text(paid)


def test_more_rows_than_ten_are_never_made(client: Client) -> None:
    data = sheet(("Anna", 40), ("Bo", 40))
    for rows in (str(10**9), "9" * 5000, "-5", "\x00"):
        page = post(client, data | {"rows": rows, "step": "add"})
        assert 'name="p1-chips"' in page
        assert 'name="p10-chips"' not in page


def test_step_two_refuses_hidden_fields_out_of_bounds_and_shows_the_sheet(client: Client) -> None:
    page = post(client, sheet(("Anna", 40), ("Bo", 40)))
    data = carried(page)
    data.update({"step": "payout", "win-0": "0", "p0-chips": str(10**20)})

    response = client.post(URL, data, headers=HTMX)

    assert response.status_code == 200
    assert response["HX-Retarget"] == "#calculator"
    assert "At most 100,000,000 chips." in text(response.content.decode())
    assert 'data-testid="payouts"' not in response.content.decode()


def test_chip_values_at_the_length_limit_survive_step_two(client: Client) -> None:
    typed = ",".join(str(100_000_000 - i) for i in range(10))  # 99 characters
    rows = (("Anna", 100_000_000), ("Bo", 100_000_000))
    page = post(client, sheet(*rows, unit="1", chip_values=typed))

    paid = award(client, page, {0: [1]})

    assert part(paid, "payout-1") == "Bo 100000000 200000000 2 × 100000000 +100000000"


def test_a_screen_reader_hears_each_fields_help_and_its_error(client: Client) -> None:
    """Every help text and every error is tied to its field (aria-describedby), and a refused
    field is marked invalid."""
    page = post(client, sheet(("Anna", 40), ("Bo", "x"), unit="-1"))

    def field(name: str) -> tuple[bool, list[str]]:
        """Whether the field is marked invalid, and the texts that describe it."""
        tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
        assert tag, name
        ids = re.search(r'aria-describedby="([^"]+)"', tag.group(0))
        texts = [text(part_by_id(page, i)) for i in ids.group(1).split()] if ids else []
        return 'aria-invalid="true"' in tag.group(0), texts

    unit_help = text(part_by_id(page, "id_unit_help"))
    assert unit_help
    assert field("unit") == (True, [unit_help, "The smallest chip is at least 1."])
    chip_help = text(part_by_id(page, "id_chip_values_help"))
    assert chip_help
    assert field("chip_values") == (False, [chip_help])
    invalid, texts = field("p1-chips")
    assert invalid and len(texts) == 1 and texts[0]
    assert field("p0-chips") == (False, [])


def part_by_id(page: str, element_id: str) -> str:
    match = re.search(rf'<(\w+)[^>]*id="{element_id}"[^>]*>(.*?)</\1>', page, re.S)
    assert match, f"no #{element_id} on the page"
    return match.group(2)
