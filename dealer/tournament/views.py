"""The tournament's dealer side: structures (editor, generator, templates), the clock remote on a
phone, the TV display by token, and the tables (seat draw, balancing, breaking) as suggestions.

Thin views: forms parse, `dealer.engine.structure` and `dealer.engine.clock` decide, the models
store. Every change to a clock carries the version the device saw; a stale one is refused and
the device is shown the clock as it is now. Refusals re-render at status 200 (htmx 2 does not
swap 4xx).
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Count, Max, OuterRef, Subquery, prefetch_related_objects
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config import limits
from config.chips import values_for_stakes
from config.forms import (
    MAX_REVISION,
    ChipValuesField,
    NameField,
    chips_field,
    number_field,
    revision_field,
)
from config.http import HtmxHttpRequest
from config.limits import whole_number
from config.network import lan_url, qr_svg
from config.revision import STALE_CLOCK, Stale, VersionForm, region_or_page
from config.text import isolate
from dealer.engine import clock as engine
from dealer.engine.clock import ClockError, ClockView
from dealer.engine.structure import (
    AnteKind,
    Break,
    Finding,
    Level,
    Move,
    TableSeats,
    TournamentStructure,
    balance_moves,
    break_table,
    generate,
    structure_to_dict,
    table_to_break,
    validate,
)
from dealer.tournament.models import SavedStructure, TournamentClock, clock_row, minutes_text
from dealer.tournament.tables import confirm_moves, dealer_table, open_dealer_table
from ledger.models import Entry, Finish, Player, Tournament
from ledger.templatetags.ledger import money

MINUTE = timedelta(minutes=1)


# --- structures as text: one line a step -----------------------------------------------------

_NUMBER = r"(\d+(?:[.,]\d+)?)"
_LEVEL = re.compile(
    rf"^(\d+)\s*/\s*(\d+)(?:\s+(ante|bb-ante|bba)\s+(\d+))?\s*,?\s+{_NUMBER}\s*(?:m|min|minutes)?$",
    re.IGNORECASE | re.ASCII,
)
_BREAK = re.compile(
    rf"^(?:break|paus|pause)\s+{_NUMBER}\s*(?:m|min|minutes)?\s*,?"
    r"(?:\s+colou?r-?up\s+([\d ,]+))?$",
    re.IGNORECASE | re.ASCII,
)


def _minutes(seconds: int) -> str:
    if seconds % 60 == 0:
        return str(seconds // 60)
    return f"{seconds / 60:.3f}".rstrip("0").rstrip(".")


def steps_text(structure: TournamentStructure) -> str:
    """The steps as the editor shows them: "10/20 30 min", "break 10 min colour-up 5"."""
    lines = []
    for step in structure.steps:
        if isinstance(step, Break):
            line = f"break {_minutes(step.seconds)} min"
            if step.colour_up:
                line += " colour-up " + " ".join(str(v) for v in step.colour_up)
        else:
            line = f"{step.small_blind}/{step.big_blind}"
            if step.ante_kind is AnteKind.EACH:
                line += f" ante {step.ante}"
            elif step.ante_kind is AnteKind.BIG_BLIND:
                line += f" bb-ante {step.ante}"
            line += f" {_minutes(step.seconds)} min"
        lines.append(line)
    return "\n".join(lines)


def parse_steps(text: str) -> tuple[list[Level | Break], list[str]]:
    """The steps of the editor's text, and a message for each line that is not a step (or
    asks for more than a home game can mean: blinds up to MAX_CHIPS, a step up to a day,
    MAX_STEPS steps)."""
    steps: list[Level | Break] = []
    problems: list[str] = []
    lines = text.splitlines()
    if len([line for line in lines if line.strip()]) > limits.MAX_STEPS:
        return [], [_("At most %(n)s levels and breaks.") % {"n": limits.MAX_STEPS}]
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        step: Level | Break | None = None
        if match := _LEVEL.match(line):
            small, big, kind, ante, minutes = match.groups()
            ante_kind = AnteKind.NONE
            if kind:
                ante_kind = AnteKind.EACH if kind.lower() == "ante" else AnteKind.BIG_BLIND
            seconds = _seconds(minutes)
            amounts = [whole_number(v, limits.MAX_CHIPS) for v in (small, big, ante or "0")]
            if seconds is not None and None not in amounts:
                step = Level(
                    small_blind=amounts[0],  # type: ignore[arg-type]
                    big_blind=amounts[1],  # type: ignore[arg-type]
                    ante=amounts[2],  # type: ignore[arg-type]
                    ante_kind=ante_kind,
                    seconds=seconds,
                )
        elif match := _BREAK.match(line):
            minutes, colour_up = match.groups()
            seconds = _seconds(minutes)
            values = [
                whole_number(v, limits.MAX_CHIPS) for v in re.split(r"[\s,]+", colour_up or "") if v
            ]
            if seconds is not None and None not in values and len(values) <= limits.MAX_CHIP_VALUES:
                step = Break(seconds=seconds, colour_up=tuple(sorted(values)))  # type: ignore[arg-type]
        else:
            problems.append(
                _(
                    'Line %(n)s ("%(line)s") is not a level or a break: write "100/200 20 min", '
                    '"100/200 ante 25 20 min", "100/200 bb-ante 200 20 min" or '
                    '"break 10 min colour-up 25".'
                )
                % {"n": number, "line": line[:80]}
            )
            continue
        if step is None:
            problems.append(
                _(
                    "Line %(n)s asks too much: a step lasts 1 to %(minutes)s minutes, and blinds, "
                    "antes and chips are at most %(chips)s."
                )
                % {
                    "n": number,
                    "minutes": limits.MAX_LEVEL_MINUTES,
                    "chips": number_format(limits.MAX_CHIPS, force_grouping=True),
                }
            )
            continue
        steps.append(step)
    return steps, problems


def _seconds(minutes: str) -> int | None:
    """Minutes from the editor's text ("20", "7,5") in seconds, or None outside 1 second to
    MAX_LEVEL_MINUTES."""
    if len(minutes) > 12:
        return None
    seconds = round(float(minutes.replace(",", ".")) * 60)
    return seconds if 0 < seconds <= limits.MAX_LEVEL_MINUTES * 60 else None


def _chip_values_field(**kwargs: Any) -> ChipValuesField:
    """A structure's chip values: the default box at the usual first level, 25/50."""
    return ChipValuesField(
        label=gettext_lazy("Chip values"),
        initial=", ".join(str(v) for v in values_for_stakes(25, 50)),
        error_messages={
            "invalid": gettext_lazy("Write the chip values as numbers: 5, 25, 100."),
            "min_value": gettext_lazy("Give at least one chip value above 0."),
        },
        **kwargs,
    )


