"""Contributor-facing problems: every one names file, line, record, what is wrong and how to fix it."""

from __future__ import annotations

from dataclasses import dataclass

# Stable rule codes. The table in CONTRIBUTING is generated from this dict, so keep summaries short.
CODES: dict[str, str] = {
    "E001": "YAML syntax error",
    "E002": "duplicate key in one mapping",
    "E003": "required data file missing or unreadable",
    "E004": "data file too large",
    "E005": "control or invisible formatting character",
    "E006": "YAML anchor, alias or merge key",
    "E007": "explicit YAML tag",
    "E008": "nesting too deep",
    "E009": "symbolic link under data/",
    "E010": "required field missing",
    "E011": "unknown field",
    "E012": "wrong type",
    "E013": "translation missing for a language",
    "E014": "empty or too short text",
    "E015": "rubric has too few points",
    "E016": "malformed id",
    "E017": "malformed or impossible date",
    "E018": "malformed arXiv id",
    "E019": "malformed URL",
    "E020": "value not allowed here",
    "E021": "line break in a one-line field",
    "E022": "id taken by the page's own anchors",
    "E023": "value too long",
    "E024": "text too deeply nested for Markdown",
    "E030": "duplicate id",
    "E031": "unknown topic",
    "E032": "unknown track",
    "E033": "unknown question type",
    "E034": "unknown company",
    "E035": "unknown evidence kind",
    "E036": "unknown source",
    "E037": "unknown reading",
    "E038": "unknown question",
    "E039": "question file does not match its topic",
    "E040": "raw HTML in record text",
    "E041": "unsafe or non-web link in record text",
    "E042": "same arXiv paper under two reading ids",
    "E043": "company attribution without a checkable source",
    "E044": "date in the future",
    "E045": "reading has neither arXiv id nor URL",
    "E046": "question listed twice in collections",
    "E047": "placeholder text left from the scaffold",
    "E048": "evidence marker stronger than its source supports",
    "E049": "unknown difficulty level",
    "E050": "source without author or publisher",
    "E051": "question cites no source a reader can open",
    "E052": "discouraged term or spelling (data/glossary.yml)",
    "E053": "glossary discourages its own preferred form",
    "E054": "translations lock unreadable",
    "E055": "source that nothing cites",
    # Files and values no record should hold (hostile or broken input).
    "E060": "unexpected file under data/",
    "E061": "topic without questions",
    "E062": "link to an anchor that does not exist",
    "E063": "URL host with non-ASCII characters",
    "E064": "fact-check date before the record was added",
    "E065": "list glued to the paragraph before it",
    "E066": "display math inside a paragraph",
    "E067": "decimal point in Russian math",
    "E068": "Russian number grouped against the convention",
    "E069": "lakh or crore in Hindi text",
    "E070": "image from another site",
    "E071": "inline math wider than a phone's column",
    "E072": "attribution names an interview stage the company does not have",
    "E073": "interview stage id used twice",
    "E074": "country code the site has no name for",
    # Warnings: listed by `python -m atlas validate`, never stop a build.
    "W001": "translation predates the English change",
    "W002": "text missing from the translations lock",
    "W003": "question that reads like another, neither merged nor told apart",
}


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with the data, phrased for a first-time contributor."""

    file: str
    line: int
    code: str
    record: str
    message: str
    fix: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}"
        rec = f" [{self.record}]" if self.record else ""
        fix = f" Fix: {self.fix}" if self.fix else ""
        # One problem, one line: a value quoted in the message cannot break it (or fake another problem).
        return _one_line(f"{where}: {self.code}{rec} {self.message}.{fix}")


def _one_line(text: str) -> str:
    return "".join(ch if ch.isprintable() or ch == " " else ch.encode("unicode_escape").decode("ascii") for ch in text)


class AtlasError(Exception):
    """Raised with every problem found, never just the first."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(set(problems))
        super().__init__(self.report())

    def report(self) -> str:
        lines = [str(p) for p in self.problems]
        n = len(self.problems)
        lines.append(f"{n} problem{'s' if n != 1 else ''} in data/. Nothing was built.")
        return "\n".join(lines)
