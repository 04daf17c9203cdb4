"""Send the requests and judge the answers.

Every URL pattern of the root resolver is walked. For each valid request (`endpoints.Context`):

- access: the valid request as anonymous, the host, another host and the co-dealer, and the
  pattern's other method; then each path argument replaced by the other host's id, an id that
  exists nowhere, 0, 2**31, 2**63, 10**20 and 5,000 digits (<int:…>), or a NUL, "%00", a NUL
  inside, 500 characters, unicode, 2**63 (<str:…>, <path:…>);
- fields: one field at a time replaced by each hostile value of values.VALUES, by values just
  outside the field's bounds, and left out (and, for structured texts, hostile numbers inside
  a valid text; for multi-value fields, lists that fill the 1,000 fields Django accepts),
  everything else valid, as the context's role; with and without HX-Request, alternately.

Each request runs in a savepoint that is rolled back afterwards, so every request meets the
same world and the hostile value is the only thing wrong with it. A request must never answer
5xx. A request that must be refused (a value its field's kind refuses, no access, a hostile
path, a GET, a request that never stores anything) must leave the database as it was: every
row of every model of dealer/ and ledger/ and of auth.User, compared with the rows before the
walk, for the tables the request wrote to (an INSERT, UPDATE or DELETE; a request that wrote
nothing changed nothing). After a request that stored something new, the context's pages are
read back (all of them for a value that had to be refused, the first for one that may be
stored): what was stored must not break them.

Sampling, so the walk stays well under a minute:
- values a Django form field provably treats alike (the same cleaned value, or the same error
  codes) reach the view identically when the view reads the field only through that form: one
  value of each class is sent (the report names the others). Free text is stored and shown,
  never parsed: short plain ASCII texts are one class (values.Text.alike);
- a family of fields read by the same code (a count per player, a stack per player, the
  version every tournament page reads through one helper) gets every value on its first
  field and FAMILY_VALUES on the others;
- fields a view reads raw (`request.POST.get`) get every value.
"""

from __future__ import annotations

import re
import sys
import time
import traceback
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.signals import got_request_exception
from django.db import DatabaseError, connection, models, transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils.regex_helper import normalize

from tests.hostile import endpoints
from tests.hostile.endpoints import ANONYMOUS, CO_DEALER, OTHER, OWNER, ROLES, Context
from tests.hostile.values import (
    PATH_INTS,
    PATH_STRS,
    VALUES,
    Field,
    Hostile,
    Many,
    lists_for,
)
from tests.hostile.world import World

WRITE = re.compile(r"^\s*(?:WITH\b.*?\b)?(?:INSERT|UPDATE|DELETE|REPLACE)\b", re.I | re.S)
MAX_FIELDS = 1000  # Django's DATA_UPLOAD_MAX_NUMBER_FIELDS
# Later fields of a family (the same form field for another player, colour or row) get these.
FAMILY_VALUES = ("²", "2**31", "2**63", "5,000 digits", "100,000 chars")
ABSENT = Hostile("(absent)", "")
_UID = "hostile-walker"


# --- the client -----------------------------------------------------------------------------


class WalkerClient(Client):
    """Django's test client without its per-template context copies (a third of the time on
    big pages) and without keeping cookies: every request carries the role's login cookie as
    it was, so a login, a logout or a remembered level never leaks into the next request. The
    exception behind a 500 is kept as `response.exc_info`."""

    def request(self, **request: Any) -> Any:
        environ = self._base_environ(**request)
        caught: list[Any] = []

        def on_exception(sender: Any, **kwargs: Any) -> None:
            caught.append(sys.exc_info())

        got_request_exception.connect(on_exception, dispatch_uid=_UID)
        try:
            response = self.handler(environ)
        finally:
            got_request_exception.disconnect(dispatch_uid=_UID)
        response.exc_info = caught[-1] if caught else None
        return response


# --- the database before and after ----------------------------------------------------------


