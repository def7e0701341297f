"""Company pages and the companies index: who asked what, with which evidence, and how recent it is."""

from __future__ import annotations

import datetime as dt
import re

from atlas.core import urls
from atlas.core.model import Asked, Question
from atlas.pages.context import PageContext
from atlas.pages.topicpages import short_title
from atlas.pages.views import Attribution, CompanyPage, Table
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
        sections = []
        for topic in a.topics:
            items = tuple(self._attribution(q, e, uri) for q, e in entries if q.topic == topic.id)
            if items:
                sections.append((f"topic-{topic.id}", topic.name[lang], items))
        facts = [(L["segment"], text_md(L[f"segment_{company.segment}"])),
                 (L["website"], f"[{text_md(company.website)}]({url_md(company.website)})")]
        if company.aliases:
            facts.append((L["also_written"], text_md(", ".join(company.aliases))))
        process = tuple((n.text[lang], self.source_link(n.source)) for n in company.process)
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
                           urls.page_link(from_uri, urls.topic_uri(q.topic), q.id))


    def companies_table(self, from_uri: str) -> Table:
        """Most questions first: questions, evidence mix and the newest report per company (that column only
        when most companies have a dated report: a column of dashes says nothing)."""
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
        if sum(1 for r in rows if r[4] != "—") * 2 < len(rows):
            return Table((L["company"], L["segment"], L["questions"], L["evidence"]), tuple(r[:4] for r in rows))
        return Table((L["company"], L["segment"], L["questions"], L["evidence"], L["newest_report"]), tuple(rows))


STALE_AFTER_MONTHS = 18


def is_stale(newest: str, today: dt.date | None = None) -> bool:
    """True when the newest report is older than 18 months: interviews change, readers should know."""
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", newest):  # no dated report: nothing to judge by
        return False
    today = today or dt.date.today()
    date = dt.date.fromisoformat(newest)
    months = (today.year - date.year) * 12 + today.month - date.month - (today.day < date.day)
    return months >= STALE_AFTER_MONTHS