class StructureForm(forms.Form):
    """A structure in the editor: the chips, the starting stack and one line per step."""

    name = NameField(label=gettext_lazy("Name"), required=False)
    chips = _chip_values_field(
        help_text=gettext_lazy("The denominations in play at the start, separated by commas.")
    )
    starting_stack = chips_field(gettext_lazy("Starting stack"), initial=10000)
    steps = forms.CharField(
        label=gettext_lazy("Levels and breaks"),
        max_length=limits.MAX_TEXT,
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false"}),
        help_text=gettext_lazy(
            'One per line: "100/200 20 min", "100/200 ante 25 20 min", '
            '"100/200 bb-ante 200 20 min", "break 10 min colour-up 25".'
        ),
    )

    structure: TournamentStructure | None = None
    findings: tuple[Finding, ...] = ()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        steps, problems = parse_steps(data["steps"])
        for problem in problems:
            self.add_error("steps", problem)
        if problems:
            return data
        self.structure = TournamentStructure(
            chips=tuple(data["chips"]), steps=tuple(steps), starting_stack=data["starting_stack"]
        )
        self.findings = validate(self.structure)
        return data

    @property
    def playable(self) -> bool:
        return self.structure is not None and not any(f.severity == "error" for f in self.findings)


class GeneratorForm(forms.Form):
    """Players, stack, chips and wanted duration → a structure (`dealer.engine.structure`)."""

    prefix = "gen"
    players = number_field(
        gettext_lazy("Players"), min_value=2, max_value=limits.MAX_ENTRIES, initial=10
    )
    starting_stack = chips_field(gettext_lazy("Starting stack"), initial=10000)
    chips = _chip_values_field()
    hours = forms.DecimalField(
        label=gettext_lazy("Wanted duration (hours)"),
        min_value=0.5,
        max_value=24,
        decimal_places=2,
        initial=4,
    )
    level_minutes = forms.IntegerField(
        label=gettext_lazy("Minutes a level (empty: from the duration)"),
        min_value=1,
        max_value=120,
        required=False,
    )
    ante = forms.ChoiceField(
        label=gettext_lazy("Antes"),
        choices=[
            (AnteKind.NONE.value, gettext_lazy("No ante")),
            (AnteKind.BIG_BLIND.value, gettext_lazy("Big-blind ante from level 4")),
            (AnteKind.EACH.value, gettext_lazy("Ante for every player from level 4")),
        ],
        initial=AnteKind.NONE.value,
    )

    structure: TournamentStructure | None = None

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        try:
            self.structure = generate(
                players=data["players"],
                starting_stack=data["starting_stack"],
                chips=data["chips"],
                minutes=int(data["hours"] * 60),
                level_minutes=data["level_minutes"] or 0,
                ante=AnteKind(data["ante"]),
            )
        except ValueError as error:
            raise forms.ValidationError(str(error)) from error
        return data


