"""Every generated page of every language, as Markdown: what the hooks serve and `atlas render` writes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from atlas.core import urls
from atlas.core.labels import Labels
from atlas.core.model import LANGUAGES, Atlas
from atlas.core.urls import Repository
from atlas.downloads import feeds, page as downloads
from atlas.pages import enrich, explorer, glossterms, mock, progress, render, seo
from atlas.pages.builder import Builder
from atlas.pages.views import Table, TablePage
from atlas.safety.textsafe import plain_markdown


@dataclass(frozen=True)
class GeneratedPage:
    src_uri: str  # language-suffixed, as mkdocs-static-i18n expects: topics/x.ru.md
    lang: str
    markdown: str
    edit_url: str = ""
    # Our own HTML (JSON-LD, the explorer's form and script), built from escaped data: added to the page
    # after its Markdown content has been sanitised, so the allowlist need not admit scripts or forms.
    trusted_html: str = ""
    # What the build adds to the content's sanitised HTML (`atlas.pages.enrich`), for pages of record text.
    finish: Callable[[str], str] | None = None
    # Everything `finish` reads besides the HTML it is given (a serve rebuild reuses a page only if it is unchanged).
    finish_key: str = ""
    # False for a question's own page: reached from its topic's list, not the navigation, and found in search by
    # the question's own record (`atlas.search.records`), not as a page.
    listed: bool = True

    def finished(self, content_html: str) -> str:
        """The page's sanitised content HTML with what the build adds to it."""
        return self.finish(content_html) if self.finish is not None else content_html

    @property
    def standalone_markdown(self) -> str:
        """Markdown with the trusted HTML at its end, for generators that run no hooks."""
        return self.markdown + ("\n" + self.trusted_html + "\n" if self.trusted_html else "")


def pages_for(atlas: Atlas, lang: str, repo: Repository, files: dict[str, bytes] | None = None,
              version: str = "", pending: bool = False) -> list[GeneratedPage]:
    """`files`: this language's downloads (made here when not given), whose sizes the Downloads page states;
    `pending`: they are being made elsewhere, and the page carries marks that `downloads.fill_sizes` fills."""
    b, L = Builder(atlas, lang, repo), Labels(lang)
    version = version or downloads.build_date()
    if files is None and not pending:
        files = downloads.language_files(atlas, lang, repo, version)

    def page(uri: str, markdown: str, edit_url: str = "", trusted_html: str = "",
             finish: Callable[[str], str] | None = None, listed: bool = True) -> GeneratedPage:
        return GeneratedPage(urls.localized(uri, lang), lang, markdown, edit_url, trusted_html, finish,
                             terms.key if terms is not None and finish is not None else "", listed)

    # Russian and Hindi question pages mark the glossary's terms in record text (the English on a tap).
    terms = None if lang == urls.DEFAULT_LANGUAGE else glossterms.TermMarker(atlas.glossary, lang)
    out = [page(explorer.EXPLORER_URI, explorer.explorer_page(atlas, lang), trusted_html=explorer.explorer_form(atlas, lang)),
           page(urls.GLOSSARY_URI, render.glossary_page(b.glossary_page(), L), repo.edit("data/glossary.yml")),
           page(downloads.DOWNLOADS_URI, downloads.downloads_page(atlas, lang, files, version)),
           page(mock.MOCK_URI, mock.mock_page(lang), trusted_html=mock.mock_html(atlas, lang)),
           page(mock.WEAK_URI, mock.weak_page(lang), trusted_html=mock.weak_html(atlas, lang))]
    for topic in atlas.topics:
        model = b.topic_page(topic)
        questions = [(repo.page_url(qp.uri, lang), qp.question.text) for qp in model.pages]
        data = seo.question_list(model.title, model.summary, repo.page_url(model.uri, lang), lang, questions)
        out.append(page(model.uri, render.topic_page(model, L), model.edit_url, seo.json_ld(data)))
        english = "" if lang == urls.DEFAULT_LANGUAGE else render.english_source(topic.id, L)
        for qp in model.pages:
            out.append(page(qp.uri, render.question_page(qp, L), qp.question.edit_url, english,
                            _record_html(qp.uri, terms), listed=False))
    for company_id in atlas.companies_with_questions():
        out.append(page(urls.company_uri(company_id), render.company_page(b.company_page(company_id), L),
                        repo.edit(f"data/companies/{company_id}.yml")))
    for track in atlas.tracks:
        out.append(page(urls.track_uri(track.id), render.list_page(b.track_page(track.id), L)))
    for c in atlas.collections:
        model = b.collection_page(c.id)
        questions = [(repo.page_url(urls.question_uri(atlas.question(q).topic, q), lang), atlas.question(q).text[lang])
                     for q in c.question_ids]
        data = seo.question_list(model.title, model.intro, repo.page_url(model.uri, lang), lang, questions,
                                 ordered=True, author=c.author)
        out.append(page(model.uri, render.list_page(model, L), repo.edit(f"data/collections/{c.id}.yml"),
                        seo.json_ld(data)))
    indexes = [("topics/index.md", "topics", "topics_intro", b.topics_table),
               ("tracks/index.md", "tracks", "tracks_intro", b.tracks_table),
               ("companies/index.md", "companies", "companies_intro", b.companies_table),
               ("collections/index.md", "collections", "collections_intro", b.collections_table)]
    for uri, title, intro, make_table in indexes:
        t = make_table(uri)
        text = L[intro] if t.rows else f"{L[intro]}\n\n{L['no_companies']}"
        key = b.legend() if uri == "companies/index.md" else ()
        if uri == "companies/index.md" and t.rows:  # grouped by head office, the reader's country first
            body = render.companies_index(L[title], text, b.company_groups(uri), key, L)
        elif t.rows:
            body = render.table_page(TablePage(uri, L[title], text, t, key), L)
        else:
            body = render.front_matter(L[title], L[intro]) + f"# {L[title]}\n\n{text}\n"
        # The progress panel is our own markup with a file input: added after sanitising, like the explorer's form.
        extra = f"{progress.topics_map(atlas, L)}\n{progress.panel(L)}\n" if uri == "topics/index.md" else ""
        out.append(page(uri, body, trusted_html=extra))
    return out


