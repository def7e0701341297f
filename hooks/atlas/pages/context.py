"""What every page builder of one language shares: the atlas, the language, the repository, the labels."""

from __future__ import annotations

from dataclasses import dataclass, field

from atlas.core import urls
from atlas.core.labels import Labels
from atlas.core.model import Asked, Atlas, Question
from atlas.core.urls import Repository
from atlas.pages.views import LegendEntry, Link
from atlas.safety.textsafe import point_anchor_links


@dataclass
class PageContext:
    """One language's view of a validated atlas, with the links every page kind makes."""

    atlas: Atlas
    lang: str
    repo: Repository
    labels: Labels = field(init=False)

    def __post_init__(self) -> None:
        self.labels = Labels(self.lang)
        self._topic_of = {q.id: q.topic for q in self.atlas.questions}

    def point_links(self, markdown: str, page_uri: str) -> str:
        """`[…](#question-id)` in record text reaches that question's page (an anchor of no question stays)."""
        def page_of(anchor: str) -> str:
            topic = self._topic_of.get(anchor)
            target = urls.question_uri(topic, anchor) if topic else page_uri
            return "" if target == page_uri else urls.link(page_uri, target)
        return point_anchor_links(markdown, page_of)

    def question_link(self, q: Question, from_uri: str) -> Link:
        return Link(q.text[self.lang], urls.link(from_uri, urls.question_uri(q.topic, q.id)))


    def legend(self) -> tuple[LegendEntry, ...]:
        """Every evidence marker with its name and what it means, in this language."""
        return tuple(LegendEntry(ev.marker, ev.name[self.lang], ev.description[self.lang])
                     for ev in self.atlas.evidence.values())

    def source_link(self, source_id: str) -> Link:
        src = self.atlas.sources[source_id]
        who = src.author or src.publisher
        return Link(src.title + (f" — {who}" if who else ""), src.url, self.labels[f"source_kind_{src.kind}"])


    def attribution_detail(self, entry: Asked, with_date: bool = False) -> str:
        """'research engineer, onsite, 2025-03-14': what the source says about the interview, and when."""
        parts = [t[self.lang] for t in (entry.role, entry.round) if t]
        if with_date and self.atlas.sources[entry.source].date:
            parts.append(self.atlas.sources[entry.source].date)
        return ", ".join(parts)
