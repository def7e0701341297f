#!/usr/bin/env python3
"""How the atlas writes each glossary term in Russian and Hindi: every form's count, and the terms still
written two ways.

    python scripts/term_forms.py                 # terms written in two accepted forms > 5 times each
    python scripts/term_forms.py --all           # every form of every term with a use
    python scripts/term_forms.py --term training # one term

A term is *written two ways* when two of its accepted forms (the glossary's `term` and `also`) in different
scripts — Latin against Cyrillic or Devanagari, `batch` against «батч» — are each used more than 5 times: the
reader meets one word in two scripts. Synonyms in one script («loss», «функция потерь»; CoT, chain-of-thought)
are a choice the glossary made and are not counted. `avoid` forms are errors (E052) wherever they appear.
Counts are whole-word matches in the prose of every ru/hi text (math and code skipped), as validation does.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "hooks"))

from atlas import load_atlas  # noqa: E402
from atlas.load import terms  # noqa: E402

THRESHOLD = 5


def counts(data: Path) -> list[tuple[str, str, str, str, int]]:
    """(term id, language, form, kind, uses) for every form of every glossary term."""
    atlas = load_atlas(data, vocabulary=False)
    texts = {lang: [terms.prose(f.texts[lang]) for f in atlas.text_fields
                    if not (f.kind == "glossary" and f.field == "term")] for lang in ("ru", "hi")}
    rows = []
    for term in atlas.glossary.terms:
        for lang in ("ru", "hi"):
            forms = [(term.term[lang], "term")] + [(f, "also") for f in term.also.get(lang, ())] \
                + [(f, "avoid") for f in term.avoid.get(lang, ())]
            for form, kind in forms:
                pattern = terms.compile_form(form)
                rows.append((term.id, lang, form, kind, sum(len(pattern.findall(t)) for t in texts[lang])))
    return rows


def script(form: str) -> str:
    """'latin' when the form is written in Latin letters only, else 'native' (Cyrillic or Devanagari)."""
    return "native" if re.search(r"[\u0400-\u04ff\u0900-\u097f]", form) else "latin"


def unsettled(rows: list[tuple[str, str, str, str, int]]) -> list[tuple[str, str, list[tuple[str, int]]]]:
    """Terms whose accepted forms are used more than THRESHOLD times in both scripts."""
    used: dict[tuple[str, str], list[tuple[str, int]]] = {}
    for tid, lang, form, kind, n in rows:
        if kind != "avoid" and n > THRESHOLD:
            used.setdefault((tid, lang), []).append((form, n))
    return [(tid, lang, forms) for (tid, lang), forms in used.items() if len({script(f) for f, _ in forms}) > 1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--all", action="store_true", help="every form of every term with a use")
    parser.add_argument("--term", help="one term id")
    parser.add_argument("--data", default=str(ROOT / "data"))
    args = parser.parse_args()
    rows = counts(Path(args.data))
    if args.all or args.term:
        for tid, lang, form, kind, n in rows:
            if (args.term and tid == args.term) or (args.all and n):
                print(f"{tid}\t{lang}\t{kind}\t{n}\t{form}")
        return 0
    open_terms = unsettled(rows)
    for tid, lang, forms in open_terms:
        print(f"{tid} ({lang}): " + ", ".join(f"«{f}» {n}" for f, n in forms))
    stray = Counter(lang for tid, lang, form, kind, n in rows if kind == "avoid" for _ in range(n))
    print(f"{len(open_terms)} term(s) written two ways more than {THRESHOLD} times; "
          f"stray (avoided) forms: ru {stray['ru']}, hi {stray['hi']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