def _record_html(uri: str, terms: glossterms.TermMarker | None) -> Callable[[str], str]:
    """What a question's page's sanitised content gets: table cells labelled by column; glossary terms marked."""
    def finish(content: str) -> str:
        content = enrich.label_cells(content)
        return terms.mark(content, uri) if terms is not None else content
    return finish


def all_pages(atlas: Atlas, repo: Repository, files: dict[str, dict[str, bytes]] | None = None,
              version: str = "", pending: bool = False) -> list[GeneratedPage]:
    files = files or {}
    return [p for lang in LANGUAGES for p in pages_for(atlas, lang, repo, files.get(lang), version, pending)]


# Hand-written pages (the home page) embed generated tables with markers such as <!-- atlas:topics -->.
_MARKER = re.compile(r"<!--\s*atlas:([a-z-]+)\s*-->")


def expand_markers(markdown: str, src_uri: str, atlas: Atlas, lang: str, repo: Repository) -> str:
    b = Builder(atlas, lang, repo)
    uri = re.sub(r"\.(%s)\.md$" % "|".join(LANGUAGES), ".md", src_uri)
    tables = {"topics": b.topics_table, "companies": b.companies_table, "tracks": b.tracks_table,
              "collections": b.collections_table}

    def replace(m: re.Match[str]) -> str:
        name = m.group(1)
        if name == "question-count":
            return str(len(atlas.questions))
        if name == "topic-count":
            return str(len(atlas.topics))
        if name == "company-count":
            return str(len(atlas.companies_with_questions()))
        if name == "top-companies":  # the companies with the most questions, and the way to all of them
            L = Labels(lang)
            ids = sorted(atlas.companies_with_questions(), key=lambda c: -len(atlas.questions_at(c)))
            top = " · ".join(f"[{plain_markdown(atlas.companies[c].name[lang])}]({urls.link(uri, urls.company_uri(c))}) "
                             f"({len(atlas.questions_at(c))})" for c in ids[:10])
            every = L.format("all_companies", n=str(len(ids)))
            return f"{top} · [{every}]({urls.link(uri, 'companies/index.md')})" if ids else L["no_companies"]
        if name == "take-away":  # links to the Downloads page and the feed
            L = Labels(lang)
            return (f"**{L['study_on_the_go']}** [{L['anki_decks']}](downloads.md#anki) · [{L['open_data']}](downloads.md#data) · "
                    f'<a href="{feeds.FEED_FILE}" type="application/atom+xml">{L["feed"]}</a> · [{L["glossary"]}]({urls.GLOSSARY_URI})')
        if name == "practice-tools":  # mock interviews, review and what is weak, with "Due today"
            return mock.practice_tools(lang)
        if name == "difficulties":
            L = Labels(lang)
            return render.table(Table((L["difficulty"], L["about"]), tuple(
                (f"{d.marker} {d.name[lang]} (`{d.id}`)", d.description[lang]) for d in atlas.difficulties.values())))
        if name == "field-reference":
            from atlas.contrib.fieldref import field_reference
            return field_reference(lang)
        if name not in tables:
            raise ValueError(f"{src_uri}: unknown marker <!-- atlas:{name} -->; known: {', '.join(tables)}")
        t: Table = tables[name](uri)
        if not t.rows:
            return Labels(lang)["no_companies"] if name == "companies" else ""
        return render.table(t)

    return _MARKER.sub(replace, markdown)


def write_pages(pages: list[GeneratedPage], out_dir: Path) -> None:
    for p in pages:
        path = out_dir / p.src_uri
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(p.standalone_markdown, encoding="utf-8")


def handwritten_pages(docs_dir: Path, atlas: Atlas, repo: Repository) -> list[GeneratedPage]:
    """The docs/ Markdown pages with their markers expanded, for generators that run no hooks."""
    out = []
    for path in sorted(docs_dir.rglob("*.md")):
        uri = path.relative_to(docs_dir).as_posix()
        m = re.search(r"\.(%s)\.md$" % "|".join(LANGUAGES), uri)
        lang = m.group(1) if m else urls.DEFAULT_LANGUAGE
        out.append(GeneratedPage(uri, lang, expand_markers(path.read_text(encoding="utf-8"), uri, atlas, lang, repo)))
    return out
