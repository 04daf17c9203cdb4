"""The walker's findings, grouped so a developer sees every cause at once.

Server errors are grouped by cause: the last line of Pott's code the exception went through
and the exception, with every view, field and value that led to it. Refused requests that
changed the database are grouped by view and what changed. Each group gives one request to
reproduce it.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.hostile.walk import Outcome, Report


def _who(outcome: Outcome) -> str:
    return f"{outcome.role}{', htmx' if outcome.htmx else ''}"


def _request(outcome: Outcome) -> str:
    path = outcome.path if len(outcome.path) <= 120 else outcome.path[:120] + "…"
    return f"{outcome.method} {path} [{outcome.context}; {_who(outcome)}]"


def _value(outcome: Outcome) -> str:
    also = f" (same class: {', '.join(outcome.also)})" if outcome.also else ""
    return outcome.value + also


def _cause_key(outcome: Outcome) -> tuple[str, str]:
    cause = outcome.cause
    return (cause.where, cause.type) if cause else ("?", "?")


def server_errors(report: Report) -> list[str]:
    """One group per cause (Pott's last line and the exception), every view and field in it."""
    groups: dict[tuple[str, str], list[Outcome]] = defaultdict(list)
    for outcome in report.server_errors():
        groups[_cause_key(outcome)].append(outcome)
    lines = []
    for (where, kind), outcomes in sorted(groups.items()):
        cause = outcomes[0].cause
        views = sorted({o.view for o in outcomes})
        lines.append(f"- {kind} at {where} — {', '.join(views)}")
        if cause is not None:
            lines.append(f"    code: {cause.code}")
            lines.append(f"    message: {cause.message}")
            lines.append(f"    raised in: {cause.innermost}")
        by_field: dict[tuple[str, str, str], list[Outcome]] = defaultdict(list)
        for outcome in outcomes:
            after = f" (reading back {outcome.path} after {outcome.after})" if outcome.after else ""
            by_field[(outcome.pattern, outcome.field or "(valid request)", after)].append(outcome)
        for (pattern, field, after), found in by_field.items():
            values = list(dict.fromkeys(_value(o) for o in found if o.field is not None))
            lines.append(f"    {pattern} {field}: {'; '.join(values) or '(valid)'}{after}")
            lines.append(f"        e.g. {_request(found[0])} → {found[0].status}")
    return lines


def stored(report: Report) -> list[str]:
    groups: dict[tuple[str, str, tuple[str, ...]], list[Outcome]] = defaultdict(list)
    for outcome in report.stored_by_refused():
        groups[(outcome.view, outcome.refuse, tuple(outcome.changed))].append(outcome)
    lines = []
    for (view, why, changed), outcomes in sorted(groups.items()):
        lines.append(f"- {view} ({why}): changed {' | '.join(changed)}")
        by_field: dict[tuple[str, str], list[Outcome]] = defaultdict(list)
        for outcome in outcomes:
            by_field[(outcome.pattern, outcome.field or "(valid request)")].append(outcome)
        for (pattern, field), found in by_field.items():
            values = list(dict.fromkeys(_value(o) for o in found if o.field is not None))
            who = "" if found[0].role == "owner" else f" as {found[0].role}"
            lines.append(f"    {pattern} {field}{who}: {'; '.join(values) or found[0].value}")
            lines.append(f"        e.g. {_request(found[0])} → {found[0].status}")
    return lines


def render(report: Report) -> str:
    errors = report.server_errors()
    stored_outcomes = report.stored_by_refused()
    causes = {_cause_key(o) for o in errors}
    out = [
        f"Hostile-input walk on {report.database}: {report.requests} requests in "
        f"{report.seconds:.1f} s; {len(errors)} server errors ({len(causes)} causes); "
        f"{len(stored_outcomes)} refused requests changed the database.",
    ]
    if errors:
        out += [
            "",
            "SERVER ERRORS (by Pott's last line and exception):",
            *server_errors(report),
        ]
    if stored_outcomes:
        out += [
            "",
            "REFUSED REQUESTS THAT CHANGED THE DATABASE (by view, field, change):",
            *stored(report),
        ]
    if report.quiet_baselines:
        out += [
            "",
            "VALID REQUESTS THAT STORED NOTHING (the walker's baseline is refused, so "
            "hostile values there only meet the first check):",
            *(f"- {line}" for line in report.quiet_baselines),
        ]
    if report.unvisited:
        out += [
            "",
            "URL patterns without a valid request (access and path checks only):",
            *(f"- {line}" for line in report.unvisited),
        ]
    return "\n".join(out)
