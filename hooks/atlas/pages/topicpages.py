"""Topic pages: each question's view (attributions, readings, links) and the topic's groups of questions."""

from __future__ import annotations

import re

from atlas.core import urls
from atlas.core.model import Question, Topic
from atlas.pages.context import PageContext
from atlas.pages.views import AskedView, Link, QuestionPage, QuestionView, ReadingView, TopicPage

# Short titles: TeX a reader can still read as plain text (the TOC and the question list are plain text).
_TEX = {r"\alpha": "α", r"\beta": "β", r"\gamma": "γ", r"\delta": "δ", r"\varepsilon": "ε", r"\epsilon": "ε",
        r"\theta": "θ", r"\lambda": "λ", r"\mu": "μ", r"\pi": "π", r"\sigma": "σ", r"\tau": "τ", r"\phi": "φ",
        r"\Delta": "Δ", r"\approx": "≈", r"\times": "×", r"\cdot": "·", r"\le": "≤", r"\ge": "≥", r"\to": "→",
        r"\infty": "∞", r"\sqrt": "√", r"\ldots": "…", r"\dots": "…"}
_SENTENCE_END = re.compile(r"(?<=[^\s.][?!।])\s|(?<=[^\s.]{3}[.:])\s(?=\S)")
SHORT = 72  # characters: a page title, the way to the next question
LINE = 200  # characters: a question in its topic's list (two lines on a laptop)


def plain_math(tex: str) -> str:
    """TeX as the plain text a list can show without typesetting: \\frac{a}{b} -> a/b, \\beta -> β."""
    tex = re.sub(r"\\t?frac\{([^{}]*)\}\{([^{}]*)\}", r"\1/\2", tex)
    tex = re.sub(r"\\(?:text|mathrm|operatorname|mathbf|hat|tilde|bar)\b\s*", "", tex)
    tex = re.sub(r"\\[A-Za-z]+", lambda m: _TEX.get(m.group(0), m.group(0)[1:]), tex)
    return re.sub(r"[{}]|\\,|\\", "", tex)


def short_title(markdown: str, limit: int = SHORT) -> str:
    """The question's first sentence as plain text, cut at a word boundary with "…" when longer than `limit`."""
    text = re.sub(r"\$\$?([^$]+)\$\$?", lambda m: plain_math(m.group(1)), markdown)
    text = re.sub(r"`([^`]*)`", r"\1", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"\*\*|__|(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w)", "", text)
    text = " ".join(text.split())
    first = _SENTENCE_END.split(text, maxsplit=1)[0].rstrip(" :")
    if len(first) < 24 and len(text) > len(first):  # "Explain LoRA." says little: take the next sentence too
        first = " ".join(_SENTENCE_END.split(text, maxsplit=2)[:2]).rstrip(" :")
    if len(first) <= limit:
        return first.rstrip(".।")
    cut = first[:limit + 1].rsplit(" ", 1)[0].rstrip(" ,;:—-–(")
    return cut + "…"