def watched_models() -> list[type[models.Model]]:
    """Every model of the project's apps (with their many-to-many tables) and auth.User."""
    user = get_user_model()
    found = [user, *(f.remote_field.through for f in user._meta.many_to_many)]
    for label in ("dealer", "ledger"):
        found += apps.get_app_config(label).get_models(include_auto_created=True)
    return found


Snapshot = dict[str, dict[Any, tuple[Any, ...]]]


def snapshot(labels: set[str] | None = None) -> Snapshot:
    """Every row of the watched models (or of the models `labels` names), by pk."""
    rows: Snapshot = {}
    for model in watched_models():
        if labels is None or model._meta.label in labels:
            query = model._base_manager.order_by("pk").values_list(*_columns(model))
            rows[model._meta.label] = {row[0]: row for row in query}
    return rows


def _columns(model: type[models.Model] | str) -> list[str]:
    """The pk first, then every other column."""
    meta = apps.get_model(model)._meta if isinstance(model, str) else model._meta
    return [meta.pk.attname, *(f.attname for f in meta.concrete_fields if not f.primary_key)]


def difference(before: Snapshot, after: Snapshot) -> list[str]:
    """What changed, one line a model: rows added, removed, and columns changed."""
    lines = []
    for label, rows in after.items():
        old = before.get(label, {})
        if rows == old:
            continue
        added = len(rows.keys() - old.keys())
        removed = len(old.keys() - rows.keys())
        names = _columns(label)
        changed: set[str] = set()
        for pk in rows.keys() & old.keys():
            if rows[pk] != old[pk]:
                pairs = enumerate(zip(rows[pk], old[pk], strict=True))
                changed |= {names[i] for i, (a, b) in pairs if a != b}
        parts = [f"+{added} rows"] * bool(added) + [f"-{removed} rows"] * bool(removed)
        if changed:
            parts.append("changed " + ", ".join(sorted(changed)))
        lines.append(f"{label}: {'; '.join(parts)}")
    return lines


INSTANT = re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d")


def _timeless(value: Any) -> Any:
    """A statement parameter without the instant it was written (`now` differs each time)."""
    from datetime import date

    if isinstance(value, date) or (isinstance(value, str) and INSTANT.match(value)):
        return None
    return value


class WriteWatch:
    """Notes the INSERT, UPDATE and DELETE statements a request runs
    (connection.execute_wrapper): which tables, and what they wrote (parameters without
    instants), so that two requests that stored the same thing can be told apart cheaply."""

    TABLE = re.compile(r'(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([\w.]+)"?', re.I)

    def __init__(self) -> None:
        self.tables: set[str] = set()
        self.statements: list[tuple[str, str]] = []

    @property
    def wrote(self) -> bool:
        return bool(self.tables)

    def __call__(
        self,
        execute: Callable[..., Any],
        sql: str,
        params: Any,
        many: bool,
        context: dict[str, Any],
    ) -> Any:
        result = execute(sql, params, many, context)
        # (An INSERT … RETURNING has no rowcount until it is read: every write counts, the
        # snapshot then tells whether anything changed.)
        if WRITE.match(sql):
            table = self.TABLE.search(sql)
            self.tables.add(table.group(1) if table else "?")
            values = params if not many else [v for group in params for v in group]
            try:
                written = repr(tuple(_timeless(v) for v in values or ()))
            except ValueError:  # an int too long to print: never the same as another write
                written = f"(unprintable {len(self.statements)})"
            self.statements.append((sql, written))
        return result

    def models(self) -> set[str] | None:
        """The watched models behind the tables written (None: all of them)."""
        by_table = {m._meta.db_table: m._meta.label for m in watched_models()}
        if not self.tables <= by_table.keys():
            return None
        return {by_table[t] for t in self.tables}


