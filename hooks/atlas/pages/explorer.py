"""The question explorer: a static JSON of every question per language, and the page that filters it.

The page's script builds the list with textContent only: record text never becomes HTML.
"""

from __future__ import annotations

import html
import json
import re

from atlas.core.labels import Labels
from atlas.core.model import Atlas
from atlas.core.urls import DEFAULT_LANGUAGE, Repository, page_link, question_uri
from atlas.pages import fragments, mock, progress
from atlas.pages.context import PageContext
from atlas.pages.topicpages import plain_math
from atlas.pages.render import front_matter

EXPLORER_URI = "explorer.md"
DATA_FILE = "questions.json"  # beside the explorer page: explorer/questions.json
DETAILS_DIR = "details"       # explorer/details/<topic>.json: rubric and answer, fetched for practice only


def explorer_facets(atlas: Atlas, lang: str) -> dict:
    """The filters' options, localised (the form needs only these, not the questions)."""
    return {
        "topic": {t.id: t.name[lang] for t in atlas.topics},
        "track": {t.id: t.name[lang] for t in atlas.tracks},
        "type": {k: v.name[lang] for k, v in atlas.types.items()},
        "difficulty": {k: v.name[lang] for k, v in atlas.difficulties.items()},
        # Only companies with a question: a company that would select nothing is not offered.
        "company": {k: atlas.companies[k].name[lang] for k in sorted(atlas.companies_with_questions(),
                                                                   key=lambda k: atlas.companies[k].name[lang].lower())},
        "evidence": {k: f"{v.marker} {v.name[lang]}" for k, v in atlas.evidence.items()},
    }


def explorer_data(atlas: Atlas, lang: str) -> dict:
    """Facets and questions, localised; urls are relative to the explorer page."""
    L = Labels(lang)
    return {
        "labels": {k: L[k] for k in ("shown", "no_results", "show_rubric", "show_answer", "open_question",
                                     "next_question", "tests", "rubric", "answer", "asked_at", "practised",
                                     "hide_rubric", "hide_answer", "search_filter", "search_clear", "searching",
                                     "filters_active", "filter_remove", "has_answer", "list_more")},
        "facets": explorer_facets(atlas, lang),
        "questions": [{
            "id": q.id,
            "url": page_link(EXPLORER_URI, question_uri(q.topic, q.id)),
            "text": q.text[lang],
            "topic": q.topic,
            "track": list(q.tracks),
            "type": q.type,
            "difficulty": q.difficulty,
            "company": sorted({a.company for a in q.asked}),
            "evidence": sorted({a.evidence for a in q.asked}),
            "answer": bool(q.answer),
            **_html(q.text[lang]),
        } for q in atlas.questions],
    }


_INLINE_MATH_HTML = re.compile(r'<span class="arithmatex">\\\((.*?)\\\)</span>', re.S)


def _html(text: str) -> dict:
    """The question as the page shows it, where Markdown makes a difference (code, emphasis): "html". Its formulas
    are plain text (\\frac{1}{1-p} -> 1/(1-p)): the list loads no KaTeX; the practice card typesets them."""
    html_text = fragments.to_html(text, EXPLORER_URI, inline=True)
    html_text = _INLINE_MATH_HTML.sub(lambda m: html.escape(plain_math(html.unescape(m.group(1))), quote=False), html_text)
    return {"html": html_text} if html_text != html.escape(text, quote=False) else {}


def explorer_details(atlas: Atlas, lang: str, topic_id: str) -> dict:
    """What practice mode shows, per topic, so the list stays small as the atlas grows: the question, what it
    tests, the rubric and the answer as the sanitised HTML of the topic page (`fragments`), never Markdown."""
    point = PageContext(atlas, lang, Repository("")).point_links

    def html(q) -> dict:
        return fragments.question_html(
            point(q.text[lang], EXPLORER_URI), point(q.tests[lang], EXPLORER_URI),
            [point(p[lang], EXPLORER_URI) for p in q.rubric], point(q.answer[lang], EXPLORER_URI) if q.answer else "",
            EXPLORER_URI)

    def readings(q) -> list[dict]:  # for the mock interview's summary: plain text, shown with textContent
        return [{"title": r.title, "url": r.link, "by": f"{r.short_authors}, {r.year}"}
                for r in (atlas.readings[rid] for rid in q.readings)]

    return {q.id: {**html(q), "readings": readings(q)} for q in atlas.questions_in(topic_id)}


