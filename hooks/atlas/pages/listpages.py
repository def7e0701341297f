"""List pages and indexes: tracks, collections, the glossary, and the tables of topics, tracks and collections."""

from __future__ import annotations

from atlas.core import urls
from atlas.core.model import Question
from atlas.pages import collation
from atlas.pages.context import PageContext
from atlas.pages.views import GlossaryEntry, GlossaryPage, LinkItem, ListPage, ListSection, Table
from atlas.safety.textsafe import escape_markup, markdown_url as url_md, plain_markdown as text_md


class ListPages(PageContext):
    """Pages that list questions by topic or section, the glossary, and the index tables."""

    def by_topic(self, questions: list[Question], from_uri: str, note=lambda q: "") -> tuple[ListSection, ...]:
        sections = []
        for topic in self.atlas.topics:
            items = tuple(LinkItem("", self.question_link(q, from_uri), note(q))
                          for q in questions if q.topic == topic.id)
            if items:
                sections.append(ListSection(f"topic-{topic.id}", topic.name[self.lang], items))
        return tuple(sections)


    def track_page(self, track_id: str) -> ListPage:
        track = next(t for t in self.atlas.tracks if t.id == track_id)
        uri = urls.track_uri(track_id)
        qs = [q for q in self.atlas.questions if track_id in q.tracks]
        return ListPage(uri, track.name[self.lang], f"{track.summary[self.lang]} {self.labels['track_intro']}",
                        self.by_topic(qs, uri))


    def collection_page(self, collection_id: str) -> ListPage:
        a, L, lang = self.atlas, self.labels, self.lang
        c = next(x for x in a.collections if x.id == collection_id)
        uri = urls.collection_uri(c.id)
        sections, n = [], 0
        for i, s in enumerate(c.sections, 1):
            items = []
            for qid in s.questions:
                n += 1
                items.append(LinkItem(str(n), self.question_link(a.question(qid), uri)))
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
