"""Per-language page models: everything a page shows, already localised and linked, no Markdown yet."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Link:
    text: str
    href: str
    title: str = ""


@dataclass(frozen=True)
class AskedView:
    company: Link
    marker: Link  # evidence marker, linking to the source
    detail: str = ""  # role, round and the source's date, in the page's language
    evidence: str = ""  # the evidence kind's name: "Candidate report"


@dataclass(frozen=True)
class LegendEntry:
    """One evidence marker explained: ‡ Candidate report — someone who sat the interview describes it."""

    marker: str
    name: str
    description: str


@dataclass(frozen=True)
class ReadingView:
    title: str
    href: str
    authors: str
    year: int
    venue: str  # "arXiv" or the host of the URL


@dataclass(frozen=True)
class QuestionView:
    id: str
    text: str
    type_name: str
    difficulty_marker: str  # "●●○", decoration for the eye
    difficulty_name: str
    track_names: tuple[str, ...]
    asked: tuple[AskedView, ...]
    sources: tuple[Link, ...]
    tests: str
    rubric: tuple[str, ...]
    readings: tuple[ReadingView, ...]
    answer: str | None
    edit_url: str
    view_url: str
    report_url: str
    english_url: str = ""  # set when this language's translation is behind the English: the page says so
    checked: str = ""  # "Fact-checked 2 December 2026" (or that no second reader has checked it yet)
    short: str = ""  # plain-text short title: the first sentence, cut (the page's title, next/previous, other lists)
    line: str = ""  # the first sentence, cut only when very long: the topic's list


@dataclass(frozen=True)
class QuestionPage:
    """One question on a page of its own: the record, where it sits in its topic, and the way on."""

    uri: str
    topic: Link  # back to the topic's list of questions
    number: int
    total: int
    question: QuestionView
    previous: Link | None  # the neighbours in the topic's order (title: their short titles)
    next: Link | None
    legend: tuple[LegendEntry, ...] = ()  # the evidence markers, when the question has any


@dataclass(frozen=True)
class TopicPage:
    uri: str
    title: str
    summary: str
    previous: Link | None
    next: Link | None
    propose_url: str
    edit_url: str
    mock_url: str = ""  # a mock interview on this topic's questions
    pages: tuple[QuestionPage, ...] = ()  # each question's own page, in the list's order


@dataclass(frozen=True)
class LinkItem:
    number: str  # "" or the position in a collection
    link: Link
    note: str = ""  # e.g. evidence and source on company pages


@dataclass(frozen=True)
class ListSection:
    anchor: str
    title: str
    items: tuple[LinkItem, ...]


@dataclass(frozen=True)
class ListPage:
    """Company, track and collection pages: headed lists of links to questions."""

    uri: str
    title: str
    intro: str
    sections: tuple[ListSection, ...]
    facts: tuple[tuple[str, str], ...] = ()  # label -> Markdown value, shown under the title


@dataclass(frozen=True)
class GlossaryEntry:
    id: str                               # the anchor, the same in every language
    term: str                             # in the page's language
    definition: str
    others: tuple[tuple[str, str], ...]   # (language name, form) for the other two languages
    also: tuple[str, ...] = ()
    avoid: tuple[str, ...] = ()


@dataclass(frozen=True)
class GlossaryPage:
    uri: str
    title: str
    intro: str
    entries: tuple[GlossaryEntry, ...]    # in the language's alphabetical order
    letters: tuple[tuple[tuple[str, str], ...], ...]  # jump bar: per script block, (initial, id of its first entry)
    spellings: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (use, avoid) for this language


@dataclass(frozen=True)
class Attribution:
    """One company attribution as the company page lists it."""

    question: Link
    marker: str
    evidence: str
    source: Link
    date: str
    detail: str  # role and round, where the source says
    note: str
    short: str = ""  # the question's short title
    difficulty_marker: str = ""
    difficulty_name: str = ""
    has_answer: bool = False
    question_href: str = ""  # the question's URL from the company page, as MkDocs writes it (for our own HTML)


@dataclass(frozen=True)
class StageView:
    """One stage of a company's interview loop, with its evidence and source."""

    anchor: str
    name: str
    detail: str
    marker: str
    evidence: str
    source: Link
    questions: int  # how many of the company's questions a source places in this stage


@dataclass(frozen=True)
class CompanyGroup:
    """The companies headquartered in one country (or hiring in the reader's), for the companies index."""

    anchor: str
    title: str
    table: "Table"


@dataclass(frozen=True)
class CompanyPage:
    uri: str
    title: str
    description: str
    facts: tuple[tuple[str, str], ...]  # label -> Markdown value
    counts: tuple[tuple[str, str, int], ...]  # (marker, evidence name, attributions)
    newest: str
    stale: bool
    explorer_url: str
    process: tuple[StageView, ...]  # the interview loop, in order
    sections: tuple[tuple[str, str, tuple[Attribution, ...]], ...]  # (anchor, stage or topic name, attributions)
    legend: tuple[LegendEntry, ...] = ()
    mock_url: str = ""  # a mock interview on this company's questions, in the order of its rounds


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class TablePage:
    uri: str
    title: str
    intro: str
    table: Table
    legend: tuple[LegendEntry, ...] = ()
