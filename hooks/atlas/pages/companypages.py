"""Company pages and the companies index: who asked what, with which evidence, and how recent it is."""

from __future__ import annotations

import datetime as dt
import re

from atlas.core import urls
from atlas.core.model import Asked, Question
from atlas.pages.context import PageContext
from atlas.pages.topicpages import short_title
from atlas.pages.views import Attribution, CompanyGroup, CompanyPage, StageView, Table
from atlas.safety.textsafe import markdown_url as url_md, plain_markdown as text_md


class CompanyPages(PageContext):
    """A page per company with questions, and the table of all of them."""

    def company_page(self, company_id: str, today: dt.date | None = None) -> CompanyPage:
        a, L, lang = self.atlas, self.labels, self.lang
        company = a.companies[company_id]
        uri = urls.company_uri(company_id)
        entries = [(q, e) for q in a.questions_at(company_id) for e in q.asked if e.company == company_id]
        counts = tuple((ev.marker, ev.name[lang], sum(1 for _, e in entries if e.evidence == ev.id))
                       for ev in a.evidence.values())
        newest = max((a.sources[e.source].date for _, e in entries), default="")  # "": no source gives a date
        order = {t.id: i for i, t in enumerate(a.topics)}
        entries.sort(key=lambda qe: order[qe[0].topic])  # by topic within each group
        sections = []
        if company.process:  # the loop: questions under the round a source places them in
            for stage in company.process:
                items = tuple(self._attribution(q, e, uri) for q, e in entries if e.stage == stage.id)
                if items:
                    sections.append((f"stage-{stage.id}", stage.name[lang], items))
            rest = tuple(self._attribution(q, e, uri) for q, e in entries if not e.stage)
            if rest:
                sections.append(("round-not-stated", L["round_not_stated"], rest))
        else:
            for topic in a.topics:
                items = tuple(self._attribution(q, e, uri) for q, e in entries if q.topic == topic.id)
                if items:
                    sections.append((f"topic-{topic.id}", topic.name[lang], items))
        facts = [(L["segment"], text_md(L[f"segment_{company.segment}"])),
                 (L["website"], f"[{text_md(company.website)}]({url_md(company.website)})")]
        if company.headquarters:
            facts.append((L["headquarters"], text_md(L[f"country_{company.headquarters}"])))
        if company.hires_in:
            src = self.source_link(company.hires_source)
            facts.append((L["hires_in"], text_md(", ".join(L[f"country_{c}"] for c in company.hires_in))
                          + f" ([{text_md(src.text)}]({url_md(src.href)}))"))
        if company.aliases:
            facts.append((L["also_written"], text_md(", ".join(company.aliases))))
        process = tuple(
            StageView(f"stage-{st.id}", st.name[lang], st.detail[lang] if st.detail else "",
                      a.evidence[st.evidence].marker, a.evidence[st.evidence].name[lang], self.source_link(st.source),
                      len({q.id for q, e in entries if e.stage == st.id}))
            for st in company.process)
        return CompanyPage(
            uri=uri, title=company.name[lang], description=company.description.get(lang, ""), facts=tuple(facts),
            counts=tuple(c for c in counts if c[2]), newest=newest, stale=is_stale(newest, today),
            explorer_url=urls.link(uri, "explorer.md") + f"?company={company_id}",  # MkDocs keeps the query
            process=process, sections=tuple(sections), legend=self.legend(),
            mock_url=urls.link(uri, "mock.md") + f"?company={company_id}")


    def _attribution(self, q: Question, e: Asked, from_uri: str) -> Attribution:
        a, lang = self.atlas, self.lang
        ev, src = a.evidence[e.evidence], a.sources[e.source]
        level = a.difficulties[q.difficulty]
        return Attribution(self.question_link(q, from_uri), ev.marker, ev.name[lang], self.source_link(e.source),
                           src.date, self.attribution_detail(e),
                           self.point_links(e.note[lang], from_uri) if e.note else "",
                           short_title(q.text[lang]), level.marker, level.name[lang], bool(q.answer),
                           urls.page_link(from_uri, urls.question_uri(q.topic, q.id)))


    def _company_row(self, cid: str, from_uri: str) -> tuple[str, ...]:
        L, lang, a = self.labels, self.lang, self.atlas
        c = a.companies[cid]
        entries = [e for q in a.questions_at(cid) for e in q.asked if e.company == cid]
        mix = " ".join(f"{text_md(ev.marker)} {n}" for ev in a.evidence.values()
                       if (n := sum(1 for e in entries if e.evidence == ev.id)))
        newest = max(a.sources[e.source].date for e in entries)
        return (f"[{text_md(c.name[lang])}]({urls.link(from_uri, urls.company_uri(c.id))})",
                L[f"segment_{c.segment}"], str(len(a.questions_at(cid))), mix, L.date(newest) if newest else "—")

    def _table(self, rows: list[tuple[str, ...]], dated: bool) -> Table:
        L = self.labels
        header = (L["company"], L["segment"], L["questions"], L["evidence"], L["newest_report"])
        return Table(header, tuple(rows)) if dated else Table(header[:4], tuple(r[:4] for r in rows))

    def companies_table(self, from_uri: str) -> Table:
        """Most questions first: questions, evidence mix and the newest report per company (that column only
        when most companies have a dated report: a column of dashes says nothing)."""
        rows = [self._company_row(cid, from_uri) for cid in self.atlas.companies_with_questions()]
        return self._table(rows, sum(1 for r in rows if r[4] != "—") * 2 >= len(rows))

    def company_groups(self, from_uri: str) -> tuple[CompanyGroup, ...]:
        """The companies by the country of their head office, the reader's own country first and, after it, the
        companies that hire there from elsewhere: a reader in India looks for Indian employers first."""
        L, a = self.labels, self.atlas
        ids = a.companies_with_questions()
        rows = {cid: self._company_row(cid, from_uri) for cid in ids}
        dated = sum(1 for r in rows.values() if r[4] != "—") * 2 >= len(rows)
        home = L["reader_country"]
        by_country: dict[str, list[str]] = {}
        for cid in ids:
            by_country.setdefault(a.companies[cid].headquarters, []).append(cid)
        countries = sorted((c for c in by_country if c and c != home), key=lambda c: (-len(by_country[c]),
                                                                                   L[f"country_{c}"]))
        groups = []
        if home in by_country:
            groups.append(CompanyGroup(f"hq-{home.lower()}", L[f"country_{home}"],
                                       self._table([rows[c] for c in by_country[home]], dated)))
        also = [c for c in ids if home in a.companies[c].hires_in and a.companies[c].headquarters != home]
        if also:
            groups.append(CompanyGroup(f"hiring-in-{home.lower()}", L.format("hiring_in_from_abroad",
                                                                             country=L[f"country_{home}"]),
                                       self._table([rows[c] for c in also], dated)))
        for country in countries:
            groups.append(CompanyGroup(f"hq-{country.lower()}", L[f"country_{country}"],
                                       self._table([rows[c] for c in by_country[country]], dated)))
        if by_country.get(""):
            groups.append(CompanyGroup("hq-unknown", L["headquarters_unknown"],
                                       self._table([rows[c] for c in by_country[""]], dated)))
        return tuple(groups)


STALE_AFTER_MONTHS = 18


def is_stale(newest: str, today: dt.date | None = None) -> bool:
    """True when the newest report is older than 18 months: interviews change, readers should know."""
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", newest):  # no dated report: nothing to judge by
        return False
    today = today or dt.date.today()
    date = dt.date.fromisoformat(newest)
    months = (today.year - date.year) * 12 + today.month - date.month - (today.day < date.day)
    return months >= STALE_AFTER_MONTHS
