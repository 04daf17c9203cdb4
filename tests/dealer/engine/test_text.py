"""The rules' refusals are messages put into words when shown: English by default, and through
the translation hook (dealer/apps.py sets it to Django's gettext) when there is one."""

from __future__ import annotations

import ast
import pickle
import re
from pathlib import Path

import pytest

from dealer.engine import HandState, start, text
from dealer.engine.actions import Check, IllegalAction, Raise
from dealer.engine.text import Msg, gettext_noop, joined, ngettext_lazy, pgettext_lazy
from tests.dealer.engine.test_hand import holdem, refused


@pytest.fixture
def bracketed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stand-in translation: every msgid comes back in [brackets], plurals too."""
    monkeypatch.setattr(text, "translate", lambda message: f"[{message}]")
    monkeypatch.setattr(
        text,
        "translate_plural",
        lambda singular, plural, number: f"[{singular if number == 1 else plural}]",
    )
    monkeypatch.setattr(text, "translate_in_context", lambda context, message: f"[{message}]")


def three_handed() -> HandState:
    """No-limit hold'em 5/10, 1000 each: seat 3 is first to act, facing the big blind."""
    return start(holdem((1000, 1000, 1000), blinds=(5, 10, 0)))


def test_a_refusal_reads_in_english_without_a_translation() -> None:
    state = three_handed()
    assert refused(state, Raise(2, 15)) == (
        "Seat 3 cannot raise to 15: the amount must be from 20 to 1000."
    )
    assert refused(state, Check(2)) == (
        "Seat 3 cannot check: they may call 10, raise to 20 to 1000 or fold."
    )


def test_a_refusal_is_translated_at_every_level_with_its_values(bracketed: None) -> None:
    """The words come from the hook when shown; the numbers stay as they are."""
    assert refused(three_handed(), Raise(2, 15)) == (
        "[Seat 3 cannot [raise to] 15: the amount must be [from 20 to 1000].]"
    )


def test_the_options_and_their_joiners_are_translated(bracketed: None) -> None:
    """ "they may call 10, raise to 20 to 1000 or fold": each option, the comma and the "or"."""
    assert refused(three_handed(), Check(2)) == (
        "[Seat 3 cannot check: [they may [[[call 10], [raise to [20 to 1000]]] or [fold]]].]"
    )


def test_a_message_is_rendered_when_shown_not_when_made(monkeypatch: pytest.MonkeyPatch) -> None:
    error = IllegalAction(Msg(gettext_noop("Seat %(seat)s cannot fold."), seat=4))
    assert str(error) == "Seat 4 cannot fold."
    monkeypatch.setattr(text, "translate", lambda message: message.replace("Seat", "Sitz"))
    assert str(error) == "Sitz 4 cannot fold."


def test_a_plural_message_picks_the_form_by_the_number() -> None:
    one = ngettext_lazy("%(count)s card", "%(count)s cards", 1, count=1)
    two = ngettext_lazy("%(count)s card", "%(count)s cards", 2, count=2)
    assert (str(one), str(two)) == ("1 card", "2 cards")


def test_a_word_in_context_is_translated_in_its_context(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        text, "translate_in_context", lambda context, message: f"{message}/{context}"
    )
    assert str(pgettext_lazy("verb", "bet")) == "bet/verb"
    assert pgettext_lazy("verb", "bet") != Msg(gettext_noop("bet"))


@pytest.mark.parametrize(
    ("items", "last", "words"),
    [
        (["a"], "or", "a"),
        (["a", "b"], "or", "a or b"),
        (["a", "b", "c"], "or", "a, b or c"),
        (["a", "b", "c"], "and", "a, b and c"),
        (["a", "b", "c"], ",", "a, b, c"),
        ([], "or", ""),
    ],
)
def test_lists_are_joined_as_before(items: list[str], last: str, words: str) -> None:
    assert str(joined(items, last)) == words


def test_a_message_is_a_value_like_the_string_it_stands_for() -> None:
    msg = Msg(gettext_noop("%(a)s or %(b)s"), a=Msg(gettext_noop("fold")), b=2)
    assert msg == Msg(gettext_noop("%(a)s or %(b)s"), b=2, a=Msg(gettext_noop("fold")))
    assert hash(msg) == hash(pickle.loads(pickle.dumps(msg)))
    assert pickle.loads(pickle.dumps(msg)) == msg
    error = pickle.loads(pickle.dumps(IllegalAction(msg)))
    assert str(error) == "fold or 2"
    with pytest.raises(AttributeError):
        msg.msgid = "x"  # type: ignore[misc]


def test_every_message_in_the_rules_is_given_the_values_it_names() -> None:
    """A placeholder without its value would turn a refusal into a KeyError on screen."""
    root = Path(__file__).resolve().parents[3] / "dealer"
    checked = 0
    for path in [*root.glob("engine/*.py"), *root.glob("dice/*.py"), *root.glob("deluxe/*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("Msg", "ngettext_lazy")
                and node.args
                and isinstance(node.args[0], ast.Call)
                and getattr(node.args[0].func, "id", None) == "gettext_noop"
            ):
                continue
            msgid = node.args[0].args[0].value  # type: ignore[attr-defined]
            named = set(re.findall(r"%\((\w+)\)s", msgid))
            given = {k.arg for k in node.keywords if k.arg and not k.arg.startswith("_")}
            assert named == given, f"{path.name}:{node.lineno}: {msgid!r} given {given}"
            checked += 1
    assert checked > 150
