"""The one status a reference gets: arXiv's metadata compared with what the record says.

Titles are compared after folding case, punctuation, TeX markup and Unicode variants away; authors by the
first author's surname, whichever order arXiv writes the name in, and by count where the site's citation
depends on it (one or two names are cited as the whole list; three or more as "First et al.").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from atlas.contrib.arxivcheck.feed import Paper
from atlas.contrib.arxivcheck.references import Reference
from atlas.load.arxivid import ArxivId

OK, MALFORMED, MISSING, WITHDRAWN = "ok", "malformed", "missing", "withdrawn"
TITLE_MISMATCH, AUTHOR_MISMATCH, UNVERIFIED = "title_mismatch", "author_mismatch", "unverified"
STATUSES = (OK, MALFORMED, MISSING, WITHDRAWN, TITLE_MISMATCH, AUTHOR_MISMATCH, UNVERIFIED)
FAILURES = frozenset({MALFORMED, MISSING, WITHDRAWN, TITLE_MISMATCH, AUTHOR_MISMATCH})


_TEX_ACCENT = re.compile(r"\\[`'^\"~=.uvHcdbk]\s*\{?\s*([A-Za-z])\s*\}?")
_TEX_COMMAND = re.compile(r"\\([A-Za-z]+)\*?")
_TEX_STYLE = {"emph", "textbf", "textit", "texttt", "textsc", "textrm", "textsf", "text", "mathrm", "mathbf",
              "mathit", "mathcal", "mathbb", "mathsf", "mathtt", "mathfrak", "boldsymbol", "operatorname",
              "bf", "it", "rm", "em", "tt", "sc", "sf", "left", "right", "mbox", "hbox"}
_TEX_SYMBOL = {"ell": "l", "ldots": " ", "dots": " ", "cdots": " ", "times": "x"}


def _tex_command(m: re.Match[str]) -> str:
    name = m[1]
    if name in _TEX_STYLE:
        return " "
    return f" {_TEX_SYMBOL.get(name, name)} "


def _greek_to_name(ch: str) -> str:
    """'α' -> 'alpha', so Unicode Greek, TeX `\\alpha` and the spelled word compare equal."""
    name = unicodedata.name(ch, "")
    return f" {name.split()[-1].lower()} " if name.startswith("GREEK") and "LETTER" in name else ch


def normalise(text: str) -> str:
    """Fold case, whitespace, punctuation, TeX markup and Unicode variants away for comparison."""
    text = _TEX_ACCENT.sub(r"\1", text)
    text = _TEX_COMMAND.sub(_tex_command, text)
    text = "".join(_greek_to_name(c) for c in text)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    return " ".join(re.sub(r"[\W_]+", " ", text).split())


def titles_match(record_title: str, arxiv_title: str) -> bool:
    return normalise(record_title) == normalise(arxiv_title)


_SUFFIXES = {"jr", "sr", "ii", "iii", "iv"}


def _squash(word: str) -> str:
    return normalise(word).replace(" ", "")


def surname(name: str) -> str:
    """The surname as a comparison key: before a comma ('Schulman, John'), else the last non-suffix word."""
    if "," in name:
        return _squash(name.split(",")[0])
    words = [w for w in name.split() if _squash(w) not in _SUFFIXES] or name.split()
    return _squash(words[-1]) if words else ""


def author_matches(record_first: str, arxiv_first: str) -> bool:
    """The record's first-author surname must be one of the words of arXiv's first author (order-agnostic)."""
    key = surname(record_first)
    words = {_squash(w) for w in arxiv_first.replace(",", " ").split()} | {_squash(arxiv_first)}
    return bool(key) and key in words


@dataclass
class Result:
    """The one status a reference gets, why, and arXiv's metadata when known."""

    ref: Reference
    status: str
    detail: str = ""
    note: str = ""
    paper: Paper | None = None

    def to_json(self) -> dict[str, Any]:
        r, p = self.ref, self.paper
        return {"reading": r.reading or None, "question": r.question or None, "arxiv": r.arxiv, "file": r.file,
                "line": r.line, "status": self.status, "detail": self.detail, "note": self.note,
                "arxiv_title": p.title if p else None, "arxiv_first_author": p.first_author if p else None,
                "arxiv_version": p.version if p else None}


def judge(ref: Reference, aid: ArxivId, paper: Paper | None) -> Result:
    """Classify a reference whose id arXiv answered for (paper None means absent from the answer)."""
    if paper is None:
        return Result(ref, MISSING, f"arXiv has no paper {aid.base}")
    if aid.version and aid.version > paper.version:
        return Result(ref, MISSING, f"arXiv has no version v{aid.version} of {aid.base}; the latest is "
                                    f"v{paper.version}", paper=paper)
    if paper.withdrawn:
        return Result(ref, WITHDRAWN, f"withdrawn in v{paper.version}: {paper.comment}", paper=paper)
    if ref.title and not titles_match(ref.title, paper.title):
        return Result(ref, TITLE_MISMATCH, f"title '{ref.title}' but arXiv has '{paper.title}'", paper=paper)
    if ref.authors and not author_matches(ref.authors[0], paper.first_author):
        return Result(ref, AUTHOR_MISMATCH, f"first author '{ref.authors[0]}' but arXiv lists "
                                            f"'{paper.first_author or 'nobody'}' first", paper=paper)
    collective = len(ref.authors) == 1 and " " not in ref.authors[0]  # "DeepSeek-AI", "OpenAI": the team
    if ref.authors and not collective and len(ref.authors) < min(3, len(paper.authors)):
        # The site cites one author as "Name" and two as "A & B": a list cut short there reads as complete.
        return Result(ref, AUTHOR_MISMATCH, f"lists {len(ref.authors)} of arXiv's {len(paper.authors)} authors, so "
                                            "the site would cite it as if complete; list at least the first three",
                      paper=paper)
    note = (f"pins v{aid.version}; the latest is v{paper.version}"
            if aid.version and aid.version < paper.version else "")
    return Result(ref, OK, note=note, paper=paper)
