"""A run's outcome for people and machines: text lines, JSON, GitHub annotations, and the exit code."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Callable

from atlas.contrib.arxivcheck.findings import FINDINGS, Finding
from atlas.contrib.arxivcheck.judge import FAILURES, STATUSES, UNVERIFIED, Result
from atlas.contrib.arxivcheck.references import base_id


@dataclass
class Report:
    """Every reference's result and every reading finding, with how much of the network the run used."""

    results: list[Result]
    findings: list[Finding]
    requests: int = 0
    offline: bool = False
    cached: int = 0

    def counts(self) -> dict[str, int]:
        return {s: sum(r.status == s for r in self.results) for s in STATUSES}

    def finding_counts(self) -> dict[str, int]:
        return {k: sum(f.kind == k for f in self.findings) for k in FINDINGS}

    @property
    def exit_code(self) -> int:
        """0 all ok; 1 anything wrong; 2 nothing wrong but some references could not be verified."""
        if self.findings or any(r.status in FAILURES for r in self.results):
            return 1
        return 2 if any(r.status == UNVERIFIED for r in self.results) else 0


def _line(file: str, line: int, status: str, arxiv: str, record: str, detail: str) -> str:
    ident = f"arXiv:{arxiv}" if arxiv else "(no arXiv id)"
    return f"{file}:{line}: [{status}] {ident} {record}: {detail}"


def problem_lines(report: Report) -> list[tuple[str, Result | Finding, str]]:
    """(level, item, message) for everything worth a line: level is error, warning or notice."""
    out: list[tuple[str, Result | Finding, str]] = []
    for r in report.results:
        if r.status in FAILURES:
            out.append(("error", r, _line(r.ref.file, r.ref.line, r.status, r.ref.arxiv, r.ref.record, r.detail)))
        elif r.status == UNVERIFIED:
            out.append(("warning", r, _line(r.ref.file, r.ref.line, r.status, r.ref.arxiv, r.ref.record, r.detail)))
        elif r.note:
            out.append(("notice", r, _line(r.ref.file, r.ref.line, "note", r.ref.arxiv, r.ref.record, r.note)))
    out += [("error", f, _line(f.file, f.line, f.kind, f.arxiv, f.reading, f.detail)) for f in report.findings]
    out.sort(key=lambda t: (_where(t[1]), t[2]))
    return out


def _where(item: Result | Finding) -> tuple[str, int]:
    return (item.ref.file, item.ref.line) if isinstance(item, Result) else (item.file, item.line)


def summary(report: Report) -> str:
    """One line: counts per status, reading findings, and how many HTTP requests were made."""
    counts = ", ".join(f"{n} {s}" for s, n in report.counts().items())
    papers = len({base_id(r.ref.arxiv) for r in report.results})
    findings = ", ".join(f"{n} {k}" for k, n in report.finding_counts().items())
    mode = "offline, ids not looked up" if report.offline else f"{report.cached} papers from the cache"
    return (f"{len(report.results)} arXiv references ({papers} papers): {counts}; readings: {findings}; "
            f"{report.requests} HTTP requests ({mode})")


def format_text(report: Report) -> str:
    return "\n".join([msg for _, _, msg in problem_lines(report)] + [summary(report)])


def format_json(report: Report) -> str:
    return json.dumps({"references": [r.to_json() for r in report.results],
                       "findings": [asdict(f) for f in report.findings],
                       "counts": report.counts(), "finding_counts": report.finding_counts(),
                       "requests": report.requests, "offline": report.offline, "exit_code": report.exit_code},
                      ensure_ascii=False, indent=2)


def _gh(value: str, prop: bool = False) -> str:
    value = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return value.replace(":", "%3A").replace(",", "%2C") if prop else value


def github_annotation(level: str, file: str, line: int, title: str, message: str) -> str:
    return f"::{level} file={_gh(file, True)},line={line},title={_gh(title, True)}::{_gh(message)}"


def format_github(report: Report) -> str:
    lines = []
    for level, item, msg in problem_lines(report):
        file, line = _where(item)
        status = item.status if isinstance(item, Result) else item.kind
        lines.append(github_annotation(level, file, line, f"arXiv {status if level != 'notice' else 'note'}",
                                       msg.split(": ", 1)[1]))
    return "\n".join(lines + [summary(report)])


FORMATS: dict[str, Callable[[Report], str]] = {"text": format_text, "json": format_json, "github": format_github}