# --- rendering helpers -----------------------------------------------------------------------


def structure_rows(
    structure: TournamentStructure | None, findings: tuple[Finding, ...]
) -> list[dict]:
    """The levels table: one row a step, with its chips in play and its findings."""
    if structure is None:
        return []
    by_step: dict[int, list[Finding]] = {}
    for finding in findings:
        if finding.step is not None:
            by_step.setdefault(finding.step, []).append(finding)
    rows = []
    elapsed = 0
    for index, step in enumerate(structure.steps):
        rows.append(
            {
                "index": index,
                "is_break": isinstance(step, Break),
                "number": structure.level_number(index),
                "step": step,
                "minutes": _minutes(step.seconds),
                "starts": minutes_text(timedelta(seconds=elapsed)),
                "chips": ", ".join(str(v) for v in structure.chips_at(index)),
                "findings": by_step.get(index, []),
            }
        )
        elapsed += step.seconds
    return rows


def level_label(step: Level | Break | None) -> str:
    if step is None:
        return ""
    if isinstance(step, Break):
        return _("Break")
    text = f"{step.small_blind:,}/{step.big_blind:,}".replace(",", "\u202f")
    if step.ante_kind is AnteKind.EACH:
        text += " " + _("ante %(ante)s") % {"ante": step.ante}
    elif step.ante_kind is AnteKind.BIG_BLIND:
        text += " " + _("BB ante %(ante)s") % {"ante": step.ante}
    return text


def _money(tournament: Tournament, minor: int) -> str:
    """Money as every other page shows it (the ledger's `money` filter): "1,800.00 kr"."""
    return money(minor, tournament.currency)


def tournament_figures(tournament: Tournament, big_blind: int) -> dict[str, Any]:
    """Players left, entries, average stack in big blinds, prize pool and payouts, from the
    ledger's Tournament (what it cannot tell yet is left out and said so)."""
    figures: dict[str, Any] = {"missing": []}
    try:
        figures["entries"] = tournament.entries_count()
        figures["left"] = tournament.players_left()
        average = tournament.average_stack()
        figures["average"] = average
        figures["average_bb"] = (
            f"{average / big_blind:.1f}" if average is not None and big_blind else None
        )
    except AttributeError:
        figures["missing"].append(_("players and stacks"))
    try:
        figures["pool"] = _money(tournament, tournament.prize_pool())
        figures["payouts"] = [
            (place, _money(tournament, amount))
            for place, amount in enumerate(tournament.payouts(), start=1)
            if amount
        ]
    except (AttributeError, ValueError):
        figures["missing"].append(_("prize pool and payouts"))
    return figures


def clock_context(clock: TournamentClock, now: datetime | None = None) -> dict[str, Any]:
    """What the remote and the TV show: the clock read now, the levels, the ledger's figures."""
    now = now or timezone.now()
    view: ClockView = clock.read(now)
    tournament = clock.tournament
    # The ledger's figures read the entries and bust-outs many times: fetch them once.
    prefetch_related_objects([tournament], "entries__player", "finishes__player")
    level = engine.level_for_hand(clock.state, clock.structure, now)
    remaining_ms = int(view.remaining.total_seconds() * 1000)
    return {
        "clock": clock,
        "tournament": tournament,
        "view": view,
        "current_label": level_label(view.current),
        "next_label": level_label(view.next_level),
        "next_is_break": isinstance(view.next_step, Break),
        "next_break_colour_up": view.next_step.colour_up
        if isinstance(view.next_step, Break)
        else (),
        "colour_up": view.current.colour_up if isinstance(view.current, Break) else (),
        "remaining_text": minutes_text(view.remaining),
        "remaining_ms": remaining_ms,
        "long_time": view.remaining > timedelta(seconds=3599),
        "to_break_text": minutes_text(view.to_break),
        "to_break_ms": int(view.to_break.total_seconds() * 1000) if view.to_break else None,
        "figures": tournament_figures(tournament, level.big_blind),
        "poll_key": poll_key(clock, now),
    }


