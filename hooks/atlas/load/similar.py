"""Questions that ask the same thing: near-identical English texts across the atlas, unless told apart.

Two questions whose texts are close (TF-IDF cosine over content words) must either be merged or each link the
other (`[…](#other-id)` in text, rubric or answer), which is how a record says how it differs. Pure Python: the
atlas is a few hundred questions, so every pair is compared (about 0.1 s at 1,000 questions).
"""

from __future__ import annotations

import itertools
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
    """Every pair of questions whose English texts are at least `threshold` alike, most alike first."""
    vectors = _vectors({q.id: q.text["en"] for q in questions})
    pairs = []
    for a, b in itertools.combinations(questions, 2):
        va, vb = vectors[a.id], vectors[b.id]
        if len(vb) < len(va):
            va, vb = vb, va
        score = sum(x * vb.get(w, 0.0) for w, x in va.items())
        if score >= threshold:
            pairs.append((score, a, b))
    return sorted(pairs, key=lambda p: -p[0])


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
