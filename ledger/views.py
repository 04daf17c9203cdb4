"""Ledger views: thin. Parse with a form, call a model method, render (a partial for htmx)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Count, Sum
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from config.chips import ChipSet
from config.forms import chip_set_text
from config.http import HtmxHttpRequest
from config.revision import posted_version, region_or_page
from config.text import csv_writer, isolate, spreadsheet_text
from ledger import settlement
from ledger.chart import line_chart
from ledger.forms import (
    PERIODS,
    BuyInForm,
    CountForm,
    MergeForm,
    OptionsForm,
    PlayerForm,
    PolicyForm,
    SessionForm,
)
from ledger.models import Player, Result, Session, Transfer
from ledger.pay import pay_codes
from ledger.pay_views import pay_link


def _session(request: HtmxHttpRequest, pk: int) -> Session:
    return get_object_or_404(Session, pk=pk, host=request.user)


def _player(request: HtmxHttpRequest, pk: int) -> Player:
    return get_object_or_404(Player, pk=pk, host=request.user)


def _error(error: ValidationError) -> str:
    return " ".join(error.messages)


def _version(request: HtmxHttpRequest) -> int:
    """The session version the page showed (every form on it carries it); 0, which no session
    has, when it is missing or not a number: the post is then out of date."""
    return posted_version(request) or 0


def _form_errors(form: Any) -> str:
    """A form's errors as one message, for forms the page may not be showing."""
    return " ".join(str(m) for errors in form.errors.values() for m in errors)


# --- sessions ---------------------------------------------------------------------------------


@require_GET
@login_required
def session_list(request: HtmxHttpRequest) -> HttpResponse:
    """The host's cash-game sessions, newest first, and a form to start one."""
    sessions = Session.objects.filter(host=request.user).annotate(
        players=Count("buy_ins__player", distinct=True)
    )
    return render(
        request, "ledger/session_list.html", {"sessions": sessions, "form": SessionForm()}
    )


@require_POST
@login_required
def session_create(request: HtmxHttpRequest) -> HttpResponse:
    form = SessionForm(request.POST)
    if not form.is_valid():
        sessions = Session.objects.filter(host=request.user)
        return render(request, "ledger/session_list.html", {"sessions": sessions, "form": form})
    data = form.cleaned_data
    session = Session.objects.create(
        host=request.user,
        name=data["name"],
        currency=data["currency"],
        rate_minor=data["rate_minor"],
        rate_chips=data["stack_chips"],
        chip_set=data["chip_set"].data(),
    )
    return redirect("ledger:session_detail", pk=session.pk)


def _night(request: HtmxHttpRequest, session: Session, **forms: Any) -> HttpResponse:
    """The session page, or only its #night region for htmx (as the database has it now: a
    refused change may have left the object half-changed)."""
    session.refresh_from_db()
    statement = session.statement()
    players = [row.player for row in statement.rows]
    sources = session.count_sources(players)
    initial = {
        f"chips_{pk}": source.suggestion
        for pk, source in sources.items()
        if source.suggestion is not None
    }
    context = {
        "session": session,
        "statement": statement,
        "unowned": session.unowned(),
        "chip_set": chip_set_text(ChipSet(session.chips)),
        "buy_in_form": forms.get("buy_in_form") or BuyInForm(session=session),
        "count_form": forms.get("count_form")
        or CountForm(session=session, players=players, initial=initial, sources=sources),
        "policy_form": forms.get("policy_form")
        or PolicyForm(
            session=session,
            initial={"policy": session.policy, "player": session.policy_player_id},
        ),
        "options_form": forms.get("options_form")
        or OptionsForm(
            session=session,
            initial={
                "banker": session.banker_id,
                "through_bank": session.through_bank,
                "cash_step": _step_text(session),
            },
        ),
        "lines": statement.lines(
            list(session.transfers.select_related("payer", "payee", "carried_to"))
            if session.is_locked
            else statement.transfers
        ),
        "carried_in": session.carried_debts.select_related("payer", "payee", "session"),
        "events": session.events.select_related("by"),
        "error": forms.get("error"),
        "unpaid": session.transfers.filter(paid_at__isnull=True, carried_to__isnull=True).count(),
    }
    if session.is_locked:
        context["codes"] = {code.transfer.pk: code for code in pay_codes(session)}
        context.update(pay_link(request, session))
    return region_or_page(request, "ledger/session.html", "night", context)


