"""Validated records. Built only by the loader, after every check has passed."""

from __future__ import annotations

from dataclasses import dataclass, field

from atlas.core.schema import LANGUAGES

Text = dict[str, str]  # language code -> Markdown


@dataclass(frozen=True)
class Named:
    id: str
    name: Text


@dataclass(frozen=True)
class Topic(Named):
    order: int
    summary: Text


@dataclass(frozen=True)
class Track(Named):
    order: int
    summary: Text


@dataclass(frozen=True)
class QuestionType(Named):
    pass


@dataclass(frozen=True)
class Evidence(Named):
    marker: str
    description: Text


@dataclass(frozen=True)
class Difficulty(Named):
    order: int
    marker: str
    description: Text


@dataclass(frozen=True)
class Stage:
    """One stage of a company's interview loop, as a source describes it."""

    id: str
    name: Text
    evidence: str
    source: str
    detail: Text | None = None


@dataclass(frozen=True)
class Company(Named):
    segment: str
    website: str
    description: Text = field(default_factory=dict)
    aliases: tuple[str, ...] = ()
    process: tuple[Stage, ...] = ()  # the loop, stages in order
    headquarters: str = ""  # ISO 3166-1 alpha-2
    hires_in: tuple[str, ...] = ()  # where its own page or a source says it hires ML staff
    hires_source: str = ""


@dataclass(frozen=True)
class Source:
    id: str
    title: str
    retrieved: str
    kind: str = "question-list"
    author: str = ""
    publisher: str = ""
    url: str = ""
    language: str = ""
    published: str = ""

    @property
    def date(self) -> str:
        """The date an attribution carries: its source's publication date ("" when the page shows none).

        Never the retrieval date: that would make an undated old report look new."""
        return self.published


@dataclass(frozen=True)
class Reading:
    id: str
    title: str
    authors: tuple[str, ...]
    year: int
    arxiv: str = ""
    url: str = ""
    file: str = ""
    line: int = 0

    @property
    def link(self) -> str:
        return f"https://arxiv.org/abs/{self.arxiv}" if self.arxiv else self.url

    @property
    def short_authors(self) -> str:
        """'Hu et al.' / 'Gao and Schulman' / 'DeepSeek-AI' — how citations read in a list."""
        surnames = [a.split()[-1] if " " in a else a for a in self.authors]
        if len(surnames) == 1:
            return surnames[0]
        if len(surnames) == 2:
            return f"{surnames[0]} & {surnames[1]}"
        return f"{surnames[0]} et al."


@dataclass(frozen=True)
class Asked:
    company: str
    evidence: str
    source: str
    role: Text | None = None
    round: Text | None = None
    note: Text | None = None
    stage: str = ""  # the id of the company's process stage this round is


@dataclass(frozen=True)
class Question:
    id: str
    topic: str
    tracks: tuple[str, ...]
    type: str
    difficulty: str
    added: str
    text: Text
    tests: Text
    rubric: tuple[Text, ...]
    file: str
    line: int
    answer: Text | None = None
    asked: tuple[Asked, ...] = ()
    readings: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    checked: str = ""  # when a second reader last checked every claim; "" = not yet


@dataclass(frozen=True)
class Section:
    title: Text
    questions: tuple[str, ...]


@dataclass(frozen=True)
class Collection:
    id: str
    title: Text
    summary: Text
    sources: tuple[str, ...]
    sections: tuple[Section, ...]
    author: str = ""

    @property
    def question_ids(self) -> list[str]:
        return [q for s in self.sections for q in s.questions]


@dataclass(frozen=True)
class Term:
    """A glossary term: its form in each language, a one-line definition, accepted and discouraged forms."""

    id: str
    term: Text
    definition: Text
    also: dict[str, tuple[str, ...]] = field(default_factory=dict)
    avoid: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Spelling:
    """One spelling for an everyday word in one language (e.g. Hindi nukta): enforced, not a glossary entry."""

    lang: str
    use: str
    avoid: tuple[str, ...]


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...] = ()
    spellings: tuple[Spelling, ...] = ()


@dataclass(frozen=True)
class StaleText:
    """A Russian or Hindi text whose English changed after it was last marked current (translations lock)."""

    kind: str
    record: str
    field: str
    lang: str


@dataclass
class Atlas:
    """Everything in data/, cross-checked. Dicts keep file order; lists are sorted by `order`."""

    topics: list[Topic]
    tracks: list[Track]
    types: dict[str, QuestionType]
    evidence: dict[str, Evidence]
    difficulties: dict[str, Difficulty]
    companies: dict[str, Company]
    sources: dict[str, Source]
    readings: dict[str, Reading]
    questions: list[Question]
    collections: list[Collection] = field(default_factory=list)
    glossary: Glossary = field(default_factory=Glossary)
    stale: tuple[StaleText, ...] = ()  # translations behind their English: warnings, not errors
    warnings: tuple[object, ...] = ()  # atlas.core.errors.Problem lines that do not stop the build
    text_fields: tuple[object, ...] = ()  # atlas.load.translations.TextField: every en/ru/hi text, for the lock

    def stale_languages(self, kind: str, record_id: str) -> set[str]:
        """Languages in which some text of this record is behind its English."""
        return {s.lang for s in self.stale if s.kind == kind and s.record == record_id}

    def topic(self, topic_id: str) -> Topic:
        return next(t for t in self.topics if t.id == topic_id)

    def question(self, question_id: str) -> Question:
        return self._by_id[question_id]

    def companies_with_questions(self) -> list[str]:
        """Company ids that some question names (the ones that get a page): most questions first, then by id."""
        counts: dict[str, int] = {}
        for q in self.questions:
            for c in {a.company for a in q.asked}:
                counts[c] = counts.get(c, 0) + 1
        return sorted(counts, key=lambda c: (-counts[c], c))

    def questions_at(self, company_id: str) -> list[Question]:
        return list(self._by_company.get(company_id, ()))

    def questions_in(self, topic_id: str) -> list[Question]:
        return [q for q in self.questions if q.topic == topic_id]

    def __post_init__(self) -> None:
        self._by_id = {q.id: q for q in self.questions}
        self._by_company: dict[str, list[Question]] = {}  # company id -> its questions, in the atlas's order
        for q in self.questions:
            for c in dict.fromkeys(a.company for a in q.asked):
                self._by_company.setdefault(c, []).append(q)


__all__ = ["LANGUAGES", "Atlas", "Question", "Topic", "Track", "Reading", "Source", "Company",
           "Evidence", "QuestionType", "Difficulty", "Stage", "Collection", "Section", "Asked", "Text",
           "Term", "Spelling", "Glossary", "StaleText"]
