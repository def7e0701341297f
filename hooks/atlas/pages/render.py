"""Page models -> Markdown for Python-Markdown with attr_list, md_in_html, admonition, details and arithmatex.

Markdown fields of records (question text, rubric, answers, summaries) go through `escape_markup`; plain
fields (names, titles, authors, URLs) through `plain_markdown` / `markdown_url`, so Markdown reads them as
text only. The HTML that results is sanitised again with an allowlist (`atlas.safety.sanitize`) in the hooks.
"""

from __future__ import annotations

import html
import json

from atlas.core.labels import Labels
from atlas.pages import progress
from atlas.pages.views import CompanyPage, GlossaryPage, Group, ListPage, QuestionView, Table, TablePage, TopicPage
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


def question(q: QuestionView, L: Labels) -> str:
    meta = [f"**{_plain(q.type_name)}**", difficulty(q.difficulty_marker, q.difficulty_name)]
    if len(q.track_names) > 1:
        meta.append(" + ".join(map(_plain, q.track_names)))
    if q.asked:
        meta.append(f"{L['asked_at']}: " + ", ".join(
            f"[{_plain(a.company.text)}]({_href(a.company.href)}) "
            f"[{_plain(a.marker.text)}]({_href(a.marker.href)} \"{_plain(a.marker.title)}\")"
            + (f" ({_plain(a.detail)})" if a.detail else "")
            for a in q.asked))
    for s in q.sources:
        meta.append(f"{L['from_source']}: [{_plain(s.text)}]({_href(s.href)})")
    if q.checked:
        meta.append(f'<span class="atlas-checked" title="{html.escape(L["fact_checked_title"])}">'
                    f"{html.escape(q.checked)}</span>")
    actions = (f"[{L['suggest_edit']}]({_href(q.edit_url)}){{ .atlas-edit }} · [{L['view_record']}]({_href(q.view_url)}) · "
               f"[{L['report_problem']}]({_href(q.report_url)})")
    out = [f"### {_one_line(q.text)} {{ #{q.id} .atlas-q }}", ""]
    if q.english_url:
        out += [f"{L['stale_translation']} [{L['read_english']}]({_href(q.english_url)}){{ hreflang=en lang=en }}",
                "{ .atlas-stale }", ""]
    out += [" · ".join(meta), "{ .atlas-meta }", "",
           f"**{L['tests']}:** {escape_markup(q.tests).strip()}", "",
           f"**{L['rubric']}:**", ""]
    out += [f"- {_one_line(point)}" for point in q.rubric]
    out.append("")
    if q.readings:
        out.append(f"**{L['readings']}:** " + " · ".join(
            f"[{_plain(r.title)}]({_href(r.href)}) ({_plain(r.authors)}, {r.year}, {_plain(r.venue)})" for r in q.readings))
        out.append("")
    if q.answer:
        out += [f'??? answer "{L["answer"]}"', "", _indent(escape_markup(q.answer)), ""]
    out += [progress.toggle(q.id, L), "", actions, "{ .atlas-actions }", ""]
    return "\n".join(out)


def difficulty(marker: str, name: str) -> str:
    """The level's dots are decoration for the eye; screen readers hear only its name."""
    return f'<span class="atlas-level" aria-hidden="true">{html.escape(marker)}</span> {_plain(name)}'


def company_page(page: CompanyPage, L: Labels) -> str:
    out = [front_matter(page.title, page.description or page.title), f"# {_plain(page.title)}", ""]
    if page.description:
        out += [_plain(page.description), ""]
    out += [f"- **{label}:** {value}" for label, value in page.facts]  # values: Markdown built by views
    out += [f"- **{L['evidence']}:** " + " · ".join(f"{_plain(m)} {_plain(name)}: {n}" for m, name, n in page.counts),
            f"- **{L['newest_report']}:** {_plain(page.newest)}", ""]
    if page.stale:
        out += ['!!! warning "' + L["stale_title"] + '"', "", "    " + L.format("stale_text", date=page.newest), ""]
    out += [f"[{L['company_in_explorer']}]({page.explorer_url}){{ .md-button }}", ""]
    if page.mock_url:
        out += [f"[{L['mock_company']}]({page.mock_url}){{ .md-button .md-button--primary .atlas-mock-start }}", ""]
    if page.process:
        out += [f"## {L['interview_process']} {{ #process }}", ""]
        out += [f"- {_one_line(text)} ([{_plain(src.text)}]({_href(src.href)}))" for text, src in page.process]
        out.append("")
    out += [L.format("company_intro", company=_plain(page.title)), ""]
    for anchor, title, items in page.sections:
        questions = list(dict.fromkeys(a.question.href for a in items))  # one entry per question, in order
        out += [f"## {_plain(title)} ({len(questions)}) {{ #{anchor} }}", ""]
        for href in questions:
            mine = [a for a in items if a.question.href == href]
            out.append(f"- [{_one_line(mine[0].question.text)}]({_href(href)})")
            for a in mine:  # each attribution: marker, source, what the source says, how it maps
                said = "".join(f" · {x}" for x in (_plain(a.detail), _plain(a.date)) if x)
                out.append(f"    - {_plain(a.marker)} {_plain(a.evidence)}: [{_plain(a.source.text)}]"
                           f"({_href(a.source.href)}){said}" + (f" — {_one_line(a.note)}" if a.note else ""))
        out.append("")
    return "\n".join(out)


