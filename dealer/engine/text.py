"""What the pure rules say to people, translatable without importing Django.

A refusal is built as a `Msg`: an English msgid with `%(name)s` placeholders and its values. It is
put into words only when shown (`str(msg)`), through the hooks `translate` and `translate_plural`.
They default to English (the msgid as it is); the Django app sets them to Django's `gettext` and
`ngettext` (dealer/apps.py), so a refusal reads in the language of the request that shows it.

The markers let `manage.py makemessages` find the msgids: xgettext extracts the string passed to
any function named `gettext_noop`, the singular and plural passed to one named `ngettext_lazy`,
and the context and message passed to one named `pgettext_lazy` (keywords Django's makemessages
gives it). A context tells apart a lone word that the screens use otherwise ("bet" the verb in
"Cannot bet now", not "bet" the past participle of the history).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any


def gettext_noop(message: str) -> str:
    """Mark `message` for translation and return it as it is (see the module docstring)."""
    return message


def _english(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, number: int) -> str:
    return singular if number == 1 else plural


def _english_in_context(context: str, message: str) -> str:
    return message


# Set by the Django app (dealer/apps.py) to gettext, ngettext and pgettext; English until then.
translate: Callable[[str], str] = _english
translate_plural: Callable[[str, str, int], str] = _english_plural
translate_in_context: Callable[[str, str], str] = _english_in_context


class Msg:
    """A message in the rules' words: a msgid and its named values, put into words when shown.

    A value that is itself a `Msg` is put into words too, in the same language. Immutable,
    comparable and picklable, like the strings it stands for.
    """

    __slots__ = ("msgid", "plural", "number", "context", "params")

    msgid: str
    plural: str | None
    number: int
    context: str | None
    params: tuple[tuple[str, Any], ...]

    def __init__(
        self,
        msgid: str,
        /,
        *,
        _plural: str | None = None,
        _number: int = 1,
        _context: str | None = None,
        **params: Any,
    ) -> None:
        object.__setattr__(self, "msgid", msgid)
        object.__setattr__(self, "plural", _plural)
        object.__setattr__(self, "number", _number)
        object.__setattr__(self, "context", _context)
        object.__setattr__(self, "params", tuple(sorted(params.items())))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Msg is immutable")

    def __str__(self) -> str:
        if self.context is not None:
            text = translate_in_context(self.context, self.msgid)
        elif self.plural is None:
            text = translate(self.msgid)
        else:
            text = translate_plural(self.msgid, self.plural, self.number)
        if not self.params:
            return text
        return text % {name: str(value) for name, value in self.params}

    def __repr__(self) -> str:
        # Not str(self): a repr must not fail, nor depend on the active language.
        values = "".join(f", {name}={value!r}" for name, value in self.params)
        return f"Msg({self.msgid!r}{values})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Msg):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[Any, ...]:
        return (self.msgid, self.plural, self.number, self.context, self.params)

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _rebuild,
            (self.msgid, self.plural, self.number, self.context, dict(self.params)),
        )


def _rebuild(
    msgid: str, plural: str | None, number: int, context: str | None, params: Mapping[str, Any]
) -> Msg:
    return Msg(msgid, _plural=plural, _number=number, _context=context, **params)


def ngettext_lazy(singular: str, plural: str, number: int, /, **params: Any) -> Msg:
    """A message whose words depend on `number` (one card, two cards), chosen when shown.

    Named like Django's `ngettext_lazy` so that makemessages extracts both forms; like it, it
    returns a message translated when put into words.
    """
    return Msg(singular, _plural=plural, _number=number, **params)


def pgettext_lazy(context: str, message: str, /, **params: Any) -> Msg:
    """A message translated in `context` when shown (a lone word that means something else
    elsewhere). Named like Django's `pgettext_lazy` so that makemessages extracts it with its
    context; like it, it returns a message translated when put into words."""
    return Msg(message, _context=context, **params)


Text = str | Msg


def joined(items: Iterable[Text], last: str = "or") -> Text:
    """`items` as a list in words: "a", "a or b", "a, b or c" (`last` "or", "and", or "," for
    "a, b, c"). The joiners are translatable; a single item is itself."""
    parts = list(items)
    if not parts:
        return ""
    head = parts[0]
    if len(parts) == 1:
        return head
    for part in parts[1:-1]:
        head = Msg(gettext_noop("%(list)s, %(item)s"), list=head, item=part)
    if last == ",":
        return Msg(gettext_noop("%(list)s, %(item)s"), list=head, item=parts[-1])
    if last == "and":
        return Msg(gettext_noop("%(list)s and %(last)s"), list=head, last=parts[-1])
    return Msg(gettext_noop("%(list)s or %(last)s"), list=head, last=parts[-1])
