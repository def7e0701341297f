"""Page models -> Markdown for Python-Markdown with attr_list, md_in_html, admonition, details and arithmatex.

Markdown fields of records (question text, rubric, answers, summaries) go through `escape_markup`; plain
fields (names, titles, authors, URLs) through `plain_markdown` / `markdown_url`, so Markdown reads them as
text only. The HTML that results is sanitised again with an allowlist (`atlas.safety.sanitize`) in the hooks.
"""

from __future__ import annotations

import html
import json

from atlas.core import urls
from atlas.core.labels import Labels
from atlas.pages import progress
from atlas.pages import fragments
from atlas.pages.views import (AskedView, Attribution, CompanyGroup, CompanyPage, GlossaryPage, LegendEntry, ListPage,
                               QuestionPage, QuestionView, Table, TablePage, TopicPage)
from atlas.safety.sanitize import plain
from atlas.safety.textsafe import escape_markup, markdown_url, one_line, plain_markdown


def _one_line(text: str) -> str:
    return one_line(escape_markup(text))


def _plain(text: str) -> str:
    """Text that is not Markdown (titles, names): Markdown sees only characters."""
    return plain_markdown(text)


def _href(url: str) -> str:
    return markdown_url(url)


def _indent(text: str, by: str = "    ") -> str:
    return "\n".join(by + line if line.strip() else "" for line in text.strip("\n").splitlines())


def front_matter(title: str, description: str, **extra: object) -> str:
    """YAML front matter; title and description are plain text, HTML-escaped for the theme's templates
    (which insert them raw into <title>, meta and Open Graph tags)."""
    meta = {"title": plain(title), "description": plain(" ".join(description.split())[:300]), **extra}
    return "---\n" + "".join(f"{k}: {json.dumps(v, ensure_ascii=False)}\n" for k, v in meta.items()) + "---\n\n"


def question(q: QuestionView, L: Labels, key: tuple[LegendEntry, ...] = ()) -> str:
    """The record on its own page: the question as the page's heading, then what the candidate needs; `key`: what
    the evidence markers of its companies mean, under them."""
    meta = [f"**{_plain(q.type_name)}**", difficulty(q.difficulty_marker, q.difficulty_name)]
    if q.track_names:
        meta.append(" + ".join(map(_plain, q.track_names)))
    for s in q.sources:
        meta.append(f"{L['from_source']}: [{_plain(s.text)}]({_href(s.href)})")
    if q.checked:
        meta.append(f'<span class="atlas-checked" title="{html.escape(L["fact_checked_title"])}">'
                    f"{html.escape(q.checked)}</span>")
    out = [f"# {_one_line(q.text)} {{ #{q.id} .atlas-q }}", ""]
    if q.english_url:
        out += [f"{L['stale_translation']} [{L['read_english']}]({_href(q.english_url)}){{ hreflang=en lang=en }}",
                "{ .atlas-stale }", ""]
    out += [" · ".join(meta), "{ .atlas-meta }", ""]
    if L.lang != "en":  # the question in English, in place: study.js brings the toggle to life (hidden until then)
        title = html.escape(L["english_toggle"])
        out += [f'<p class="atlas-en-bar" hidden><button type="button" class="atlas-en__toggle" aria-pressed="false" '
                f'lang="en" title="{title}" aria-label="{title}">EN</button></p>', ""]
    if q.asked:  # each company a chip: its page, then the evidence kind linking to the source
        out += [f"**{L['asked_at']}:** " + " ".join(chip(a) for a in q.asked), "{ .atlas-asked }", ""]
        if key:
            out += [legend(key, L), ""]
    # What it tests and the rubric, in a disclosure that is open in the HTML (no script: all is readable);
    # study mode (docs/assets/study.js) closes it so the reader answers first.
    fold = [f"**{L['tests']}:** {escape_markup(q.tests).strip()}", "", f"**{L['rubric']}:**", ""]
    fold += [f"- {_one_line(point)}" for point in q.rubric]
    out += [f'???+ atlas-fold "{L["fold_summary"]}"', "", _indent("\n".join(fold)), ""]
    if q.readings:
        out.append(f"**{L['readings']}:** " + " · ".join(
            f"[{_plain(r.title)}]({_href(r.href)}) ({_plain(r.authors)}, {r.year}, {_plain(r.venue)})" for r in q.readings))
        out.append("")
    if q.answer:
        out += [f'??? answer "{L["answer"]}"', "", _indent(escape_markup(q.answer)), ""]
    out += [progress.toggle(q.id, L), ""]
    return "\n".join(out)