def _dump(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def explorer_files_list(atlas: Atlas, lang: str) -> str:
    """The explorer's list (`questions.json`): small, written with the pages."""
    return _dump(explorer_data(atlas, lang))


def details_files(atlas: Atlas, lang: str) -> dict[str, str]:
    """The practice cards' HTML per topic (most of the explorer's cost: every record rendered once more), made
    beside the page build with the Downloads (`downloads/background.py`)."""
    return {f"{DETAILS_DIR}/{topic.id}.json": _dump(explorer_details(atlas, lang, topic.id)) for topic in atlas.topics}


def _select(name: str, label: str, any_label: str, options: dict[str, str]) -> str:
    opts = "".join(f'<option value="{html.escape(k)}">{html.escape(v)}</option>' for k, v in options.items())
    return (f'<div class="atlas-ex__field"><label for="ex-{name}">{html.escape(label)}</label>'
            f'<select id="ex-{name}" name="{name}"><option value="">{html.escape(any_label)}</option>{opts}</select></div>')


def explorer_page(atlas: Atlas, lang: str) -> str:
    """The page's Markdown: title and intro; the form comes from `explorer_form`, added after sanitising."""
    L = Labels(lang)
    return front_matter(L["explorer"], L["explorer_intro"], hide=["toc"]) + f"# {L['explorer']}\n\n{L['explorer_intro']}\n"


def explorer_form(atlas: Atlas, lang: str) -> str:
    """The form, result list and script, in our own HTML: every record value is HTML-escaped."""
    L = Labels(lang)
    data = explorer_facets(atlas, lang)
    assets = "../assets/" if lang == DEFAULT_LANGUAGE else "../../assets/"
    fields = [_select("topic", L["topic"], L["any"], data["topic"]),
              _select("track", L["track"], L["any"], data["track"]),
              _select("type", L["type"], L["any"], data["type"]),
              _select("difficulty", L["difficulty"], L["any"], data["difficulty"])]
    if data["company"]:
        fields.append(_select("company", L["company"], L["any"], data["company"]))
        fields.append(_select("evidence", L["evidence"], L["any"], data["evidence"]))
    fields.append(_select("practised", L["progress_filter"], L["any"],
                          {"yes": L["practised_yes"], "no": L["practised_no"]}))
    topics = " · ".join(f'<a href="../topics/{html.escape(t.id)}/">{html.escape(t.name[lang])}</a>' for t in atlas.topics)
    # The filters behind one toggle: folded on a phone (atlas.css, before any script runs), open on a laptop; the
    # active ones stay in sight as a line of chips that each clear theirs, and "clear filters" after them (explorer.js).
    # The question list is fetched as soon as the page is read, not when the script gets to it: on a phone the first
    # results are on the first screen, so their arrival is the page's largest paint.
    return f"""<link rel="preload" href="{DATA_FILE}" as="fetch" crossorigin>
<form id="atlas-explorer" class="atlas-ex" role="search" aria-label="{html.escape(L['filters'])}" data-src="{DATA_FILE}">
<div class="atlas-ex__field atlas-ex__text"><label for="ex-text">{html.escape(L['search_text'])}</label><input id="ex-text" name="text" type="search" autocomplete="off"></div>
<div class="atlas-ex__bar"><button type="button" id="ex-filters-toggle" class="atlas-ex__toggle" aria-controls="ex-filters" aria-expanded="true">{html.escape(L['filters'])}<span id="ex-active" class="atlas-ex__active"></span></button>
<ul id="ex-chips" class="atlas-ex__chips" aria-label="{html.escape(L['filters_on'])}" hidden></ul>
<button type="reset" id="ex-reset" class="atlas-ex__reset" hidden>{html.escape(L['reset'])}</button></div>
<div id="ex-filters" class="atlas-ex__filters">
{''.join(fields)}
<div class="atlas-ex__field atlas-ex__check"><input id="ex-answer" name="answer" type="checkbox" value="1"><label for="ex-answer">{html.escape(L['only_answered'])}</label></div>
</div>
<div class="atlas-ex__buttons"><button type="button" id="ex-practice" class="md-button md-button--primary">{html.escape(L['practice'])}</button> {mock.explorer_extras(lang)}</div>
</form>
{mock.due_note(L, "../mock/?review=1")}
<p id="ex-count" class="atlas-ex__count" role="status" aria-live="polite"></p>
<section id="ex-card" class="atlas-ex__card" hidden aria-label="{html.escape(L['practice'])}"></section>
<ol id="ex-results" class="atlas-ex__results"></ol>
<button type="button" id="ex-more" class="md-button atlas-ex__more" hidden></button>
{progress.panel(L)}
<noscript><p>{html.escape(L['needs_js'])} {topics}</p></noscript>
<script src="{assets}explorer.js" async></script>
"""