def _ledger_counts() -> dict[str, Subquery]:
    """The ledger's side of a poll key (entries and bust-outs: count and last id) as four
    scalar subqueries on the clock's row, each an index range on the tournament's foreign key:
    an unchanged poll is one query."""

    def one(model: Any, aggregate: Any) -> Subquery:
        rows = model.objects.filter(tournament=OuterRef("tournament_id")).order_by()
        return Subquery(rows.values("tournament").annotate(x=aggregate("pk")).values("x"))

    return {
        "ledger_e": one(Entry, Count),
        "ledger_em": one(Entry, Max),
        "ledger_f": one(Finish, Count),
        "ledger_fm": one(Finish, Max),
    }


def ledger_key(clock: TournamentClock) -> str:
    """The ledger's side of a display's poll key: entries and bust-outs (count and last id),
    from the clock's row when it was read with them (`_ledger_counts`), else read now."""
    names = ("ledger_e", "ledger_em", "ledger_f", "ledger_fm")
    if hasattr(clock, "ledger_e"):
        counts = [getattr(clock, name) for name in names]
    else:
        row = TournamentClock.objects.filter(pk=clock.pk).values(**_ledger_counts()).get()
        counts = [row[name] for name in names]
    e, em, f, fm = (value or 0 for value in counts)
    return f"-{e}.{em}-{f}.{fm}"


def poll_key(clock: TournamentClock, now: datetime | None = None) -> str:
    return clock.poll_key(now, ledger_key(clock))


# --- structures: templates and the editor ----------------------------------------------------


def _tournament(request: HttpRequest, pk: int) -> Tournament:
    return get_object_or_404(Tournament, pk=pk, host=request.user)


def _clock(request: HttpRequest, pk: int) -> TournamentClock:
    return get_object_or_404(
        TournamentClock.objects.select_related("tournament"),
        tournament__pk=pk,
        tournament__host=request.user,
    )


@login_required
@require_GET
def structure_list(request: HttpRequest) -> HttpResponse:
    """The host's saved structures (the tournaments are the ledger's list, /tournaments/)."""
    return render(
        request,
        "dealer/tournament/list.html",
        {"templates": SavedStructure.objects.filter(host=request.user)},
    )


def _initial(structure: TournamentStructure, name: str = "") -> dict[str, Any]:
    return {
        "name": name,
        "chips": ", ".join(str(v) for v in structure.chips),
        "starting_stack": structure.starting_stack,
        "steps": steps_text(structure),
    }


def _editor(
    request: HtmxHttpRequest,
    *,
    form: StructureForm,
    generator: GeneratorForm,
    extra: dict[str, Any],
    notice: str = "",
) -> HttpResponse:
    structure = form.structure
    context = {
        "form": form,
        "generator": generator,
        "rows": structure_rows(structure, form.findings),
        "errors": [f for f in form.findings if f.severity == "error"],
        "warnings": [f for f in form.findings if f.severity == "warning"],
        "notice": notice,
        "total": minutes_text(timedelta(seconds=structure.total_seconds)) if structure else "",
        "templates": SavedStructure.objects.filter(host=request.user),
        **extra,
    }
    return region_or_page(request, "dealer/tournament/structure.html", "editor", context)


def _generated_form(generator: GeneratorForm, name: str) -> StructureForm:
    assert generator.structure is not None
    form = StructureForm(_initial(generator.structure, name))
    form.is_valid()
    return form


@login_required
@require_http_methods(["GET", "POST"])
def structure_edit(request: HtmxHttpRequest, pk: int | None = None) -> HttpResponse:
    """Build or edit a saved structure: the levels table, the generator, the findings."""
    saved = get_object_or_404(SavedStructure, pk=pk, host=request.user) if pk else None
    extra = {"saved": saved, "action_url": request.path}
    generator = GeneratorForm()
    if request.method == "GET":
        if saved is not None:
            form = StructureForm(_initial(saved.structure(), saved.name))
            form.is_valid()
        else:
            form = StructureForm()
        return _editor(request, form=form, generator=generator, extra=extra)
    action = request.POST.get("action", "check")
    if action == "generate":
        generator = GeneratorForm(request.POST)
        if generator.is_valid():
            form = _generated_form(generator, request.POST.get("name", ""))
        else:
            form = StructureForm(request.POST)
            form.is_valid()
        return _editor(request, form=form, generator=generator, extra=extra)
    form = StructureForm(request.POST)
    if not form.is_valid() or action != "save":
        return _editor(request, form=form, generator=generator, extra=extra)
    name = form.cleaned_data["name"].strip()
    if not name:
        form.add_error("name", _("Give the structure a name to save it."))
    elif not form.playable:
        form.add_error(None, _("Fix the errors before saving."))
    else:
        saved = _save_template(request.user, name, form.structure, saved)
        if not request.htmx:
            return redirect("dealer:clock:structure", pk=saved.pk)
        extra["saved"] = saved
        extra["action_url"] = reverse("dealer:clock:structure", args=[saved.pk])
        notice = _("Saved as %(name)s.") % {"name": isolate(name)}
        return _editor(request, form=form, generator=generator, extra=extra, notice=notice)
    return _editor(request, form=form, generator=generator, extra=extra)