# --- URL patterns ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Pattern:
    """A URL pattern of the root resolver: its namespaced name, a format string for its path
    and the converter of each argument ("int", "str", "path", or "regex")."""

    name: str
    fmt: str
    converters: tuple[tuple[str, str], ...]
    view: str

    def path(self, kwargs: dict[str, Any]) -> str:
        return "/" + self.fmt % {k: quote(str(v), safe="") for k, v in kwargs.items()}


def _view_name(callback: Any) -> str:
    target = getattr(callback, "view_class", None) or callback
    while hasattr(target, "__wrapped__"):
        target = target.__wrapped__
    module = getattr(target, "__module__", "?")
    return f"{module}.{getattr(target, '__qualname__', repr(target))}"


def _converter_name(converter: Any) -> str:
    return type(converter).__name__.removesuffix("Converter").lower()


def patterns() -> list[Pattern]:
    """Every URL pattern, walked recursively from the root resolver."""
    found: list[Pattern] = []

    def walk(entries: Any, prefix: str, converters: dict[str, str], spaces: list[str]) -> None:
        for entry in entries:
            fmt, params = normalize(entry.pattern.regex.pattern)[0]
            own = {
                k: _converter_name(c) for k, c in getattr(entry.pattern, "converters", {}).items()
            }
            kinds = {**converters, **{p: own.get(p, "regex") for p in params}}
            if isinstance(entry, URLResolver):
                inner = [*spaces, entry.namespace] if entry.namespace else spaces
                walk(entry.url_patterns, prefix + fmt, kinds, inner)
            elif isinstance(entry, URLPattern):
                name = ":".join([*spaces, entry.name]) if entry.name else ""
                label = name or f"{':'.join(spaces)}:<unnamed {prefix + fmt}>"
                found.append(
                    Pattern(label, prefix + fmt, tuple(kinds.items()), _view_name(entry.callback))
                )

    walk(get_resolver().url_patterns, "", {}, [])
    return found


def _generic_kwargs(pattern: Pattern, world: World) -> dict[str, Any]:
    """Path arguments for a pattern the walker has no valid request for (the admin's)."""
    from django.contrib.contenttypes.models import ContentType

    values: dict[str, Any] = {}
    for name, _converter in pattern.converters:
        if name == "app_label":
            values[name] = "auth"
        elif name == "content_type_id":
            values[name] = ContentType.objects.get_for_model(get_user_model()).pk
        elif name == "url":
            values[name] = "nothing-here/"
        else:
            values[name] = world.owner.user.pk
    return values


# --- what happened ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Cause:
    """Why a request failed: the exception, its message and the last frame of Pott's code."""

    type: str
    message: str
    where: str
    code: str
    innermost: str


@dataclass
class Outcome:
    view: str
    pattern: str
    context: str
    method: str
    path: str
    role: str
    htmx: bool
    field: str | None
    value: str
    status: int
    refuse: str  # why the request must change nothing ("" when it may)
    changed: list[str]
    cause: Cause | None
    also: tuple[str, ...] = ()
    after: str = ""  # a page read back after this request stored something


BASE = Path(settings.BASE_DIR).resolve()


def _is_app(filename: str) -> bool:
    path = Path(filename)
    if not path.is_absolute() or "site-packages" in path.parts or ".venv" in path.parts:
        return False  # (compiled extensions name their sources relative: not Pott's)
    try:
        relative = path.resolve().relative_to(BASE)
    except ValueError:
        return False
    return relative.parts[0] not in {"tests", "bench"}


def _short(text: str, limit: int = 240) -> str:
    text = re.sub(r"(.)\1{24,}", lambda m: f"{m.group(1)}…(×{len(m.group(0))})", text)
    return text if len(text) <= limit else text[:limit] + "…"


def _place(frame: traceback.FrameSummary) -> str:
    """file:line in function, the file relative to the checkout or to site-packages."""
    name = frame.filename
    if _is_app(name):
        name = str(Path(name).resolve().relative_to(BASE))
    else:
        name = name.split("site-packages/")[-1]
    return f"{name}:{frame.lineno} in {frame.name}"


