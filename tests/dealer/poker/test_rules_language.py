"""The pure rules' refusals reach the host in the host's language: the Django app points the
rules' translation hook at gettext, and the views show a refusal in the request's language."""

from __future__ import annotations

import pytest
from django.utils import translation

from dealer.engine import Check, DealStreet, HandConfig, NoLimit, Variant, parse_cards, text
from dealer.engine import apply as apply_hand
from dealer.engine import start as start_hand
from dealer.engine.dice import Accept, Claim, Hand, IllegalAction, LiarsConfig
from dealer.engine.dice.liars import apply, start
from tests.dealer.conftest import Tablet
from tests.dealer.poker.test_table_views import text as page_text


def wrapped_gettext(message: str) -> str:
    """Django's gettext, with a mark that shows the message went through it."""
    return "«" + translation.gettext(message) + "»"


def wrapped_ngettext(singular: str, plural: str, number: int) -> str:
    return "«" + translation.ngettext(singular, plural, number) + "»"


def wrapped_pgettext(context: str, message: str) -> str:
    return "«" + translation.pgettext(context, message) + "»"


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(text, "translate", wrapped_gettext)
    monkeypatch.setattr(text, "translate_plural", wrapped_ngettext)
    monkeypatch.setattr(text, "translate_in_context", wrapped_pgettext)


def test_the_rules_translate_with_djangos_gettext_once_the_app_is_ready() -> None:
    assert text.translate is translation.gettext
    assert text.translate_plural is translation.ngettext
    assert text.translate_in_context is translation.pgettext


def test_a_lone_verb_is_not_taken_for_the_same_word_elsewhere_on_the_screens() -> None:
    """The history's "bet" is a past participle ("satsat"); "Cannot bet now" asks for the verb,
    in its own context, so it never borrows that translation."""
    config = HandConfig(variant=Variant.HOLDEM, structure=NoLimit(), stacks=(100, 100))
    state = start_hand(config)
    state = apply_hand(state, Check(state.to_act))
    state = apply_hand(state, Check(state.to_act))  # the dealer deals the flop next
    with pytest.raises(IllegalAction) as error:
        apply_hand(state, Check(0))
    with translation.override("en"):
        assert str(error.value) == ("Cannot bet now: the dealer must deal the next street first.")
    with translation.override("sv"):
        assert translation.gettext("bet") == "satsat"
        assert "satsat" not in str(error.value)


def refused_claim() -> IllegalAction:
    """Bjarni accepted Anna's pair of jacks and claims a pair of tens: not higher."""
    state = start(LiarsConfig(names=("Anna", "Bjarni", "Dóra"), chips=3, stake=1))
    state = apply(state, Claim(0, Hand.of("PAIR", "J")))
    state = apply(state, Accept(1))
    with pytest.raises(IllegalAction) as error:
        apply(state, Claim(1, Hand.of("PAIR", "10")))
    return error.value


def test_a_refusal_is_english_in_english() -> None:
    with translation.override("en"):
        assert str(refused_claim()) == (
            "Bjarni must claim more than a pair of jacks (Anna's claim), not a pair of tens."
        )


def test_a_refusal_in_swedish_goes_through_gettext_at_every_level(marked: None) -> None:
    """The whole sentence, each combination and each face pass through gettext in Swedish;
    the sentence, "a pair of" and "jacks" come out Swedish, the names stay as they are."""
    error = refused_claim()
    with translation.override("sv"):
        shown = str(error)
    assert shown == (
        "«Bjarni måste bjuda mer än «ett par «knektar»» (budet från Anna), inte «ett par «tior»».»"
    )


def test_a_refusal_is_put_into_words_in_the_language_active_when_shown() -> None:
    """The board of the flop is three cards: the street is named in the language of the page
    that shows the refusal, not of the moment the rules refused."""
    config = HandConfig(variant=Variant.HOLDEM, structure=NoLimit(), stacks=(100, 100))
    state = start_hand(config)
    state = apply_hand(state, Check(state.to_act))
    state = apply_hand(state, Check(state.to_act))
    with pytest.raises(IllegalAction) as error:
        apply_hand(state, DealStreet(board=parse_cards("As Kd")))
    with translation.override("en"):
        assert str(error.value) == "The flop is 3 card(s), not 2."
    with translation.override("sv"):
        assert "flopp" in str(error.value)
    with translation.override("de"):
        assert "Flop" in str(error.value)


@pytest.mark.django_db
def test_a_refused_table_action_shows_the_rules_message_through_gettext(
    tablet: Tablet, marked: None
) -> None:
    tablet.start()
    response = tablet.act("raise", amount=15)
    assert response.status_code == 200
    assert "«Seat 1 cannot «raise to» 15: the amount must be «from 20 to 1000».»" in page_text(
        response
    )