def _save_template(
    user: Any, name: str, structure: TournamentStructure | None, saved: SavedStructure | None = None
) -> SavedStructure:
    assert structure is not None
    data = structure_to_dict(structure)
    if saved is not None and saved.name != name:
        saved = None  # a new name saves a new template
    if saved is None:
        saved, _created = SavedStructure.objects.update_or_create(
            host=user, name=name, defaults={"data": data}
        )
        return saved
    saved.data = data
    saved.save(update_fields=["data", "updated_at"])
    return saved


# --- the tournament's clock: its structure ---------------------------------------------------


def _default_structure(tournament: Tournament) -> TournamentStructure:
    chips = [25, 100, 500, 1000]
    stack = tournament.starting_chips
    if stack % 25:
        chips = [1, 5, 25, 100, 500, 1000]
    return generate(players=10, starting_stack=stack, chips=chips, minutes=240)


@login_required
@require_http_methods(["GET", "POST"])
def clock_setup(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The tournament's structure (edit, generate, load or save a template) and the links to its
    remote, its TV display and its tables."""
    tournament = _tournament(request, pk)
    clock = TournamentClock.objects.filter(tournament=tournament).first()
    extra: dict[str, Any] = {"tournament": tournament, "clock": clock, "action_url": request.path}
    if clock is not None:
        tv = lan_url(request, reverse("dealer:clock:tv", args=[clock.display_token]))
        remote = lan_url(request, reverse("dealer:clock:remote", args=[tournament.pk]))
        extra.update(tv_url=tv, remote_url=remote, remote_qr=qr_svg(remote))
    generator = GeneratorForm(initial={"starting_stack": tournament.starting_chips})
    if request.method == "GET":
        structure = clock.structure if clock else _default_structure(tournament)
        form = StructureForm(_initial(structure))
        form.is_valid()
        return _editor(request, form=form, generator=generator, extra=extra)
    action = request.POST.get("action", "check")
    if action == "generate":
        generator = GeneratorForm(request.POST)
        if generator.is_valid():
            form = _generated_form(generator, "")
        else:
            form = StructureForm(request.POST)
            form.is_valid()
        return _editor(request, form=form, generator=generator, extra=extra)
    if action == "load":
        template = whole_number(request.POST.get("template", ""), MAX_REVISION)
        saved = (
            SavedStructure.objects.filter(host=request.user, pk=template).first()
            if template is not None
            else None
        )
        if saved is not None:
            form = StructureForm(_initial(saved.structure()))
        else:
            form = StructureForm(request.POST)
        form.is_valid()
        return _editor(request, form=form, generator=generator, extra=extra)
    form = StructureForm(request.POST)
    if not form.is_valid() or action not in {"use", "save_template"}:
        return _editor(request, form=form, generator=generator, extra=extra)
    if not form.playable:
        form.add_error(None, _("Fix the errors first."))
        return _editor(request, form=form, generator=generator, extra=extra)
    if action == "save_template":
        name = form.cleaned_data["name"].strip()
        if not name:
            form.add_error("name", _("Give the structure a name to save it."))
            return _editor(request, form=form, generator=generator, extra=extra)
        _save_template(request.user, name, form.structure)
        notice = _("Saved as %(name)s.") % {"name": isolate(name)}
        return _editor(request, form=form, generator=generator, extra=extra, notice=notice)
    assert form.structure is not None
    TournamentClock.use_structure(tournament, form.structure)
    if not request.htmx:
        return redirect("dealer:clock:setup", pk=tournament.pk)
    return HttpResponse(
        status=204, headers={"HX-Redirect": reverse("dealer:clock:setup", args=[pk])}
    )


# --- the remote ------------------------------------------------------------------------------


def _apply(
    state: engine.ClockState, structure: TournamentStructure, now: datetime, action: str
) -> engine.ClockState:
    actions: dict[str, Callable[[], engine.ClockState]] = {
        "start": lambda: engine.start(state, structure, now),
        "pause": lambda: engine.pause(state, structure, now),
        "resume": lambda: engine.resume(state, structure, now),
        "plus": lambda: engine.add_time(state, structure, now, MINUTE),
        "minus": lambda: engine.add_time(state, structure, now, -MINUTE),
        "next": lambda: engine.next_step(state, structure, now),
        "previous": lambda: engine.previous_step(state, structure, now),
    }
    if action not in actions:
        raise ClockError(_("Unknown clock action."))
    return actions[action]()


def _remote(
    request: HtmxHttpRequest, clock: TournamentClock, redirect_to: str | None = None, **extra: Any
) -> HttpResponse:
    """The remote, or its #remote region for htmx (a change: a redirect to it, `redirect_to`,
    for a full request)."""

    def context() -> dict[str, Any]:
        return {**clock_context(clock), **extra}

    template = "dealer/tournament/clock_remote.html"
    return region_or_page(request, template, "remote", context, redirect_to=redirect_to)


@login_required
@require_GET
def remote(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The clock remote for a phone: start, pause, resume, ±1 minute, next, previous."""
    return _remote(request, _clock(request, pk))