class TopicPages(PageContext):
    """A topic page (its list of questions) and each question's own page."""

    def question(self, q: Question) -> QuestionView:
        """The record as its own page shows it (every link relative to that page)."""
        a, L, lang = self.atlas, self.labels, self.lang
        page_uri = urls.question_uri(q.topic, q.id)
        asked = []
        for entry in q.asked:
            company, evidence, source = a.companies[entry.company], a.evidence[entry.evidence], a.sources[entry.source]
            asked.append(AskedView(
                Link(company.name[lang], urls.link(page_uri, urls.company_uri(company.id))),
                Link(evidence.marker, source.url, f"{evidence.name[lang]}: {source.title}"),
                self.attribution_detail(entry, with_date=True), evidence.name[lang]))
        readings = []
        for rid in q.readings:
            r = a.readings[rid]
            venue = "arXiv" if r.arxiv else r.url.split("/")[2].removeprefix("www.")
            readings.append(ReadingView(r.title, r.link, r.short_authors, r.year, venue))
        sources = tuple(Link(a.sources[s].title, a.sources[s].url) for s in q.sources if a.sources[s].url)
        report = self.repo.new_issue(
            "correction.yml", f"[{q.id}] ", **{"question-id": q.id, "language": lang,
                                               "page": self.repo.page_url(page_uri, lang)})
        stale = lang in a.stale_languages("questions", q.id)
        return QuestionView(
            english_url=self.repo.page_url(page_uri, urls.DEFAULT_LANGUAGE) if stale else "",
            id=q.id, text=self.point_links(q.text[lang], page_uri), type_name=a.types[q.type].name[lang],
            difficulty_marker=a.difficulties[q.difficulty].marker,
            difficulty_name=a.difficulties[q.difficulty].name[lang],
            track_names=tuple(t.name[lang] for t in a.tracks if t.id in q.tracks),
            asked=tuple(asked), sources=sources[:1], tests=self.point_links(q.tests[lang], page_uri),
            rubric=tuple(self.point_links(p[lang], page_uri) for p in q.rubric), readings=tuple(readings),
            answer=self.point_links(q.answer[lang], page_uri) if q.answer else None,
            edit_url=self.repo.edit(q.file, q.line), view_url=self.repo.view(q.file, q.line), report_url=report,
            checked=L.fact_checked(q.checked), short=short_title(q.text[lang]), line=short_title(q.text[lang], LINE))

    def in_order(self, questions: list[Question]) -> list[QuestionView]:
        """Easiest first (what a candidate chooses by); the data's order within a level."""
        order = {d.id: d.order for d in self.atlas.difficulties.values()}
        return [self.question(q) for q in sorted(questions, key=lambda q: order[q.difficulty])]

    def question_pages(self, topic: Topic, views: list[QuestionView]) -> tuple[QuestionPage, ...]:
        """Each question's page, numbered in the topic's order, with links to its neighbours and the topic (directory
        URLs: the page writes them in HTML of its own)."""
        legend = self.legend()
        out = []
        for i, q in enumerate(views):
            uri = urls.question_uri(topic.id, q.id)
            prev_q, next_q = (views[i - 1] if i else None), (views[i + 1] if i + 1 < len(views) else None)
            out.append(QuestionPage(
                uri=uri, topic=Link(topic.name[self.lang], urls.page_link(uri, urls.topic_uri(topic.id))),
                number=i + 1, total=len(views), question=q,
                previous=Link(prev_q.short, urls.page_link(uri, urls.question_uri(topic.id, prev_q.id))) if prev_q else None,
                next=Link(next_q.short, urls.page_link(uri, urls.question_uri(topic.id, next_q.id))) if next_q else None,
                legend=legend if q.asked else ()))
        return tuple(out)

    def topic_page(self, topic: Topic) -> TopicPage:
        topics, lang = self.atlas.topics, self.lang
        uri = urls.topic_uri(topic.id)
        i = topics.index(topic)
        prev_t, next_t = (topics[i - 1] if i > 0 else None), (topics[i + 1] if i + 1 < len(topics) else None)
        qs = self.atlas.questions_in(topic.id)
        file = qs[0].file if qs else f"data/questions/{topic.id}.yml"
        return TopicPage(
            uri=uri, title=topic.name[lang], summary=self.point_links(topic.summary[lang], uri),
            previous=Link(prev_t.name[lang], urls.link(uri, urls.topic_uri(prev_t.id))) if prev_t else None,
            next=Link(next_t.name[lang], urls.link(uri, urls.topic_uri(next_t.id))) if next_t else None,
            propose_url=self.repo.new_issue("new-question.yml", "New question: ", topic=topic.id, language=lang),
            edit_url=self.repo.edit(file), mock_url=urls.link(uri, "mock.md") + f"?topic={topic.id}",
            pages=self.question_pages(topic, self.in_order(qs)))