def group(g: Group, L: Labels) -> str:
    return f"## {_plain(g.title)} ({len(g.questions)}) {{ #{g.anchor} }}\n\n" + "\n".join(question(q, L) for q in g.questions)


def topic_page(page: TopicPage, L: Labels) -> str:
    toc = " · ".join(f"[{_plain(g.title)} ({len(g.questions)})](#{g.anchor})" for g in page.groups)
    # The question headings are long and may hold math: the "On this page" line replaces the sidebar TOC.
    # The title's anchor is fixed and reserved (`topic-`): a slug of the title could equal a question id.
    out = [front_matter(page.title, page.summary, hide=["toc"]), f"# {_plain(page.title)} {{ #topic-title }}", "",
           escape_markup(page.summary), ""]
    if page.mock_url:
        out += [f"[{L['mock_topic']}]({page.mock_url}){{ .md-button .atlas-mock-start }}", ""]
    if toc:
        out += [f"**{L['on_this_page']}:** {toc}", "{ .atlas-onpage }", ""]
    total = sum(len(g.questions) for g in page.groups)
    if total:
        out += [progress.meter(total, L), ""]
    out += [f"[{L['propose_question']}]({page.propose_url}){{ .md-button }}", ""]
    out += [group(g, L) for g in page.groups]
    nav = []
    if page.previous:
        nav.append(f"[← {_plain(page.previous.text)}]({page.previous.href}){{ .atlas-prev title=\"{L['previous_topic']}\" }}")
    if page.next:
        nav.append(f"[{_plain(page.next.text)} →]({page.next.href}){{ .atlas-next title=\"{L['next_topic']}\" }}")
    if nav:
        out += ["", " · ".join(nav), "{ .atlas-topic-nav }", ""]
    return "\n".join(out)


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


def table_page(page: TablePage) -> str:
    return front_matter(page.title, page.intro) + f"# {_plain(page.title)}\n\n{page.intro}\n\n{table(page.table)}"


def glossary_page(page: GlossaryPage, L: Labels) -> str:
    """One heading per term (its id is the anchor, the same in every language), so search lands on it."""
    out = [front_matter(page.title, page.intro, hide=["toc"]), f"# {_plain(page.title)}", "", page.intro, ""]
    for block in page.letters:  # one line per script: Cyrillic А and Latin A must not look like one letter
        out += [" · ".join(f"[{_plain(letter)}](#{anchor})" for letter, anchor in block), "{ .atlas-letters }", ""]
    for e in page.entries:
        out += [f"## {_plain(e.term)} {{ #{e.id} .atlas-term }}", "", _one_line(e.definition), ""]
        facts = [f"**{name}:** {_plain(form)}" for name, form in e.others]
        if e.also:
            facts.append(f"**{L['glossary_also']}:** " + ", ".join(_plain(f.replace("*", "…")) for f in e.also))
        if e.avoid:
            facts.append(f"**{L['glossary_avoid']}:** " + ", ".join(_plain(f.replace("*", "…")) for f in e.avoid))
        out += [" · ".join(facts), "{ .atlas-term-forms }", ""]
    if page.spellings:
        out += [f"## {L['glossary_spellings']} {{ #spellings }}", "", L["glossary_spellings_intro"], "",
                f"| {L['glossary_use']} | {L['glossary_avoid']} |", "| --- | --- |"]
        out += [f"| {_plain(use)} | {', '.join(_plain(a.replace('*', '…')) for a in avoid)} |"
                for use, avoid in page.spellings]
        out.append("")
    return "\n".join(out)