def _step_text(session: Session) -> str:
    if not session.cash_step:
        return ""
    cur = settlement.currency(session.currency)
    major, minor = divmod(session.cash_step, cur.minor_per_major)
    return str(major) if not minor else f"{major}.{str(minor).rjust(cur.exponent, '0')}"


@require_GET
@login_required
def session_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    return _night(request, _session(request, pk))


@require_POST
@login_required
def buy_in_add(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A buy-in, rebuy or top-up, for a player on the roster or a new one."""
    session = _session(request, pk)
    form = BuyInForm(request.POST, session=session)
    if not form.is_valid():
        return _night(request, session, buy_in_form=form)
    data = form.cleaned_data
    try:
        session.buy_in(
            data["player"],
            data["chips"],
            new_name=data["new_name"] if data["player"] is None else "",
            method=data["method"],
            kind=data["kind"],
            by=request.user,
            version=_version(request),
        )
    except ValidationError as error:
        session.refresh_from_db()
        return _night(request, session, buy_in_form=form, error=_error(error))
    return _night(request, session)


@require_POST
@login_required
def counts_save(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Everyone's chips at the end of the night, in one form: each box replaces that player's
    saved count (an empty box: not counted), so saving the same count again changes nothing."""
    session = _session(request, pk)
    players = [row.player for row in session.statement().rows]
    sources = session.count_sources(players)
    form = CountForm(request.POST, session=session, players=players, sources=sources)
    if not form.is_valid():
        return _night(request, session, count_form=form)
    by_pk = {p.pk: p for p in players}
    counts = form.cleaned_data["counts"]
    try:
        session.save_count(
            {by_pk[k]: counts.get(k) for k in by_pk}, by=request.user, version=_version(request)
        )
    except ValidationError as error:
        return _night(request, session, count_form=form, error=_error(error))
    return _night(request, session)


@require_POST
@login_required
def session_counting(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The game is over: start counting (the session's tables stop)."""
    session = _session(request, pk)
    try:
        session.start_counting(by=request.user, version=_version(request))
    except ValidationError as error:
        return _night(request, session, error=_error(error))
    return _night(request, session)


@require_POST
@login_required
def session_resume(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Back to the game from counting: the tables play on."""
    session = _session(request, pk)
    try:
        session.resume(by=request.user, version=_version(request))
    except ValidationError as error:
        return _night(request, session, error=_error(error))
    return _night(request, session)


@require_POST
@login_required
def policy_set(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """How the difference between chips sold and counted is resolved."""
    session = _session(request, pk)
    form = PolicyForm(request.POST, session=session)
    if not form.is_valid():
        return _night(request, session, policy_form=form, error=_form_errors(form))
    try:
        session.decide(
            form.cleaned_data["policy"],
            player=form.cleaned_data["player"],
            by=request.user,
            version=_version(request),
        )
    except ValidationError as error:
        return _night(request, session, policy_form=form, error=_error(error))
    return _night(request, session)


@require_POST
@login_required
def options_set(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Settlement options: who holds the bank, through the bank, cash step."""
    session = _session(request, pk)
    form = OptionsForm(request.POST, session=session)
    if not form.is_valid():
        return _night(request, session, options_form=form, error=_form_errors(form))
    try:
        session.set_options(
            banker=form.cleaned_data["banker"],
            through_bank=form.cleaned_data["through_bank"],
            cash_step=form.cleaned_data["cash_step"],
            version=_version(request),
        )
    except ValidationError as error:
        session.refresh_from_db()
        return _night(request, session, error=_error(error))
    return _night(request, session)


@require_POST
@login_required
def session_settle(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    session = _session(request, pk)
    try:
        session.settle(by=request.user, version=_version(request))
    except ValidationError as error:
        return _night(request, session, error=_error(error))
    session.refresh_from_db()
    return _night(request, session)


@require_POST
@login_required
def session_reopen(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    session = _session(request, pk)
    try:
        session.reopen(by=request.user, version=_version(request))
    except ValidationError as error:
        return _night(request, session, error=_error(error))
    return _night(request, session)


@require_POST
@login_required
def transfer_paid(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Mark a transfer paid (or not paid, when tapped again)."""
    transfer = get_object_or_404(
        Transfer.objects.select_related("session"), pk=pk, session__host=request.user
    )
    try:
        transfer.mark_paid(
            by=request.user, paid=request.POST.get("paid") != "0", version=_version(request)
        )
    except ValidationError as error:
        return _night(request, transfer.session, error=_error(error))
    return _night(request, transfer.session)


@require_GET
@login_required
def session_print(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A printable summary of the night."""
    session = _session(request, pk)
    return render(
        request,
        "ledger/session_print.html",
        {
            "session": session,
            "statement": session.statement(),
            "transfers": session.transfers.select_related("payer", "payee"),
            "events": session.events.select_related("by"),
        },
    )


def _csv_response(filename: str) -> tuple[HttpResponse, Any]:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response, csv_writer(response)


@require_GET
@login_required
def session_csv(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The night's players as CSV, one row each; amounts in currency units ("392.85")."""
    session = _session(request, pk)
    statement = session.statement()
    response, writer = _csv_response(f"pott-session-{session.pk}-players.csv")
    writer.writerow(
        ["player", "bought_chips", "cash_chips", "credit_chips", "counted_chips", "result",
         "currency"]
    )  # fmt: skip
    for row in statement.rows:
        writer.writerow(
            [spreadsheet_text(row.player.name), row.bought, row.cash_chips, row.credit_chips,
             row.counted, settlement.decimal_amount(row.result, session.currency),
             session.currency]
        )  # fmt: skip
    return response


@require_GET
@login_required
def transfers_csv(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Who pays whom as CSV, one transfer a row; amounts in currency units."""
    session = _session(request, pk)
    response, writer = _csv_response(f"pott-session-{session.pk}-transfers.csv")
    writer.writerow(["payer", "payee", "amount", "currency", "paid_at"])
    for t in session.transfers.select_related("payer", "payee"):
        writer.writerow(
            [_party(t.payer), _party(t.payee),
             settlement.decimal_amount(t.amount, session.currency), session.currency,
             t.paid_at.isoformat() if t.paid_at else ""]
        )  # fmt: skip
    return response


def _party(player: Player | None) -> str:
    return spreadsheet_text(player.name) if player else _("the bank")


# --- players ----------------------------------------------------------------------------------


@require_GET
@login_required
def player_list(request: HtmxHttpRequest) -> HttpResponse:
    """The host's roster, and a form to add a player."""
    players = Player.objects.filter(host=request.user).annotate(nights=Count("results"))
    return render(
        request,
        "ledger/player_list.html",
        {"players": players, "form": PlayerForm(host=request.user)},
    )


@require_POST
@login_required
def player_create(request: HtmxHttpRequest) -> HttpResponse:
    form = PlayerForm(request.POST, host=request.user)
    if not form.is_valid():
        players = Player.objects.filter(host=request.user)
        return render(request, "ledger/player_list.html", {"players": players, "form": form})
    form.save()
    return redirect("ledger:player_list")


def _player_page(request: HtmxHttpRequest, player: Player, **forms: Any) -> HttpResponse:
    history = list(player.history())
    running, total = [], 0
    for result in history:
        total += result.amount
        running.append(total)
    chart = line_chart([r.session.name for r in history], {player.name: running})
    context = {
        "player": player,
        "history": list(zip(history, running, strict=True)),
        "chart": chart if history else None,
        "form": forms.get("form") or PlayerForm(instance=player, host=request.user),
        "merge_form": forms.get("merge_form") or MergeForm(player=player),
    }
    return render(request, "ledger/player.html", context)


@require_GET
@login_required
def player_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A player's results over the sessions: table and chart; edit; merge."""
    return _player_page(request, _player(request, pk))


@require_POST
@login_required
def player_edit(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    player = _player(request, pk)
    form = PlayerForm(request.POST, instance=player, host=request.user)
    if not form.is_valid():
        return _player_page(request, player, form=form)
    form.save()
    messages.success(request, _("Saved."))
    return redirect("ledger:player_detail", pk=player.pk)


@require_POST
@login_required
def player_merge(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Fold another roster entry of the same person into this one."""
    player = _player(request, pk)
    form = MergeForm(request.POST, player=player)
    if not form.is_valid():
        return _player_page(request, player, merge_form=form)
    other = form.cleaned_data["other"]
    name = other.name
    try:
        player.merge(other)
    except ValidationError as error:
        form.add_error("other", error)
        return _player_page(request, player, merge_form=form)
    messages.success(
        request,
        _("%(other)s was merged into %(name)s.")
        % {"other": isolate(name), "name": isolate(player.name)},
    )
    return redirect("ledger:player_detail", pk=player.pk)


# --- history ----------------------------------------------------------------------------------


def _results(request: HtmxHttpRequest, period: str) -> Any:
    results = Result.objects.filter(
        session__host=request.user, session__state=Session.State.SETTLED
    )
    days = {"year": 365, "quarter": 91, "month": 30}.get(period)
    if days:
        results = results.filter(session__created_at__gte=timezone.now() - timedelta(days=days))
    return results


@require_GET
@login_required
def history(request: HtmxHttpRequest) -> HttpResponse:
    """Leaderboard by period, every settled session's results, and a chart of running totals."""
    period = request.GET.get("period", "all")
    if period not in PERIODS:
        raise Http404
    results = _results(request, period)
    board = (
        results.values("player__pk", "player__name", "session__currency")
        .annotate(total=Sum("amount"), nights=Count("session"))
        .order_by("session__currency", "-total", "player__name")
    )
    sessions = list(
        Session.objects.settled()
        .filter(pk__in=results.values("session"))
        .order_by("created_at")
        .prefetch_related("results__player")
    )
    players = sorted({r.player for s in sessions for r in s.results.all()}, key=lambda p: p.name)
    table, series = [], {}
    for player in players:
        cells, running, total = [], [], 0
        for s in sessions:
            amount = next((r.amount for r in s.results.all() if r.player_id == player.pk), None)
            cells.append(amount)
            total += amount or 0
            running.append(total)
        table.append((player, cells))
        series[player.name] = running
    chart = line_chart([s.name for s in sessions], series) if sessions else None
    context = {
        "board": board,
        "sessions": sessions,
        "table": table,
        "chart": chart,
        "period": period,
        "periods": PERIODS.items(),
    }
    return render(request, "ledger/history.html", context)


@require_GET
@login_required
def history_csv(request: HtmxHttpRequest) -> HttpResponse:
    """Every settled session's results, one row per player and night; amounts in currency
    units."""
    response, writer = _csv_response("pott-history.csv")
    writer.writerow(["date", "session", "player", "bought_chips", "counted_chips", "result",
                     "currency"])  # fmt: skip
    rows = _results(request, "all").select_related("session", "player")
    for r in rows.order_by("session__created_at", "player__name"):
        writer.writerow(
            [r.session.created_at.date().isoformat(), spreadsheet_text(r.session.name),
             spreadsheet_text(r.player.name), r.bought, r.counted,
             settlement.decimal_amount(r.amount, r.session.currency), r.session.currency]
        )  # fmt: skip
    return response
