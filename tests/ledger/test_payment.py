"""Payment codes: the exact texts of the schemes' documented examples, the checks of what a
host types, refusals, and the QR code holding exactly that text."""

from __future__ import annotations

import re

import pytest
import segno

from ledger import payment
from ledger.payment import PaymentError

# --- the documented examples ------------------------------------------------------------------


def test_swish_payload_is_the_documented_example() -> None:
    # Swish's "QR code encoding specification" (Swish C2B): a company (1237856901) sends an
    # invoice for 100 SEK with OCR number 12229445, nothing editable.
    assert payment.swish_payload("1237856901", 10000, "12229445") == (
        "C1237856901;100,00;12229445;0"
    )


def test_swish_amount_has_two_decimals_and_a_comma_and_the_lock_mask_last() -> None:
    assert payment.swish_payload("0701234567", 24050, "Pott 2026-11-23, Friday", lock=6) == (
        "C0701234567;240,50;Pott 2026-11-23, Friday;6"
    )


def test_epc_payload_is_the_documented_example() -> None:
    # EPC069-12's sample (as Wikipedia's "EPC QR code" shows it): EUR 1 to the Belgian Red
    # Cross, purpose CHAR, no structured reference, text "Urgency fund", information line.
    expected = "\n".join(
        ["BCD", "001", "1", "SCT", "BPOTBEB1", "Red Cross of Belgium", "BE72000000001616",
         "EUR1", "CHAR", "", "Urgency fund", "Sample EPC QR code"]
    )  # fmt: skip
    assert (
        payment.epc_payload(
            version="001",
            bic="BPOTBEB1",
            name="Red Cross of Belgium",
            iban="BE72000000001616",
            amount_cents=100,
            purpose="CHAR",
            text="Urgency fund",
            information="Sample EPC QR code",
        )
        == expected
    )


def test_epc_payload_as_pott_makes_it_version_002_without_bic() -> None:
    assert payment.epc_payload(
        name="Anna Müller",
        iban="DE89370400440532013000",
        amount_cents=1234,
        text="Pott 2026-11-23, Friday",
    ) == (
        "BCD\n002\n1\nSCT\n\nAnna Müller\nDE89370400440532013000\nEUR12.34\n\n\n"
        "Pott 2026-11-23, Friday"
    )


# --- refusals: no code from invalid data ------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"amount_cents": 0}, "amount_zero"),
        ({"amount_cents": -5}, "amount_zero"),
        ({"text": "x" * 141}, "message_long"),
        ({"iban": "DE88370400440532013000"}, "iban_check"),
        ({"iban": "de89370400440532013000"}, "iban_form"),  # the builder takes the stored form
        ({"bic": "DEUT"}, "bic_form"),
        ({"name": "x" * 71}, "name_long"),
        ({"name": " "}, "name_missing"),
        ({"version": "001"}, "bic_missing"),
        ({"text": "two\nlines"}, "message_characters"),
    ],
)
def test_epc_payload_refuses_invalid_data(kwargs: dict[str, object], code: str) -> None:
    args: dict[str, object] = {
        "name": "Anna",
        "iban": "DE89370400440532013000",
        "amount_cents": 100,
        "text": "Pott",
    }
    with pytest.raises(PaymentError) as caught:
        payment.epc_payload(**{**args, **kwargs})  # type: ignore[arg-type]
    assert caught.value.code == code


def test_epc_text_of_140_characters_is_allowed() -> None:
    text = "x" * 140
    assert payment.epc_payload(name="A", iban="DE89370400440532013000", amount_cents=1,
                               text=text).endswith("\nEUR0.01\n\n\n" + text)  # fmt: skip


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("0701234567", 0, "Pott"), "amount_zero"),
        (("0701234567", 100, "x" * 51), "message_long"),
        (("0701234567", 100, "semi;colon"), "message_characters"),
        (("0701234567", 100, "50%"), "message_characters"),
        (("0601234567", 100, "Pott"), "swish_form"),
        (("+46701234567", 100, "Pott"), "swish_form"),  # the builder takes the stored form
        (("12345", 100, "Pott"), "swish_form"),
    ],
)
def test_swish_payload_refuses_invalid_data(args: tuple[str, int, str], code: str) -> None:
    with pytest.raises(PaymentError) as caught:
        payment.swish_payload(*args)
    assert caught.value.code == code


def test_a_swish_message_of_50_characters_is_allowed() -> None:
    assert payment.swish_payload("1231234567", 100, "x" * 50).endswith(";" + "x" * 50 + ";0")


def test_swish_message_keeps_what_swish_allows() -> None:
    assert payment.swish_message("Pott 2026-11-23, Fredag 1/2; Åsa & Jürgen 😀") == (
        "Pott 2026-11-23, Fredag 1 2 Åsa Jurgen"
    )
    assert len(payment.swish_message("Pott 2026-11-23, " + "Lång natt " * 10)) == 50


