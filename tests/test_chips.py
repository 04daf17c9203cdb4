"""The one chip-set type and default box (config/chips.py) and the two fields that read chips
as typed (config/forms.py): the table, the calculator, the tournament structures and the
ledger's nights all read them there."""

from __future__ import annotations

import subprocess
import sys

import pytest
from django import forms

from config.chips import (
    DEFAULT,
    Chip,
    ChipSet,
    ChipValuesError,
    box,
    parse_values,
    values_for_stakes,
)
from config.forms import ChipSetField, ChipValuesField, chip_set_text
from dealer.poker.models import default_chips
from ledger import settlement


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("5, 25, 100", (5, 25, 100)),
        ("100 5 25", (5, 25, 100)),
        ("5; 25;25", (5, 25)),
        ("", ()),
        (" , ", ()),
        ("0005", (5,)),
        ("100000000", (100_000_000,)),
    ],
)
def test_chip_values_are_read_smallest_first_each_once(text: str, values: tuple[int, ...]) -> None:
    assert parse_values(text) == values


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("5, x", "invalid"),
        ("1_000", "invalid"),
        ("1e3", "invalid"),
        ("١٢", "invalid"),
        ("²", "invalid"),
        ("-5", "min_value"),
        ("0, 5", "min_value"),
        ("100000001", "max_value"),
        ("9" * 5000, "max_value"),
        (", ".join(str(v) for v in range(1, 14)), "too_many"),
    ],
)
def test_unreadable_chip_values_say_why(text: str, code: str) -> None:
    with pytest.raises(ChipValuesError) as error:
        parse_values(text)
    assert error.value.code == code


def test_the_default_box_follows_the_stakes() -> None:
    assert DEFAULT == box((1, 5, 25, 100))
    assert [(c.colour, c.value) for c in DEFAULT] == [
        ("white", 1),
        ("red", 5),
        ("green", 25),
        ("black", 100),
    ]
    assert values_for_stakes(1, 2) == (1, 5, 25, 100)
    assert values_for_stakes(5, 10) == (5, 25, 100, 500)
    assert values_for_stakes(25, 50) == (25, 100, 500, 1000)
    assert values_for_stakes() == (1, 5, 25, 100)


def test_a_table_and_a_night_start_from_the_same_box() -> None:
    assert default_chips() == [
        {"colour": "white", "value": 5, "count": 100},
        {"colour": "red", "value": 25, "count": 100},
        {"colour": "green", "value": 100, "count": 50},
        {"colour": "black", "value": 500, "count": 25},
    ]
    assert settlement.DEFAULT_CHIP_SET == DEFAULT.chips
    assert settlement.chip_set_from_data([]) == DEFAULT.chips


def test_a_stored_chip_set_reads_back_as_it_was_stored() -> None:
    stored = [{"colour": "white", "value": 1}, {"colour": "red", "value": 5, "count": 0}]
    chips = ChipSet.from_data(stored)
    assert chips.chips == (Chip("white", 1), Chip("red", 5, 0))
    assert chips.data() == stored
    assert chips.values == (1,)  # red is out of play (counted 0, after a colour-up)


def test_a_fifth_value_gets_the_next_colour() -> None:
    assert [c.colour for c in box((1, 5, 25, 100, 500))][-1] == "purple"


class ValuesForm(forms.Form):
    chips = ChipValuesField()
    optional = ChipValuesField(
        required=False, error_messages={"too_many": "At most %(count)s chip values."}
    )


@pytest.mark.parametrize(
    ("data", "errors"),
    [
        ({"chips": "5, 25"}, {}),
        ({"chips": ""}, {"chips": ["This field is required."]}),
        ({"chips": ",,"}, {"chips": ["Enter at least one chip value above 0."]}),
        ({"chips": "5, x"}, {"chips": ["Chip values are whole numbers, e.g. 5, 25, 100."]}),
        (
            {"chips": "1000000000"},
            {"chips": ["At most 12 chip values, each at most 100,000,000."]},
        ),
        (
            {"chips": "5", "optional": " ".join(str(v) for v in range(1, 20))},
            {"optional": ["At most 12 chip values."]},
        ),
        (
            {"chips": "5" * 201},
            {"chips": ["Ensure this value has at most 200 characters (it has 201)."]},
        ),
    ],
)
def test_the_chip_values_field_says_each_refusal(
    data: dict[str, str], errors: dict[str, list[str]]
) -> None:
    form = ValuesForm(data)
    assert form.is_valid() is not errors
    assert form.errors == errors
    if not errors:
        assert form.cleaned_data == {"chips": (5, 25), "optional": ()}


class SetForm(forms.Form):
    chip_set = ChipSetField(required=False, initial=DEFAULT)


def test_the_chip_set_field_reads_colours_and_values() -> None:
    form = SetForm({"chip_set": "white 1, Red 5, dark blue 25"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["chip_set"] == ChipSet(
        (Chip("white", 1), Chip("red", 5), Chip("dark blue", 25))
    )
    assert 'value="white 1, red 5, green 25, black 100"' in str(SetForm()["chip_set"])
    assert chip_set_text(ChipSet((Chip("teal", 2),))) == "teal 2"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("white", "Write the chip set as colour and value"),
        ("white 0", "A chip is worth 1 to 100,000,000."),
        ("white 1, white 5", "Each colour may appear only once."),
    ],
)
def test_the_chip_set_field_refuses_with_a_message(text: str, message: str) -> None:
    form = SetForm({"chip_set": text})
    assert not form.is_valid()
    assert message in form.errors["chip_set"][0]


def test_the_chip_set_type_needs_no_django() -> None:
    code = "import sys, config.chips; assert not any(m.startswith('django') for m in sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True)
