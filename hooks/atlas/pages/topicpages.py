"""Topic pages: each question's view (attributions, readings, links) and the topic's groups of questions."""

from __future__ import annotations

from atlas.core import urls
from atlas.core.model import Question, Topic
from atlas.pages.context import PageContext
from atlas.pages.views import AskedView, Group, Link, QuestionView, ReadingView, TopicPage


class TopicPages(PageContext):
    """A topic page and the question views it (and the explorer, decks, feeds) are made of."""

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
            id=q.id, text=self.point_links(q.text[lang], page_uri), type_name=a.types[q.type].name[lang],
            difficulty_marker=a.difficulties[q.difficulty].marker,
            difficulty_name=a.difficulties[q.difficulty].name[lang],
            track_names=tuple(t.name[lang] for t in a.tracks if t.id in q.tracks),
            asked=tuple(asked), sources=sources[:1], tests=self.point_links(q.tests[lang], page_uri),
            rubric=tuple(self.point_links(p[lang], page_uri) for p in q.rubric), readings=tuple(readings),
            answer=self.point_links(q.answer[lang], page_uri) if q.answer else None,
            edit_url=self.repo.edit(q.file, q.line), view_url=self.repo.view(q.file, q.line), report_url=report,
            checked=L.fact_checked(q.checked))

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


    def topic_page(self, topic: Topic) -> TopicPage:
        topics, lang = self.atlas.topics, self.lang
        uri = urls.topic_uri(topic.id)
        i = topics.index(topic)
        prev_t, next_t = (topics[i - 1] if i > 0 else None), (topics[i + 1] if i + 1 < len(topics) else None)
        qs = self.atlas.questions_in(topic.id)
        file = qs[0].file if qs else f"data/questions/{topic.id}.yml"
        return TopicPage(
            uri=uri, title=topic.name[lang], summary=self.point_links(topic.summary[lang], uri), groups=self.groups(qs, uri),
            previous=Link(prev_t.name[lang], urls.link(uri, urls.topic_uri(prev_t.id))) if prev_t else None,
            next=Link(next_t.name[lang], urls.link(uri, urls.topic_uri(next_t.id))) if next_t else None,
            propose_url=self.repo.new_issue("new-question.yml", "New question: ", topic=topic.id, language=lang),
            edit_url=self.repo.edit(file), mock_url=urls.link(uri, "mock.md") + f"?topic={topic.id}")