# --- what a host types ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "iban",
    ["DE89370400440532013000", "SE4550000000058398257466", "GB82WEST12345698765432",
     "BE72000000001616", "NO9386011117947"],
)  # fmt: skip
def test_real_format_ibans_are_accepted(iban: str) -> None:
    assert payment.normalize_iban(iban) == iban


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("de89 3704 0044 0532 0130 00", "DE89370400440532013000"),
        ("  se45 5000 0000 0583 9825 7466 ", "SE4550000000058398257466"),
        ("GB82-WEST-1234-5698-7654-32", "GB82WEST12345698765432"),
    ],
)
def test_an_iban_typed_with_spaces_and_lower_case_is_normalised(typed: str, stored: str) -> None:
    assert payment.normalize_iban(typed) == stored


@pytest.mark.parametrize(
    ("iban", "code"),
    [
        ("DE88370400440532013000", "iban_check"),  # wrong check digits
        ("DE89370400440532013001", "iban_check"),  # a digit changed
        ("DE98370400440532013000", "iban_check"),  # check digits swapped
        ("DE8937040044053201300", "iban_length"),  # one short
        ("SE45500000000583982574661", "iban_length"),  # one long
        ("ZZ89370400440532013000", "iban_country"),
        ("89DE370400440532013000", "iban_form"),
        ("DE89 3704 0044 0532 0130 0€", "iban_form"),
        ("", "iban_form"),
        ("DE" + "9" * 40, "iban_form"),
    ],
)
def test_bad_ibans_are_refused_with_the_reason(iban: str, code: str) -> None:
    with pytest.raises(PaymentError) as caught:
        payment.normalize_iban(iban)
    assert caught.value.code == code


def test_iban_is_shown_in_groups_of_four() -> None:
    assert payment.group_iban("SE4550000000058398257466") == "SE45 5000 0000 0583 9825 7466"


@pytest.mark.parametrize(
    ("typed", "stored"),
    [("deutdeff", "DEUTDEFF"), ("DEUT DE FF 500", "DEUTDEFF500"), ("ESSESESS", "ESSESESS")],
)
def test_bics_are_normalised(typed: str, stored: str) -> None:
    assert payment.normalize_bic(typed) == stored


@pytest.mark.parametrize(
    "bic", ["DEUT", "DEUTDEF", "DEUTDEFF5", "1EUTDEFF", "DEUT12FF", "DEUTDEFFÄÖÜ"]
)
def test_bad_bics_are_refused(bic: str) -> None:
    with pytest.raises(PaymentError):
        payment.normalize_bic(bic)


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("070-123 45 67", "0701234567"),
        ("0701234567", "0701234567"),
        ("+46 70 123 45 67", "0701234567"),
        ("+46 (0)70-123 45 67", "0701234567"),
        ("0046 70 123 45 67", "0701234567"),
        ("46701234567", "0701234567"),
        ("123 456 78 90", "1234567890"),
        ("123-456 78 90", "1234567890"),
    ],
)
def test_swish_numbers_are_normalised_to_the_form_the_app_shows(typed: str, stored: str) -> None:
    assert payment.normalize_swish(typed) == stored


@pytest.mark.parametrize(
    "typed",
    ["08-123 456 78", "+47 912 34 567", "070123456", "07012345678", "1241234567", "", "٠٧٠١٢٣٤٥٦٧"],
)
def test_numbers_that_are_not_swish_numbers_are_refused(typed: str) -> None:
    with pytest.raises(PaymentError) as caught:
        payment.normalize_swish(typed)
    assert caught.value.code == "swish_form"


def test_swish_number_is_shown_as_people_write_it() -> None:
    assert payment.group_swish("0701234567") == "070-123 45 67"
    assert payment.group_swish("1234567890") == "123 456 78 90"


# --- the round trip: the SVG holds exactly the payload --------------------------------------


def svg_matrix(svg: str) -> list[list[bool]]:
    """The dark modules of segno's SVG path (lines of `h` segments, moved by `m`), less the
    quiet zone, as rows of booleans."""
    size = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))  # type: ignore[union-attr]
    path = re.search(r' d="([^"]+)"', svg).group(1)  # type: ignore[union-attr]
    grid = [[False] * size for _ in range(size)]
    x = y = 0.0
    for command, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path):
        if command == "M":
            x, y = float(a), float(b)
        elif command == "m":
            x, y = x + float(a), y + float(b)
        else:
            for col in range(int(x), int(x + float(a))):
                grid[int(y)][col] = True
            x += float(a)
    return grid


@pytest.mark.parametrize(
    "text",
    [
        "C1237856901;100,00;12229445;0",
        "C0701234567;240,00;Pott 2026-11-23, Fredag på Åsa;0",
        "BCD\n002\n1\nSCT\n\nAnna Müller\nDE89370400440532013000\nEUR12.34\n\n\nPott 2026-11-23",
    ],
)
def test_the_svg_code_holds_exactly_the_payload_in_utf8_at_level_m(text: str) -> None:
    from ledger.pay import make_qr, qr_svg

    svg = qr_svg(text)
    # The same text, encoded independently as the standard asks (level M, UTF-8, no Micro QR):
    qr = segno.make(text.encode("utf-8"), error="m", micro=False, boost_error=False)
    border = 4
    expected = [[bool(v) for v in row] for row in qr.matrix]
    drawn = [row[border:-border] for row in svg_matrix(svg)[border:-border]]
    assert drawn == expected
    assert make_qr(text).error == "M" and not qr.is_micro
