"""Questions that ask the same thing: near-identical English texts across the atlas, unless told apart.

Two questions whose texts are close (TF-IDF cosine over content words) must either be merged or each link the
other (`[…](#other-id)` in text, rubric or answer), which is how a record says how it differs. Reported by
`python -m atlas validate` and the tests, not by every build.
"""

from __future__ import annotations

import math
import re
from collections import Counter

from atlas.core.errors import Problem
from atlas.core.model import Question
from atlas.safety.textsafe import anchor_links

THRESHOLD = 0.5  # cosine at which two question texts read as the same question (measured: distinct ones < 0.45)
_STOP = frozenset("a an the of to in on for and or is are be by with how what why when which would you your do "
                  "does it its at as from that this than then into can we i if not vs versus between".split())
_WORD = re.compile(r"[a-z][a-z0-9-]+|\d+")


def _vectors(texts: dict[str, str]) -> dict[str, dict[str, float]]:
    counts = {k: Counter(w for w in _WORD.findall(t.lower()) if w not in _STOP) for k, t in texts.items()}
    df = Counter(w for c in counts.values() for w in c)
    n = len(texts)
    out = {}
    for k, c in counts.items():
        v = {w: (1 + math.log(m)) * math.log(n / df[w]) for w, m in c.items()}
        norm = math.sqrt(sum(x * x for x in v.values())) or 1.0
        out[k] = {w: x / norm for w, x in v.items()}
    return out


def similarity_pairs(questions: list[Question], threshold: float = THRESHOLD) -> list[tuple[float, Question, Question]]:
    """Every pair of questions whose English texts are at least `threshold` alike, most alike first.

    Dot products are accumulated over an inverted index: only pairs that share a word are ever touched.
    """
    vectors = _vectors({q.id: q.text["en"] for q in questions})
    postings: dict[str, list[tuple[int, float]]] = {}
    for i, q in enumerate(questions):
        for word, weight in vectors[q.id].items():
            postings.setdefault(word, []).append((i, weight))
    scores: dict[tuple[int, int], float] = {}
    for entries in postings.values():
        for k, (i, x) in enumerate(entries):
            for j, y in entries[k + 1:]:
                scores[i, j] = scores.get((i, j), 0.0) + x * y
    pairs = [(score, questions[i], questions[j]) for (i, j), score in scores.items() if score >= threshold]
    return sorted(pairs, key=lambda p: (-p[0], p[1].id, p[2].id))


def _links(q: Question) -> set[str]:
    texts = [q.text["en"], q.tests["en"], *(p["en"] for p in q.rubric), *([q.answer["en"]] if q.answer else [])]
    return {anchor for t in texts for anchor in anchor_links(t)}


def near_duplicates(questions: list[Question]) -> list[Problem]:
    """W003 for each close pair that does not link each other both ways."""
    out = []
    for score, a, b in similarity_pairs(questions):
        if b.id in _links(a) and a.id in _links(b):
            continue
        out.append(Problem(a.file, a.line, "W003", a.id,
                           f"reads like '{b.id}' ({b.file}:{b.line}; similarity {score:.2f})",
                           f"merge the two, or say in each how it differs and link the other "
                           f"(`[…](#{b.id})` here, `[…](#{a.id})` there)"))
    return out