def question_page(page: QuestionPage, L: Labels) -> str:
    """A question's page: where it sits in its topic, the record, the way to its neighbours, the contributor's links."""
    q = page.question
    out = [front_matter(q.short or q.text, q.tests),
           f'<p class="atlas-crumb"><a href="{html.escape(page.topic.href)}">← {html.escape(page.topic.text)}</a> '
           f'<span class="atlas-crumb__n">{html.escape(L.format("question_n_of", n=str(page.number), total=str(page.total)))}</span></p>',
           "", progress.study_bar(L), "", question(q, L, page.legend)]
    steps = []
    if page.previous is not None:
        steps.append(f'<a href="{html.escape(page.previous.href)}" class="atlas-qnav__prev" rel="prev" '
                     f'title="{html.escape(page.previous.text)}">← {html.escape(L["previous_question"])}</a>')
    steps.append(f'<a href="{html.escape(page.topic.href)}#{QUESTION_LIST}" class="atlas-qnav__list">'
                 f'↑ {html.escape(L["all_questions"])}</a>')
    if page.next is not None:
        steps.append(f'<a href="{html.escape(page.next.href)}" class="atlas-qnav__next" rel="next" '
                     f'title="{html.escape(page.next.text)}">{html.escape(L["next_question_link"])} →</a>')
    out += [f'<p class="atlas-qnav">{" ".join(steps)}</p>', ""]
    out += [f"[{L['suggest_edit']}]({_href(q.edit_url)}){{ .atlas-edit }} · [{L['view_record']}]({_href(q.view_url)}) · "
            f"[{L['report_problem']}]({_href(q.report_url)})", "{ .atlas-actions }", ""]
    return "\n".join(out)


QUESTION_LIST = "topic-questions"  # the anchor of a topic's question list (`topic-` is reserved for page anchors)


def question_list(page: TopicPage, L: Labels) -> str:
    """The topic's questions at a glance, each a link to its page: number, short title, difficulty, written answer;
    progress.js adds ✓. Each item keeps its question's id, so an old link to `topics/x/#id` lands on it."""
    items = []
    for qp in page.pages:
        q = qp.question
        answer = (f'<span class="atlas-qlist__answer">✍ {html.escape(L["has_answer"])}</span>' if q.answer else "")
        href = urls.page_link(page.uri, qp.uri)
        items.append(
            f'<li id="{html.escape(q.id)}"><a href="{html.escape(href)}">'
            f'{html.escape(q.line or q.text)}</a> <span class="atlas-qlist__tags">'
            f'<span class="atlas-level" aria-hidden="true">{html.escape(q.difficulty_marker)}</span> '
            f'<span class="atlas-qlist__level">{html.escape(q.difficulty_name)}</span>{answer}'
            f'<span class="atlas-qlist__done" hidden>✓ {html.escape(L["practised"])}</span></span></li>')
    return (f'<ol class="atlas-qlist" id="{QUESTION_LIST}" aria-label="{html.escape(L["questions_on_page"])}">\n'
            + "\n".join(items) + "\n</ol>")


def chip(a: AskedView) -> str:
    """"ByteDance · ‡ Candidate report · First technical round ↗": the company's page and the source."""
    detail = f" · {_plain(a.detail)}" if a.detail else ""
    return (f'<span class="atlas-chip">[{_plain(a.company.text)}]({_href(a.company.href)}){{ .atlas-chip__company }}'
            f'[{_plain(a.marker.text)} {_plain(a.evidence)}{detail} ↗]({_href(a.marker.href)} "{_plain(a.marker.title)}")'
            f'{{ .atlas-chip__source }}</span>')


def legend(entries: tuple[LegendEntry, ...], L: Labels) -> str:
    """What ✓, ‡ and † mean, in words a phone shows (no tooltip): one line wherever markers appear."""
    if not entries:
        return ""
    parts = "".join(f'<li><span class="atlas-legend__marker" aria-hidden="true">{html.escape(e.marker)}</span> '
                    f'<strong>{html.escape(e.name)}</strong>: {html.escape(e.description)}</li>' for e in entries)
    return (f'<details class="atlas-legend"><summary>{html.escape(L["legend"])} '
            + " ".join(f'<span class="atlas-legend__key">{html.escape(e.marker)} {html.escape(e.name)}</span>' for e in entries)
            + f'</summary><ul>{parts}</ul></details>')


def difficulty(marker: str, name: str) -> str:
    """The level's dots are decoration for the eye; screen readers hear only its name."""
    return f'<span class="atlas-level" aria-hidden="true">{html.escape(marker)}</span> {_plain(name)}'


