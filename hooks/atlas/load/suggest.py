"""'Did you mean …?' for unknown ids, in bounded time however large the atlas and however many typos.

difflib compares one string with every candidate; over thousands of unknown ids and thousands of known
ones that is quadratic (90 s for 3,000 unknown ids). Candidates are narrowed by length first, and only
the first SUGGESTIONS unknown ids of a run get a suggestion at all.
"""

from __future__ import annotations

import difflib
from typing import Iterable

SUGGESTIONS = 200  # per run: past this, the first fixes will show the pattern of the rest


class Suggester:
    def __init__(self) -> None:
        self.budget = SUGGESTIONS
        self.cache: dict[tuple[int, str], str | None] = {}

    def closest(self, value: str, known: Iterable[str]) -> str | None:
        """The known id most like `value`, or None (also once the run's budget is spent)."""
        key = (id(known), value)
        if key in self.cache:
            return self.cache[key]
        if self.budget <= 0:
            return None
        self.budget -= 1
        slack = max(2, len(value) // 3)
        near = [k for k in known if abs(len(k) - len(value)) <= slack]
        found = difflib.get_close_matches(value, near, n=1)
        self.cache[key] = found[0] if found else None
        return self.cache[key]
