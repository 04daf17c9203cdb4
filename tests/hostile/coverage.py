"""What the walker does not reach: form fields, raw request fields and URL patterns.

- Every field of every form class of the dealer and ledger apps (every module of theirs that
  declares one: each family's forms.py, the calculator, the tournament's views, ledger/forms.py)
  must be swept by a context that builds that form (fields repeated per player, colour or row
  count as one: digits are ignored).
- Every name a view reads raw (`request.POST.get("…")`, `request.GET.get("…")`, `.getlist`,
  and `data.get("…")` where the view passes request.POST on as `data`) must be swept somewhere.
- Every URL pattern outside the admin must have a valid request (admin patterns get access and
  path checks only: no account in the world is staff).

`missing(world)` lists what is not covered; the test asserts the list is empty, so a field or
a URL added later cannot be missed silently.
"""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path
from typing import Any

from django import forms
from django.apps import apps
from django.conf import settings
from django.db import transaction

from tests.hostile.endpoints import Context, contexts
from tests.hostile.walk import patterns
from tests.hostile.world import World

# The apps whose forms and views the walker must reach: every module of theirs (the pure rules
# and the migrations aside) is read, so a new family's forms and views are found without a list.
APPS = ("dealer", "ledger")


def pure_modules() -> tuple[str, ...]:
    """The apps' pure rules (an app config's `pure_modules`: dealer.families, LedgerConfig):
    no form and no request in them."""
    return tuple(
        name for app in apps.get_app_configs() for name in getattr(app, "pure_modules", ())
    )


def app_modules() -> list[str]:
    """Every module of APPS but the pure rules and the migrations, as dotted names."""
    base = Path(settings.BASE_DIR)
    pure = pure_modules()
    names = []
    for app in APPS:
        for path in sorted((base / app).rglob("*.py")):
            parts = path.relative_to(base).with_suffix("").parts
            if {"migrations", "management", "urls"} & set(parts):
                continue
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            if any(name == p or name.startswith(f"{p}.") for p in pure):
                continue
            names.append(name)
    return names


def form_modules() -> list[str]:
    """The modules that declare a form (a view module may declare its own)."""
    found = []
    for name in app_modules():
        module = importlib.import_module(name)
        if any(
            issubclass(cls, forms.BaseForm) and cls.__module__ == name
            for _, cls in inspect.getmembers(module, inspect.isclass)
        ):
            found.append(name)
    return found


def view_modules() -> list[str]:
    """The source files that read request.POST or request.GET (views, and their helpers)."""
    base = Path(settings.BASE_DIR)
    paths = [Path(*name.split(".")).with_suffix(".py") for name in app_modules()]
    paths = [p if (base / p).exists() else p.with_suffix("") / "__init__.py" for p in paths]
    return [str(p) for p in paths if "request." in (base / p).read_text()]


RAW = re.compile(r"""(?:request\.(?:POST|GET)|\bdata)\.(?:get|getlist)\(\s*f?["']([^"']+)["']""")


def _plain(name: str) -> str:
    """A field name without its numbers and f-string parts: chips_12 and chips_{pk} alike."""
    return re.sub(r"\{[^}]*\}|\d+", "#", name)


def _built(context: Context) -> list[Any]:
    if context.form is None:
        return []
    with transaction.atomic():
        built = context.form(dict(context.data))
    return list(built.values()) if isinstance(built, dict) else [built]


def _post_name(form: Any, field: str) -> str:
    return f"{form.prefix}-{field}" if form.prefix else field


def missing_form_fields(all_contexts: list[Context]) -> list[str]:
    swept: dict[type, set[str]] = {}
    for context in all_contexts:
        names = {_plain(name) for name in context.fields}
        for form in _built(context):
            swept.setdefault(type(form), set()).update(names)
    gaps = []
    for module_name in form_modules():
        module = importlib.import_module(module_name)
        for name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != module_name or not issubclass(cls, forms.BaseForm):
                continue
            if any(sub.__module__.startswith(APPS) for sub in cls.__subclasses__()):
                continue  # a base of other forms (their fields are checked with them)
            if cls not in swept:
                gaps.append(f"{module_name}.{name}: no valid request builds this form")
                continue
            built = [form for c in all_contexts for form in _built(c) if type(form) is cls]
            fields = {_plain(_post_name(form, f)) for form in built for f in form.fields}
            for field in sorted(fields - swept[cls]):
                gaps.append(f"{module_name}.{name}.{field}: not swept")
    return gaps


def missing_raw_fields(all_contexts: list[Context]) -> list[str]:
    swept = {_plain(name) for context in all_contexts for name in context.fields}
    form_fields = set()
    for context in all_contexts:
        for form in _built(context):
            form_fields |= {_plain(f) for f in form.fields}
    gaps = []
    base = Path(settings.BASE_DIR)
    for path in view_modules():
        for name in sorted(set(RAW.findall((base / path).read_text()))):
            plain = _plain(name)
            # `data.get` on a form's cleaned data reads a form field, swept above.
            if plain not in swept and plain not in form_fields:
                gaps.append(f"{path}: {name!r} is read but never swept")
    return gaps


def missing_patterns(all_contexts: list[Context]) -> list[str]:
    named = {context.name for context in all_contexts}
    return [
        f"{p.name} ({p.view}): no valid request"
        for p in patterns()
        if p.name not in named and not p.name.startswith("admin:")
    ]


def missing(world: World) -> list[str]:
    """Everything the walker would not reach, one line each (empty: nothing)."""
    all_contexts = contexts(world)
    return [
        *missing_form_fields(all_contexts),
        *missing_raw_fields(all_contexts),
        *missing_patterns(all_contexts),
    ]