def company_page(page: CompanyPage, L: Labels) -> str:
    out = [front_matter(page.title, page.description or page.title), f"# {_plain(page.title)}", ""]
    if page.description:
        out += [_plain(page.description), ""]
    out += [f"- **{label}:** {value}" for label, value in page.facts]  # values: Markdown built by views
    out.append(f"- **{L['evidence']}:** " + " · ".join(f"{_plain(m)} {_plain(name)}: {n}" for m, name, n in page.counts))
    if page.newest:  # an empty field is not shown
        out.append(f"- **{L['newest_report']}:** {_plain(L.date(page.newest))}")  # as the language writes dates
    out.append("")
    if page.stale:
        out += ['!!! warning "' + L["stale_title"] + '"', "", "    " + L.format("stale_text", date=L.date(page.newest)), ""]
    out += [f"[{L['company_in_explorer']}]({page.explorer_url}){{ .md-button }}", ""]
    if page.mock_url:
        out += [f"[{L['mock_company']}]({page.mock_url}){{ .md-button .md-button--primary .atlas-mock-start }}", ""]
    if page.legend:
        out += [legend(page.legend, L), ""]
    if page.process:
        out += [f"## {L['interview_process']} {{ #process }}", "", L["loop_intro"], ""]
        for i, st in enumerate(page.process, 1):
            name = f"[{_plain(st.name)}](#{st.anchor})" if st.questions else _plain(st.name)
            count = f" ({st.questions})" if st.questions else ""
            detail = f" — {_one_line(st.detail)}" if st.detail else ""
            out.append(f"{i}. **{name}**{count}{detail} <span class=\"atlas-stage-source\">{_plain(st.marker)} "
                       f"[{_plain(st.source.text)}]({_href(st.source.href)})</span>")
        out.append("")
    intro = "company_intro_rounds" if page.process else "company_intro"
    out += [L.format(intro, company=_plain(page.title)), ""]
    # Every note of the page in one Markdown conversion (a page holds hundreds at a large company).
    notes = list(dict.fromkeys(a.note for _, _, items in page.sections for a in items if a.note))
    html_of = dict(zip(notes, fragments.many_to_html(notes, page.uri)))
    for anchor, title, items in page.sections:
        questions = list(dict.fromkeys(a.question.href for a in items))  # one entry per question, in order
        out += [f"## {_plain(title)} ({len(questions)}) {{ #{anchor} }}", "", '<ul class="atlas-qlist atlas-company-qs">']
        for href in questions:
            out.append(company_question([a for a in items if a.question.href == href], page.uri, L, html_of))
        out += ["</ul>", ""]
    return "\n".join(out)


def company_question(mine: list[Attribution], page_uri: str, L: Labels, notes_html: dict[str, str] | None = None) -> str:
    """One question on a company page (our own HTML, every value escaped or sanitised): its short title,
    level, written answer and practised marks, each attribution as a chip to its source, and how each source
    supports it in a fold."""
    first = mine[0]
    answer = f'<span class="atlas-qlist__answer">✍ {html.escape(L["has_answer"])}</span>' if first.has_answer else ""
    chips = "".join(
        f'<a class="atlas-chip atlas-chip__source" href="{html.escape(a.source.href)}" title="{html.escape(a.source.text)}">'
        f'{html.escape(a.marker)} {html.escape(a.evidence)}'
        + "".join(f" · {html.escape(x)}" for x in (a.detail, a.date) if x) + " ↗</a>" for a in mine)
    notes = "".join(
        f'<li><a href="{html.escape(a.source.href)}">{html.escape(a.source.text)}</a>'
        + (f" ({html.escape(a.source.title)})" if a.source.title else "")
        + (f": {(notes_html or {}).get(a.note) or fragments.to_html(a.note, page_uri, inline=True)}" if a.note else "")
        + "</li>" for a in mine)
    return (f'<li><a href="{html.escape(first.question_href)}" title="{html.escape(first.question.text)}">'
            f'{html.escape(first.short or first.question.text)}</a> <span class="atlas-qlist__tags">'
            f'<span class="atlas-level" aria-hidden="true">{html.escape(first.difficulty_marker)}</span> '
            f'<span class="atlas-qlist__level">{html.escape(first.difficulty_name)}</span>{answer}'
            f'<span class="atlas-qlist__done" hidden>✓ {html.escape(L["practised"])}</span></span>'
            f'<span class="atlas-chips">{chips}</span>'
            f'<details class="atlas-provenance"><summary>{html.escape(L["how_we_know"])}</summary><ul>{notes}</ul></details></li>')


def topic_page(page: TopicPage, L: Labels) -> str:
    # The title's anchor is fixed and reserved (`topic-`): a slug of the title could equal a question id.
    out = [front_matter(page.title, page.summary), f"# {_plain(page.title)} {{ #topic-title }}", "",
           escape_markup(page.summary), ""]
    if page.mock_url and page.pages:
        out += [f"[{L['mock_topic']}]({page.mock_url}){{ .md-button .atlas-mock-start }}", ""]
    if page.pages:
        out += [progress.meter(len(page.pages), L), "", question_list(page, L), ""]
    out += ["", f"[{L['propose_question']}]({page.propose_url}){{ .md-button .atlas-propose }}", ""]
    nav = []
    if page.previous:
        nav.append(f"[← {_plain(page.previous.text)}]({page.previous.href}){{ .atlas-prev title=\"{L['previous_topic']}\" }}")
    if page.next:
        nav.append(f"[{_plain(page.next.text)} →]({page.next.href}){{ .atlas-next title=\"{L['next_topic']}\" }}")
    if nav:
        out += ["", " · ".join(nav), "{ .atlas-topic-nav }", ""]
    return "\n".join(out)


