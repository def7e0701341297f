"""Per-language page models: everything a page shows, already localised and linked, no Markdown yet."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from atlas import collation, urls
from atlas.labels import Labels
from atlas.model import Asked, Atlas, Question, Topic
from atlas.textsafe import escape_markup, markdown_url as url_md, plain_markdown as text_md
from atlas.urls import Repository


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


@dataclass(frozen=True)
class Group:
    anchor: str
    title: str
    questions: tuple[QuestionView, ...]


@dataclass(frozen=True)
class TopicPage:
    uri: str
    title: str
    summary: str
    groups: tuple[Group, ...]
    previous: Link | None
    next: Link | None
    propose_url: str
    edit_url: str


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
    process: tuple[tuple[str, Link], ...]  # (note, its source)
    sections: tuple[tuple[str, str, tuple[Attribution, ...]], ...]  # (anchor, topic name, attributions)


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


@dataclass
class Builder:
    """Builds every page model of one language from a validated atlas."""

    atlas: Atlas
    lang: str
    repo: Repository
    labels: Labels = field(init=False)

    def __post_init__(self) -> None:
        self.labels = Labels(self.lang)

    # -- questions ----------------------------------------------------------------------------
    def question(self, q: Question, page_uri: str) -> QuestionView:
        a, L, lang = self.atlas, self.labels, self.lang
        asked = []
        for entry in q.asked:
            company, evidence, source = a.companies[entry.company], a.evidence[entry.evidence], a.sources[entry.source]
            asked.append(AskedView(
                Link(company.name[lang], urls.link(page_uri, urls.company_uri(company.id))),
                Link(evidence.marker, source.url, f"{evidence.name[lang]}: {source.title}"),
                self.attribution_detail(entry, with_date=True)))
        readings = []
        for rid in q.readings:
            r = a.readings[rid]
            venue = "arXiv" if r.arxiv else r.url.split("/")[2].removeprefix("www.")
            readings.append(ReadingView(r.title, r.link, r.short_authors, r.year, venue))
        sources = tuple(Link(a.sources[s].title, a.sources[s].url) for s in q.sources if a.sources[s].url)
        report = self.repo.new_issue(
            "correction.yml", f"[{q.id}] ", **{"question-id": q.id, "language": lang,
                                               "page": self.repo.page_url(urls.topic_uri(q.topic), lang, q.id)})
        stale = lang in a.stale_languages("questions", q.id)
        return QuestionView(
            english_url=self.repo.page_url(urls.topic_uri(q.topic), urls.DEFAULT_LANGUAGE, q.id) if stale else "",
            id=q.id, text=q.text[lang], type_name=a.types[q.type].name[lang],
            difficulty_marker=a.difficulties[q.difficulty].marker,
            difficulty_name=a.difficulties[q.difficulty].name[lang],
            track_names=tuple(t.name[lang] for t in a.tracks if t.id in q.tracks),
            asked=tuple(asked), sources=sources[:1], tests=q.tests[lang],
            rubric=tuple(p[lang] for p in q.rubric), readings=tuple(readings),
            answer=q.answer[lang] if q.answer else None,
            edit_url=self.repo.edit(q.file, q.line), view_url=self.repo.view(q.file, q.line), report_url=report)

    def groups(self, questions: list[Question], page_uri: str) -> tuple[Group, ...]:
        """Questions in several tracks first, then one group per track, in track order."""
        multi = [q for q in questions if len(q.tracks) > 1]
        out = []
        if multi:
            out.append(Group("group-several", self.labels["several_tracks"],
                             tuple(self.question(q, page_uri) for q in multi)))
        for track in self.atlas.tracks:
            single = [q for q in questions if q.tracks == (track.id,)]
            if single:
                out.append(Group(f"group-{track.id}", track.name[self.lang],
                                 tuple(self.question(q, page_uri) for q in single)))
        return tuple(out)

    # -- pages ---------------------------------------------------------------------------------
    def topic_page(self, topic: Topic) -> TopicPage:
        topics, lang = self.atlas.topics, self.lang
        uri = urls.topic_uri(topic.id)
        i = topics.index(topic)
        prev_t, next_t = (topics[i - 1] if i > 0 else None), (topics[i + 1] if i + 1 < len(topics) else None)
        qs = self.atlas.questions_in(topic.id)
        file = qs[0].file if qs else f"data/questions/{topic.id}.yml"
        return TopicPage(
            uri=uri, title=topic.name[lang], summary=topic.summary[lang], groups=self.groups(qs, uri),
            previous=Link(prev_t.name[lang], urls.link(uri, urls.topic_uri(prev_t.id))) if prev_t else None,
            next=Link(next_t.name[lang], urls.link(uri, urls.topic_uri(next_t.id))) if next_t else None,
            propose_url=self.repo.new_issue("new-question.yml", "New question: ", topic=topic.id, language=lang),
            edit_url=self.repo.edit(file))

    def _question_link(self, q: Question, from_uri: str) -> Link:
        return Link(q.text[self.lang], urls.link(from_uri, urls.topic_uri(q.topic), q.id))

    def _by_topic(self, questions: list[Question], from_uri: str, note=lambda q: "") -> tuple[ListSection, ...]:
        sections = []
        for topic in self.atlas.topics:
            items = tuple(LinkItem("", self._question_link(q, from_uri), note(q))
                          for q in questions if q.topic == topic.id)
            if items:
                sections.append(ListSection(f"topic-{topic.id}", topic.name[self.lang], items))
        return tuple(sections)

    def attribution_detail(self, entry: Asked, with_date: bool = False) -> str:
        """'research engineer, onsite, 2025-03-14': what the source says about the interview, and when."""
        parts = [t[self.lang] for t in (entry.role, entry.round) if t]
        if with_date and self.atlas.sources[entry.source].date:
            parts.append(self.atlas.sources[entry.source].date)
        return ", ".join(parts)

    def company_page(self, company_id: str, today: dt.date | None = None) -> CompanyPage:
        a, L, lang = self.atlas, self.labels, self.lang
        company = a.companies[company_id]
        uri = urls.company_uri(company_id)
        entries = [(q, e) for q in a.questions_at(company_id) for e in q.asked if e.company == company_id]
        counts = tuple((ev.marker, ev.name[lang], sum(1 for _, e in entries if e.evidence == ev.id))
                       for ev in a.evidence.values())
        newest = max((a.sources[e.source].date for _, e in entries), default="") or L["date_unknown"]
        sections = []
        for topic in a.topics:
            items = tuple(self._attribution(q, e, uri) for q, e in entries if q.topic == topic.id)
            if items:
                sections.append((f"topic-{topic.id}", topic.name[lang], items))
        facts = [(L["segment"], text_md(L[f"segment_{company.segment}"])),
                 (L["website"], f"[{text_md(company.website)}]({url_md(company.website)})")]
        if company.aliases:
            facts.append((L["also_written"], text_md(", ".join(company.aliases))))
        process = tuple((n.text[lang], self._source_link(n.source)) for n in company.process)
        return CompanyPage(
            uri=uri, title=company.name[lang], description=company.description.get(lang, ""), facts=tuple(facts),
            counts=tuple(c for c in counts if c[2]), newest=newest, stale=is_stale(newest, today),
            explorer_url=urls.link(uri, "explorer.md") + f"?company={company_id}",  # MkDocs keeps the query
            process=process, sections=tuple(sections))

    def _source_link(self, source_id: str) -> Link:
        src = self.atlas.sources[source_id]
        who = src.author or src.publisher
        return Link(src.title + (f" — {who}" if who else ""), src.url, self.labels[f"source_kind_{src.kind}"])

    def _attribution(self, q: Question, e: Asked, from_uri: str) -> Attribution:
        a, lang = self.atlas, self.lang
        ev, src = a.evidence[e.evidence], a.sources[e.source]
        return Attribution(self._question_link(q, from_uri), ev.marker, ev.name[lang], self._source_link(e.source),
                           src.date, self.attribution_detail(e),
                           e.note[lang] if e.note else "")

    def track_page(self, track_id: str) -> ListPage:
        track = next(t for t in self.atlas.tracks if t.id == track_id)
        uri = urls.track_uri(track_id)
        qs = [q for q in self.atlas.questions if track_id in q.tracks]
        return ListPage(uri, track.name[self.lang], f"{track.summary[self.lang]} {self.labels['track_intro']}",
                        self._by_topic(qs, uri))

    def collection_page(self, collection_id: str) -> ListPage:
        a, L, lang = self.atlas, self.labels, self.lang
        c = next(x for x in a.collections if x.id == collection_id)
        uri = urls.collection_uri(c.id)
        sections, n = [], 0
        for i, s in enumerate(c.sections, 1):
            items = []
            for qid in s.questions:
                n += 1
                items.append(LinkItem(str(n), self._question_link(a.question(qid), uri)))
            sections.append(ListSection(f"section-{i}", s.title[lang], tuple(items)))
        facts = []
        if c.author:
            facts.append((L["compiled_by"], text_md(c.author)))
        for sid in c.sources:
            src = a.sources[sid]
            label = L["translation"] if src.language and src.language not in ("en", "zh") else L["original"]
            title = f"[{text_md(src.title)}]({url_md(src.url)})" if src.url else text_md(src.title)
            who = f" — {text_md(src.author)}" if src.author else ""
            facts.append((label, f"{title}{who}" + (f", {text_md(src.publisher)}" if src.publisher else "")))
        return ListPage(uri, c.title[lang], c.summary[lang], tuple(sections), tuple(facts))

    def glossary_page(self) -> GlossaryPage:
        L, lang = self.labels, self.lang
        names = {code: L[f"language_{code}"] for code in ("en", "ru", "hi")}
        entries = sorted(self.atlas.glossary.terms, key=lambda t: collation.sort_key(t.term[lang], lang))
        views = tuple(GlossaryEntry(
            t.id, t.term[lang], t.definition[lang],
            tuple((names[o], t.term[o]) for o in ("en", "ru", "hi") if o != lang),
            t.also.get(lang, ()), t.avoid.get(lang, ())) for t in entries)
        blocks: dict[int, dict[str, str]] = {}
        for e in views:
            block = collation.sort_key(e.term, lang)[0]
            blocks.setdefault(block, {}).setdefault(collation.initial(e.term), e.id)
        letters = tuple(tuple(blocks[b].items()) for b in sorted(blocks))
        spellings = tuple((sp.use, sp.avoid) for sp in self.atlas.glossary.spellings if sp.lang == lang)
        return GlossaryPage(urls.GLOSSARY_URI, L["glossary"], L["glossary_intro"], views, letters, spellings)

    # -- indexes -------------------------------------------------------------------------------
    def count(self, **where: str) -> int:
        return sum(1 for q in self.atlas.questions
                   if ("topic" not in where or q.topic == where["topic"])
                   and ("track" not in where or where["track"] in q.tracks)
                   and ("company" not in where or any(e.company == where["company"] for e in q.asked)))

    def topics_table(self, from_uri: str) -> Table:
        L, lang = self.labels, self.lang
        header = (L["topic"], *(text_md(t.name[lang]) for t in self.atlas.tracks), L["total"])
        rows = tuple((f"[{text_md(t.name[lang])}]({urls.link(from_uri, urls.topic_uri(t.id))})",
                      *(str(self.count(topic=t.id, track=tr.id)) for tr in self.atlas.tracks),
                      str(self.count(topic=t.id))) for t in self.atlas.topics)
        return Table(header, rows)

    def companies_table(self, from_uri: str) -> Table:
        """Most questions first: questions, evidence mix and the newest report per company."""
        L, lang, a = self.labels, self.lang, self.atlas
        rows = []
        for cid in a.companies_with_questions():
            c = a.companies[cid]
            entries = [e for q in a.questions_at(cid) for e in q.asked if e.company == cid]
            mix = " ".join(f"{text_md(ev.marker)} {n}" for ev in a.evidence.values()
                           if (n := sum(1 for e in entries if e.evidence == ev.id)))
            newest = max(a.sources[e.source].date for e in entries) or "—"
            rows.append((f"[{text_md(c.name[lang])}]({urls.link(from_uri, urls.company_uri(c.id))})",
                         L[f"segment_{c.segment}"], str(len(a.questions_at(cid))), mix, newest))
        return Table((L["company"], L["segment"], L["questions"], L["evidence"], L["newest_report"]), tuple(rows))

    def tracks_table(self, from_uri: str) -> Table:
        L, lang = self.labels, self.lang
        rows = tuple((f"[{text_md(t.name[lang])}]({urls.link(from_uri, urls.track_uri(t.id))})",
                      " ".join(escape_markup(t.summary[lang]).split()),
                      str(self.count(track=t.id))) for t in self.atlas.tracks)
        return Table((L["track"], L["about"], L["questions"]), rows)

    def collections_table(self, from_uri: str) -> Table:
        L, lang = self.labels, self.lang
        rows = tuple((f"[{text_md(c.title[lang])}]({urls.link(from_uri, urls.collection_uri(c.id))})", text_md(c.author),
                      str(len(c.question_ids))) for c in self.atlas.collections)
        return Table((L["collection"], L["compiled_by"], L["questions"]), rows)


STALE_AFTER_MONTHS = 18


def is_stale(newest: str, today: dt.date | None = None) -> bool:
    """True when the newest report is older than 18 months: interviews change, readers should know."""
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", newest):  # no dated report: nothing to judge by
        return False
    today = today or dt.date.today()
    date = dt.date.fromisoformat(newest)
    months = (today.year - date.year) * 12 + today.month - date.month - (today.day < date.day)
    return months >= STALE_AFTER_MONTHS