def cause_of(exc_info: Any) -> Cause:
    """The exception, and the last frame of Pott's own code it passed through."""
    kind, error, tb = exc_info
    frames = traceback.extract_tb(tb)
    mine = [f for f in frames if _is_app(f.filename)]
    last = mine[-1] if mine else frames[-1]
    code = (last.line or "").strip()
    return Cause(kind.__name__, _short(str(error)), _place(last), code, _place(frames[-1]))


# --- the walk --------------------------------------------------------------------------------


@dataclass
class Report:
    outcomes: list[Outcome]
    seconds: float
    database: str
    unvisited: list[str] = field(default_factory=list)
    quiet_baselines: list[str] = field(default_factory=list)

    @property
    def requests(self) -> int:
        return len(self.outcomes)

    def server_errors(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status >= 500]

    def stored_by_refused(self) -> list[Outcome]:
        return [
            o for o in self.outcomes if o.refuse and o.changed and o.status < 500 and not o.after
        ]

    def text(self) -> str:
        from tests.hostile.report import render

        return render(self)


class Walker:
    def __init__(self, world: World, contexts: list[Context]) -> None:
        self.world = world
        self.contexts = contexts
        self.clients: dict[str, WalkerClient] = {}
        for role, user in (
            (OWNER, world.owner.user),
            (OTHER, world.other.user),
            (CO_DEALER, world.co_dealer),
            (ANONYMOUS, None),
        ):
            client = WalkerClient(raise_request_exception=False)
            if user is not None:
                client.force_login(user)
            self.clients[role] = client
        self.before = snapshot()
        self.outcomes: list[Outcome] = []
        self.quiet: list[str] = []
        self.count = 0
        self.followed: set[tuple[str, Any]] = set()
        # Families of fields read the same way (see values.Field): the first gets every value.
        self.families: set[str] = set()

    # One request, judged.
    def send(
        self,
        pattern: Pattern,
        context: Context,
        *,
        method: str,
        kwargs: dict[str, Any],
        data: dict[str, Any],
        role: str,
        refuse: str,
        field_name: str | None = None,
        value: str = "(valid)",
        also: tuple[str, ...] = (),
        htmx: bool | None = None,
    ) -> Outcome:
        self.count += 1
        htmx = self.count % 2 == 0 if htmx is None else htmx
        path = pattern.path(kwargs)
        watch = WriteWatch()
        with transaction.atomic():
            with connection.execute_wrapper(watch):
                response = self._request(role, method, path, data, htmx)
            changed: list[str] = []
            if watch.wrote and response.status_code >= 500:
                changed = ["(not read: server error)"]
            elif watch.wrote:
                try:
                    with transaction.atomic():
                        changed = difference(self.before, snapshot(watch.models()))
                except DatabaseError as error:
                    changed = [f"(not read: {type(error).__name__})"]
            stored = tuple(watch.statements) if changed else ()
            outcome = Outcome(
                pattern.view,
                pattern.name,
                context.label,
                method,
                path,
                role,
                htmx,
                field_name,
                value,
                response.status_code,
                refuse,
                changed,
                cause_of(response.exc_info) if response.exc_info else None,
                also,
            )
            self.outcomes.append(outcome)
            if (
                stored
                and context.follow is not None
                and (pattern.name, stored) not in self.followed
            ):
                # Read the pages back once for each different thing stored.
                self.followed.add((pattern.name, stored))
                self._follow(pattern, context, role, outcome)
            transaction.set_rollback(True)
        return outcome

    def _request(self, role: str, method: str, path: str, data: dict[str, Any], htmx: bool) -> Any:
        client = self.clients[role]
        headers = {"HX-Request": "true"} if htmx else {}
        if method == "GET":
            query = urlencode(data, doseq=True)
            return client.get(path + ("?" + query if query else ""), headers=headers)
        return client.generic(
            "POST",
            path,
            urlencode(data, doseq=True),
            "application/x-www-form-urlencoded",
            headers=headers,
        )

    def _follow(self, pattern: Pattern, context: Context, role: str, source: Outcome) -> None:
        assert context.follow is not None
        try:
            with transaction.atomic():
                pages = context.follow()
        except Exception as error:  # a page list that cannot be made is itself a finding
            pages = []
            self.quiet.append(f"{pattern.name} [{context.label}]: follow-up pages: {error!r}")
        # A value that had to be refused: every page; one that may be stored: the first.
        for page in pages if source.refuse else pages[:1]:
            response = self._request(role, "GET", page, {}, False)
            if response.status_code >= 500:
                self.outcomes.append(
                    Outcome(
                        source.view,
                        source.pattern,
                        source.context,
                        "GET",
                        page,
                        role,
                        False,
                        source.field,
                        source.value,
                        response.status_code,
                        "",
                        [],
                        cause_of(response.exc_info) if response.exc_info else None,
                        source.also,
                        after=f"{source.method} {source.path}",
                    )
                )

    # The plan.
    def run(self) -> None:
        by_name: dict[str, list[Context]] = defaultdict(list)
        for context in self.contexts:
            by_name[context.name].append(context)
        self.unvisited = []
        for pattern in patterns():
            contexts = by_name.pop(pattern.name, [])
            if not contexts:
                self.unvisited.append(f"{pattern.name} ({pattern.view})")
                generic = Context(
                    pattern.name,
                    "no valid request",
                    _generic_kwargs(pattern, self.world),
                    method="GET",
                    writes=False,
                    writers=(),
                )
                contexts = [generic, Context(**{**generic.__dict__, "method": "POST"})]
            self._access(pattern, contexts)
            for context in contexts:
                self._fields(pattern, context)
        if by_name:
            raise LookupError(f"contexts for URL names that do not exist: {sorted(by_name)}")

    def _refuse(self, context: Context, role: str, method: str) -> str:
        if method == "GET":
            return "a GET"
        if not context.writes:
            return "never stores"
        if role not in context.writers:
            return f"no access ({role})"
        return ""

    def _access(self, pattern: Pattern, contexts: list[Context]) -> None:
        for context in contexts:
            for role in ROLES:
                outcome = self.send(
                    pattern,
                    context,
                    method=context.method,
                    kwargs=context.kwargs,
                    data=context.data,
                    role=role,
                    refuse=self._refuse(context, role, context.method),
                )
                if role == context.role and context.writes and not outcome.changed:
                    if outcome.status < 500:
                        self.quiet.append(
                            f"{pattern.name} [{context.label}] as {role}: "
                            f"{outcome.status}, stored nothing"
                        )
        first = contexts[0]
        other_method = "POST" if first.method == "GET" else "GET"
        self.send(
            pattern,
            first,
            method=other_method,
            kwargs=first.kwargs,
            data=first.data,
            role=first.role,
            refuse=self._refuse(first, first.role, other_method) or f"{other_method} not allowed",
        )
        converters = dict(pattern.converters)
        for name in first.kwargs:
            hostile: list[Hostile] = []
            if name in first.other_kwargs:
                hostile.append(Hostile("other host's", str(first.other_kwargs[name])))
            if converters.get(name) == "int":
                hostile.append(Hostile("missing", str(self.world.max_id + 1000)))
                hostile += PATH_INTS
            else:
                hostile += PATH_STRS
            for h in hostile:
                self.send(
                    pattern,
                    first,
                    method=first.method,
                    kwargs={**first.kwargs, name: h.value},
                    data=first.data,
                    role=first.role,
                    refuse=f"hostile path {name}",
                    field_name=f"<{name}>",
                    value=h.label,
                )

    def _fields(self, pattern: Pattern, context: Context) -> None:
        seen_families = self.families
        for name, spec in context.fields.items():
            baseline = context.data.get(name, "")
            values = [*VALUES, ABSENT, *spec.kind.edges()]
            if isinstance(baseline, str):
                values += spec.kind.embedded(baseline)
            if isinstance(spec.kind, Many) or isinstance(baseline, list):
                # Multi-value fields: lists that fill the form up to Django's limit.
                others = sum(
                    len(v) if isinstance(v, list) else 1
                    for k, v in context.data.items()
                    if k != name
                )
                choices = spec.kind.choices if isinstance(spec.kind, Many) else baseline
                values += lists_for(list(choices), MAX_FIELDS - others)
            if spec.family is not None:
                if spec.family in seen_families:
                    values = [v for v in values if v.label in FAMILY_VALUES]
                seen_families.add(spec.family)
            for hostile, also in self._classes(context, name, spec, values):
                data = dict(context.data)
                if hostile is ABSENT:
                    data.pop(name, None)
                else:
                    data[name] = hostile.value
                refused = spec.kind.refuses(hostile.value)
                refuse = "hostile value" if refused else ""
                if not refuse:
                    refuse = self._refuse(context, context.role, context.method)
                self.send(
                    pattern,
                    context,
                    method=context.method,
                    kwargs=context.kwargs,
                    data=data,
                    role=context.role,
                    refuse=refuse,
                    field_name=name,
                    value=hostile.label,
                    also=also,
                )

    def _classes(
        self, context: Context, name: str, spec: Field, values: list[Hostile]
    ) -> Iterator[tuple[Hostile, tuple[str, ...]]]:
        """One value of each class the form field makes of them (all, for raw fields)."""
        form_field = self._form_field(context, name, spec)
        if form_field is None:
            for value in values:
                yield value, ()
            return
        classes: dict[Any, list[Hostile]] = {}
        order: list[Any] = []
        baseline = _key(form_field, context.data.get(name, ""))
        for value in values:
            key = spec.kind.alike(value.value)
            if key is None and not isinstance(value.value, list):
                key = _key(form_field, value.value)
            if key is None:
                order.append(value)
                continue
            if key == baseline and key is not None:
                key = ("baseline", key)
            if key not in classes:
                classes[key] = []
                order.append(key)
            classes[key].append(value)
        for entry in order:
            if isinstance(entry, Hostile):
                yield entry, ()
            else:
                members = classes[entry]
                if entry[0] == "baseline":
                    continue  # the form makes the valid value of it: the valid request
                yield members[0], tuple(m.label for m in members[1:])

    def _form_field(self, context: Context, name: str, spec: Field) -> Any:
        if spec.form_field is None or context.form is None:
            return None
        built = context.form(dict(context.data))
        if isinstance(built, dict):
            prefix = max((p for p in built if name.startswith(p)), key=len)
            built = built[prefix]
        return built.fields[spec.form_field]


def _key(form_field: Any, value: str) -> Any:
    """What a form field makes of a value: ("value", cleaned) or ("refused", error codes);
    None when cleaning fails otherwise (then the value is always sent)."""
    try:
        with transaction.atomic():
            cleaned = form_field.clean(value)
    except ValidationError as error:
        return ("refused", tuple(sorted(str(e.code) for e in error.error_list)))
    except Exception:
        return None
    if isinstance(cleaned, models.Model):
        return ("value", cleaned._meta.label, cleaned.pk)
    return ("value", type(cleaned).__name__, repr(cleaned))


def walk(world: World, *, database: str = "") -> Report:
    """Walk every URL with hostile values against `world` (in the current database)."""
    import logging

    began = time.perf_counter()
    walker = Walker(world, endpoints.contexts(world))
    # Thousands of 404s and the expected 500s: the report says what matters.
    loggers = [logging.getLogger(name) for name in ("django.request", "django.security")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        walker.run()
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)
    report = Report(walker.outcomes, time.perf_counter() - began, database or connection.vendor)
    report.unvisited = walker.unvisited
    report.quiet_baselines = walker.quiet
    return report
