"""arXiv identifiers: the one definition of a well-formed id, shared by the loader and the checker."""

from __future__ import annotations

import re
from dataclasses import dataclass

_NEW_ID = re.compile(r"(?P<yymm>[0-9]{4})\.(?P<num>[0-9]{4,5})(?:v(?P<v>[1-9][0-9]*))?", re.ASCII)
_OLD_ID = re.compile(r"(?P<archive>[a-z]+(?:-[a-z]+)*(?:\.[A-Z]{2})?)/(?P<yymm>[0-9]{4})(?P<num>[0-9]{3})"
                     r"(?:v(?P<v>[1-9][0-9]*))?", re.ASCII)


@dataclass(frozen=True)
class ArxivId:
    """A well-formed id: `base` is what arXiv indexes, `version` is set only when the record pins one."""

    base: str
    version: int | None = None

    def __str__(self) -> str:
        return f"{self.base}v{self.version}" if self.version else self.base


def parse_id(text: str) -> ArxivId:
    """Parse a new-style (YYMM.NNNN[N]) or old-style (archive[.SC]/YYMMNNN) id; ValueError says why not."""
    if m := _NEW_ID.fullmatch(text):
        _check_new(m["yymm"], m["num"])
        return ArxivId(f"{m['yymm']}.{m['num']}", int(m["v"]) if m["v"] else None)
    if m := _OLD_ID.fullmatch(text):
        _check_old(m["yymm"], m["num"])
        return ArxivId(f"{m['archive']}/{m['yymm']}{m['num']}", int(m["v"]) if m["v"] else None)
    raise ValueError("not an arXiv id: expected YYMM.NNNNN or archive/YYMMNNN, optionally with vN (N ≥ 1)")


def _check_new(yymm: str, num: str) -> None:
    """New-style ids began in April 2007; the number grew from 4 to 5 digits in January 2015."""
    month = int(yymm[2:])
    if not 1 <= month <= 12:
        raise ValueError(f"month {yymm[2:]} in {yymm}.{num} does not exist")
    if yymm < "0704":
        raise ValueError(f"new-style ids start at 0704; {yymm} predates them (use archive/YYMMNNN)")
    if len(num) != (4 if yymm <= "1412" else 5):
        raise ValueError(f"ids from {yymm} have {4 if yymm <= '1412' else 5} digits after the dot, not {len(num)}")
    if int(num) == 0:
        raise ValueError("paper number 0 does not exist")


def _check_old(yymm: str, num: str) -> None:
    """Old-style ids ran from 1991 to March 2007."""
    year, month = int(yymm[:2]), int(yymm[2:])
    if not 1 <= month <= 12:
        raise ValueError(f"month {yymm[2:]} in {yymm}{num} does not exist")
    if not (year >= 91 or (year, month) <= (7, 3)):
        raise ValueError(f"old-style ids end in 0703; {yymm} needs the new YYMM.NNNNN form")
    if int(num) == 0:
        raise ValueError("paper number 0 does not exist")
