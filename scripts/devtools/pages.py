"""The pages the audits and the search benchmark visit: one of each page type, in every language."""

from __future__ import annotations

# The pages the budget covers, per language (paths relative to the language root).
# "topic" is a topic's list of questions; "question" the heaviest question page of the atlas (most text, code and
# math: a coding answer). "company" is the company with the most attributed questions; the fixtures' company pages are audited too. "mock" (the
# mock interview's setup) and "weak" (What is weak) as a first visit finds them: nothing practised yet.
PAGE_TYPES = {"home": "", "topic": "topics/rl-algorithms/",
              "question": "topics/transformer-architecture/implement-multihead-attention-kv-cache/", "company": "companies/alibaba/",
              "collection": "collections/rl-interview-benchmark/", "explorer": "explorer/", "glossary": "glossary/",
              "downloads": "downloads/", "mock": "mock/", "weak": "weak/"}
LANGUAGE_ROOTS = {"en": "", "ru": "ru/", "hi": "hi/"}