@login_required
@require_GET
def remote_poll(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Nothing (204) unless the clock or the ledger changed since `v`; then the remote."""
    clock = _clock(request, pk)
    if request.GET.get("v") == poll_key(clock):
        return HttpResponse(status=204)
    return _remote(request, clock)


@login_required
@require_POST
def remote_act(request: HtmxHttpRequest, pk: int, action: str) -> HttpResponse:
    """One press on the remote, with the version the phone saw: a stale one changes nothing."""
    clock = _clock(request, pk)
    form = VersionForm(request.POST)
    if not form.is_valid():
        return _remote(request, clock, error=_("Reload the page: the clock's version is missing."))
    version = form.cleaned_data["version"]
    if version != clock.version:
        return _remote(request, clock, error=str(STALE_CLOCK))
    try:
        state = _apply(clock.state, clock.structure, timezone.now(), action)
    except ClockError as error:
        return _remote(request, clock, error=str(error))
    try:
        clock.play(state, version=version)
    except Stale:
        clock.refresh_from_db()
        return _remote(request, clock, error=str(STALE_CLOCK))
    return _remote(request, clock, redirect_to=reverse("dealer:clock:remote", args=[pk]))


# --- the TV display --------------------------------------------------------------------------


@login_required
@require_POST
def tv_link_new(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A new TV link for the clock: the old one stops working at once (a link that was shared
    too widely, or a TV that left the house)."""
    clock = _clock(request, pk)
    clock.new_link()
    messages.success(request, _("A new TV link: the old one no longer works."))
    return redirect("dealer:clock:setup", pk=pk)


def _by_token(token: str) -> TournamentClock:
    return get_object_or_404(
        TournamentClock.objects.select_related("tournament"), display_token=token
    )


@require_GET
def tv(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The full-screen clock for a TV: no login, opened by the clock's unguessable token."""
    clock = _by_token(token)
    context = clock_context(clock)
    context["poll_url"] = reverse("dealer:clock:tv_poll", args=[token])
    return render(request, "dealer/tournament/clock_display.html", context)


@require_GET
def tv_poll(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Polled about once a second: nothing (204) unless something changed since `v`."""
    polled = clock_row(token)
    if polled is None:
        raise Http404
    now = timezone.now()
    if request.GET.get("v") == poll_key(polled, now):
        return HttpResponse(status=204)
    clock = _by_token(token)
    context = clock_context(clock, now)
    context["poll_url"] = reverse("dealer:clock:tv_poll", args=[token])
    return render(request, "dealer/tournament/clock_display.html#board", context)


# --- tables: seat draw, balancing, breaking --------------------------------------------------


class DrawForm(forms.Form):
    tables = forms.IntegerField(label=gettext_lazy("Tables"), min_value=1, max_value=20, initial=2)
    seats = forms.IntegerField(
        label=gettext_lazy("Seats a table"), min_value=2, max_value=10, initial=9
    )
    version = revision_field()


def _table_seats(clock: TournamentClock, alive: set[int]) -> list[TableSeats]:
    """The stored tables, without the players who are out."""
    return [
        TableSeats(
            table=index,
            max_seats=int(table["max_seats"]),
            players={int(s): int(p) for s, p in table["seats"].items() if int(p) in alive},
            big_blind=table.get("big_blind"),
        )
        for index, table in enumerate(clock.tables)
    ]


def _alive(tournament: Tournament) -> list[Player]:
    try:
        return list(tournament.alive())
    except AttributeError:  # the ledger's Tournament without alive(): everyone who entered
        return list(Player.objects.filter(tournament_entries__tournament=tournament).distinct())


def _tables_context(clock: TournamentClock, **extra: Any) -> dict[str, Any]:
    players = {p.pk: p for p in _alive(clock.tournament)}
    chips = player_chips(clock.tournament)
    tables = _table_seats(clock, set(players))
    seated = {p for t in tables for p in t.players.values()}
    breaking = table_to_break(tables)
    # Breaking a table comes first: moving players to a table about to break helps nobody.
    moves = balance_moves(tables) if breaking is None else []
    name = {index: isolate(table["name"]) for index, table in enumerate(clock.tables)}
    suggestions = [
        {
            "index": n,
            "text": _(
                "Move %(player)s from %(from)s seat %(from_seat)s to %(to)s seat %(to_seat)s."
            )
            % {
                "player": players[m.player],
                "from": name[m.from_table],
                "from_seat": m.from_seat,
                "to": name[m.to_table],
                "to_seat": m.to_seat,
            },
            "move": m,
        }
        for n, m in enumerate(moves[:1])
    ]
    return {
        "clock": clock,
        "tournament": clock.tournament,
        "draw_form": DrawForm(initial={"version": clock.version}),
        "tables": [
            {
                "index": t.table,
                "name": name[t.table],
                "big_blind": t.big_blind,
                "max_seats": t.max_seats,
                "seats": [(s, players[t.players[s]]) for s in sorted(t.players)],
                "chips": {s: chips.get(t.players[s], 0) for s in t.players},
                "dealer_table": dealer_table(clock.tables[t.table]),
            }
            for t in tables
        ],
        "unseated": [p for pk, p in players.items() if pk not in seated],
        "suggestions": suggestions,
        "more_moves": len(moves) - len(suggestions),
        "breaking": name.get(breaking) if breaking is not None else None,
        "breaking_index": breaking,
        **extra,
    }


def _tables_response(
    request: HtmxHttpRequest,
    clock: TournamentClock,
    redirect_to: str | None = None,
    notice: str = "",
    **extra: Any,
) -> HttpResponse:
    """The tables page, or its #tables region for htmx (a change: a redirect to it,
    `redirect_to`, with the `notice`, for a full request)."""

    def context() -> dict[str, Any]:
        return _tables_context(clock, **extra)

    template = "dealer/tournament/tables.html"
    return region_or_page(
        request, template, "tables", context, redirect_to=redirect_to, notice=notice
    )


@login_required
@require_GET
def tables(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The tournament's tables: who sits where, and the moves that balance them (TDA 7, 8)."""
    return _tables_response(request, _clock(request, pk))


@login_required
@require_POST
def tables_act(request: HtmxHttpRequest, pk: int, action: str) -> HttpResponse:
    """Draw seats, record a table's big blind, or confirm a suggested move or table break."""
    clock = _clock(request, pk)
    version = VersionForm(request.POST)
    if not version.is_valid():
        return _tables_response(request, clock, error=_("Reload the page."))
    seen = version.cleaned_data["version"]
    if seen != clock.version:
        return _tables_response(request, clock, error=str(STALE_CLOCK))
    if action == "open":
        return _open_table(request, clock, seen)
    before = copy.deepcopy(clock.tables)
    try:
        notice, moves = _table_action(clock, action, request.POST)
    except ValueError as error:
        clock.tables = before
        return _tables_response(request, clock, error=str(error))
    try:
        broken = before[moves[0].from_table] if action == "break" and moves else None
        confirm_moves(clock, seen, before, moves, broken, by=request.user)
    except Stale:
        clock.refresh_from_db()
        return _tables_response(request, clock, error=str(STALE_CLOCK))
    except ValidationError as error:
        clock.refresh_from_db()
        return _tables_response(request, clock, error=" ".join(error.messages))
    page = reverse("dealer:clock:tables", args=[pk])
    return _tables_response(request, clock, redirect_to=page, notice=notice)


def _table_action(clock: TournamentClock, action: str, data: Any) -> tuple[str, list[Move]]:
    """Draw, record a big blind, or confirm a move or a table break on the drawn tables
    (`clock.tables`): the notice, and the moves made. ValueError: why not."""
    alive = [p.pk for p in _alive(clock.tournament)]
    if action == "draw":
        form = DrawForm(data)
        if not form.is_valid():
            raise ValueError(_("Give the number of tables and seats."))
        from ledger.prizes import draw_seats

        count, seats = form.cleaned_data["tables"], form.cleaned_data["seats"]
        if len(alive) > count * seats:
            raise ValueError(_("%(n)s players do not fit.") % {"n": len(alive)})
        drawn = draw_seats(alive, count, random.SystemRandom(), seats=seats)
        clock.tables = [
            {
                "name": _("Table %(n)s") % {"n": n},
                "max_seats": seats,
                "big_blind": None,
                "seats": {},
            }
            for n in range(1, count + 1)
        ]
        for player, (table, seat) in drawn.items():
            clock.tables[table - 1]["seats"][str(seat)] = player
        return _("Seats drawn for %(n)s players.") % {"n": len(alive)}, []
    current = _table_seats(clock, set(alive))
    if action == "big_blind":
        index = whole_number(data.get("table", ""), len(clock.tables) - 1)
        if index is None:
            raise ValueError(_("No such table."))
        seats = int(clock.tables[index].get("max_seats") or 10)
        seat = whole_number(data.get("seat") or "0", seats)
        if seat is None:
            raise ValueError(_("The big blind is at a seat from 1 to %(n)s.") % {"n": seats})
        clock.tables[index]["big_blind"] = seat or None
        return _("Big blind recorded."), []
    if action == "move":
        moves = balance_moves(current)
        if not moves:
            raise ValueError(_("The tables are balanced: nothing to move."))
        _move(clock, [moves[0]])
        return _("Move done."), [moves[0]]
    if action == "break":
        breaking = table_to_break(current)
        if breaking is None:
            raise ValueError(_("Every table is still needed."))
        moves = break_table(current, breaking, rng=random.SystemRandom())
        _move(clock, moves)
        del clock.tables[int(str(breaking))]
        return _("Table broken: %(n)s players moved.") % {"n": len(moves)}, moves
    raise ValueError(_("Unknown action."))


def player_chips(tournament: Tournament) -> dict[int, int]:
    """Each player's tournament chips from the ledger: what their entries since their last
    bust-out gave them (a buy-in or re-entry, rebuys, the add-on)."""
    out: dict[int, datetime] = {}
    for finish in tournament.finishes.all():
        if finish.player_id not in out or finish.busted_at > out[finish.player_id]:
            out[finish.player_id] = finish.busted_at
    chips: dict[int, int] = {}
    for entry in tournament.entries.all():
        busted = out.get(entry.player_id)
        if busted is None or entry.created_at > busted:
            chips[entry.player_id] = chips.get(entry.player_id, 0) + entry.chips
    return chips


def _open_table(request: HtmxHttpRequest, clock: TournamentClock, seen: int) -> HttpResponse:
    """One tap: a dealer table for one of the drawn tables, its players in their drawn seats
    with their tournament chips (nothing is bought: the chips were paid for in the tournament),
    in the tournament's session. Then the dealer's screen, ready to deal."""
    index = whole_number(request.POST.get("table", ""), max(len(clock.tables) - 1, 0))
    if index is None or index >= len(clock.tables):
        return _tables_response(request, clock, error=_("No such table."))
    drawn = clock.tables[index]
    if dealer_table(drawn) is not None:
        return _tables_response(
            request, clock, error=_("%(table)s is open already.") % {"table": drawn["name"]}
        )
    alive = {p.pk: p for p in _alive(clock.tournament)}
    seats = {int(n): alive[int(p)] for n, p in drawn["seats"].items() if int(p) in alive}
    if len(seats) < 2:
        return _tables_response(
            request, clock, error=_("A table needs two players: draw the seats first.")
        )
    chips = player_chips(clock.tournament)
    try:
        table = open_dealer_table(clock, seen, index, seats, chips, by=request.user)
    except Stale:
        clock.refresh_from_db()
        return _tables_response(request, clock, error=str(STALE_CLOCK))
    except ValidationError as error:
        clock.refresh_from_db()
        return _tables_response(request, clock, error=" ".join(error.messages))
    messages.success(
        request,
        _("%(n)s players sit at %(table)s with their tournament chips.")
        % {"n": len(seats), "table": isolate(table.name)},
    )
    url = reverse("dealer:table", args=[table.pk])
    if not request.htmx:
        return redirect(url)
    return HttpResponse(status=204, headers={"HX-Redirect": url})


def _move(clock: TournamentClock, moves: list[Any]) -> None:
    for move in moves:
        clock.tables[move.from_table]["seats"].pop(str(move.from_seat), None)
        clock.tables[move.to_table]["seats"][str(move.to_seat)] = move.player