def english_source(topic_id: str, L: Labels) -> str:
    """Where a Russian or Hindi question's page finds its question in English (the English explorer's details for
    its topic), and the English labels of what the toggle shows: our own markup, added after sanitising."""
    E = Labels("en")
    src = f"../../../../explorer/details/{html.escape(topic_id)}.json"  # from /<lang>/topics/<id>/<q>/ to the English root
    return (f'<div id="atlas-english" hidden data-src="{src}" '
            f'data-tests="{html.escape(E["tests"])}" data-rubric="{html.escape(E["rubric"])}" '
            f'data-summary="{html.escape(E["fold_summary"])}"></div>')


def list_page(page: ListPage, L: Labels) -> str:
    out = [front_matter(page.title, page.intro), f"# {_plain(page.title)}", ""]
    if page.facts:
        out += [f"- **{label}:** {value}" for label, value in page.facts] + [""]  # values: Markdown built by views
    out += [escape_markup(page.intro), ""]
    for s in page.sections:
        out += [f"## {_plain(s.title)} {{ #{s.anchor} }}", ""]
        for item in s.items:
            number = f"**{item.number}.** " if item.number else ""
            note = f" — {item.note}" if item.note else ""
            out.append(f"- {number}[{_one_line(item.link.text)}]({_href(item.link.href)}){note}")
        out.append("")
    return "\n".join(out)


def table(t: Table) -> str:
    def row(cells: tuple[str, ...]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"
    return "\n".join([row(t.header), row(tuple("---" for _ in t.header)), *map(row, t.rows)]) + "\n"


def companies_index(title: str, intro: str, groups: tuple[CompanyGroup, ...], key: tuple[LegendEntry, ...],
                    L: Labels) -> str:
    """The companies by head office, one table each, with a line of links to every group."""
    out = [front_matter(title, intro), f"# {_plain(title)}", "", intro, ""]
    if key:
        out += [legend(key, L), ""]
    out += [L["by_country"] + " " + " · ".join(f"[{_plain(g.title)}](#{g.anchor}) ({len(g.table.rows)})" for g in groups),
            "{ .atlas-jump }", ""]
    for g in groups:
        out += [f"## {_plain(g.title)} ({len(g.table.rows)}) {{ #{g.anchor} }}", "", table(g.table), ""]
    return "\n".join(out)


def table_page(page: TablePage, L: Labels | None = None) -> str:
    key = f"{legend(page.legend, L)}\n\n" if page.legend and L else ""
    return front_matter(page.title, page.intro) + f"# {_plain(page.title)}\n\n{page.intro}\n\n{key}{table(page.table)}"


def glossary_page(page: GlossaryPage, L: Labels) -> str:
    """One heading per term (its id is the anchor, the same in every language), so search lands on it."""
    out = [front_matter(page.title, page.intro, hide=["toc"]), f"# {_plain(page.title)}", "", page.intro, ""]
    for block in page.letters:  # one line per script: Cyrillic А and Latin A must not look like one letter
        out += [" · ".join(f"[{_plain(letter)}](#{anchor})" for letter, anchor in block), "{ .atlas-letters }", ""]
    for e in page.entries:
        # One block per term: its heading, definition and forms stay together.
        out += ['<div class="atlas-entry" markdown>', "", f"## {_plain(e.term)} {{ #{e.id} .atlas-term }}", "",
                _one_line(e.definition), ""]
        facts = [f"**{name}:** {_plain(form)}" for name, form in e.others]
        if e.also:
            facts.append(f"**{L['glossary_also']}:** " + ", ".join(_plain(f.replace("*", "…")) for f in e.also))
        if e.avoid:
            facts.append(f"**{L['glossary_avoid']}:** " + ", ".join(_plain(f.replace("*", "…")) for f in e.avoid))
        out += [" · ".join(facts), "{ .atlas-term-forms }", "", "</div>", ""]
    if page.spellings:
        out += [f"## {L['glossary_spellings']} {{ #spellings }}", "", L["glossary_spellings_intro"], "",
                f"| {L['glossary_use']} | {L['glossary_avoid']} |", "| --- | --- |"]
        out += [f"| {_plain(use)} | {', '.join(_plain(a.replace('*', '…')) for a in avoid)} |"
                for use, avoid in page.spellings]
        out.append("")
    return "\n".join(out)
