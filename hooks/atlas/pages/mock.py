"""Mock interviews, spaced review and "what is weak": the pages and markup that `docs/assets/mock.js`,
`review.js`, `weak.js` and `progress.js` bring to life.

Nothing here renders record text: the scripts read the explorer's own data files (`explorer/questions.json` for
the list, `explorer/details/<topic>.json` for one topic's rubric and answer when a question of it is shown) and
write with textContent, or copy the build's sanitised HTML through an allowlist, as the practice card does. The
markup below is our own, built from labels and ids (HTML-escaped), and is added to the pages after sanitising.
The reader's grades and review schedule live in localStorage (progress.js), keyed by question id.
"""

from __future__ import annotations

import html
import json
import re

from atlas.core.labels import Labels
from atlas.core.model import Atlas
from atlas.core.urls import DEFAULT_LANGUAGE
from atlas.pages import progress
from atlas.pages.render import front_matter

MOCK_URI = "mock.md"
WEAK_URI = "weak.md"
e = html.escape

# Interview rounds in the order a loop runs them, matched in the English name a source gives (first match wins);
# a question without a round comes after those with one. Company rounds follow this order.
ROUND_ORDER: tuple[tuple[str, int], ...] = (
    (r"online assessment|\boa\b", 0),
    (r"phone|screen", 1),
    (r"first", 2),
    (r"second", 3),
    (r"third", 4),
    (r"take-home|home assignment", 5),
    (r"onsite|on-site|final|virtual onsite", 6),
)
UNKNOWN_ROUND, NO_ROUND = 7, 8

# Labels the scripts need, in the page's language.
MOCK_LABELS = (
    "mock_position", "mock_round", "mock_time_left", "mock_time_over", "mock_one_minute", "mock_pause",
    "mock_resume", "mock_timer_off", "mock_timer_is_off", "mock_timer_label", "mock_notes", "mock_reveal",
    "mock_grade_intro", "mock_covered", "mock_partly", "mock_missed", "mock_point", "mock_next", "mock_finish",
    "mock_end", "mock_ungraded", "mock_summary", "mock_total", "mock_by_question", "mock_by_topic", "mock_score",
    "mock_next_review", "mock_time_used", "mock_points_missed", "mock_partly_note", "mock_nothing_missed",
    "mock_your_notes", "mock_again", "mock_matching", "mock_all", "mock_review_selection", "mock_none",
    "mock_chosen", "mock_questions_col", "mock_not_kept", "show_answer", "hide_answer", "tests", "rubric",
    "readings", "open_question", "topic", "track", "type", "difficulty", "company", "evidence", "only_answered",
    "practised_yes", "practised_no", "search_text", "question", "weak",
)
WEAK_LABELS = (
    "weak_seen", "weak_average", "weak_due", "weak_practise", "weak_practise_topic", "weak_of", "weak_missed_count",
    "weak_reason_due", "weak_reason_low", "weak_reason_new", "weak_no_missed", "topic", "company", "question",
    "mock_practise_these",
)


def round_rank(name: str | None) -> int:
    if not name:
        return NO_ROUND
    low = name.lower()
    return next((rank for pattern, rank in ROUND_ORDER if re.search(pattern, low)), UNKNOWN_ROUND)


def company_rounds(atlas: Atlas, lang: str) -> dict[str, list[list[str]]]:
    """Company id -> [question id, the round's name in this language ("" if no source says)], in the order of
    the company's loop where a source places the question in a stage of it, else of the rounds' usual order (a
    question asked in several rounds counts at its earliest), then in the atlas's order."""
    out = {}
    for cid in atlas.companies_with_questions():
        stages = {st.id: (n, st.name) for n, st in enumerate(atlas.companies[cid].process)}
        rows = []
        for i, q in enumerate(atlas.questions_at(cid)):
            mine = [a for a in q.asked if a.company == cid]
            staged = [stages[a.stage] for a in mine if a.stage in stages]
            if staged:  # the company's own loop, where a source places the question in it
                rank, name = min(staged, key=lambda s: s[0])
                rows.append((rank, i, q.id, name[lang]))
                continue
            rounds = [a.round for a in mine if a.round]
            first = min(rounds, key=lambda r: round_rank(r["en"])) if rounds else None
            rank = round_rank(first["en"] if first else None) + (len(stages) if stages else 0)
            rows.append((rank, i, q.id, first[lang] if first else ""))
        out[cid] = [[qid, name] for _, _, qid, name in sorted(rows)]
    return out


def _json_block(element_id: str, data: dict) -> str:
    """A JSON data block (never executed; the CSP needs no hash for it), safe inside HTML."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/json" id="{e(element_id)}">{text}</script>'


def _assets(lang: str) -> str:
    return "../assets/" if lang == DEFAULT_LANGUAGE else "../../assets/"


def due_note(L: Labels, review_href: str) -> str:
    """"Due for review today: 3" and a button to start a review round; progress.js fills it in and shows it once
    the reader has graded something (hidden otherwise, and without JavaScript)."""
    return (f'<p class="atlas-due" hidden data-template="{e(L["due_today"])}" data-none="{e(L["due_none"])}">'
            f'<span class="atlas-due__text" role="status"></span> '
            f'<a class="md-button md-button--primary atlas-due__start" href="{e(review_href)}">{e(L["due_start"])}</a></p>')


def storage_notice(L: Labels) -> str:
    return f'<p class="atlas-mock__notice" data-storage-notice hidden>{e(L["mock_no_storage"])}</p>'


def mock_page(lang: str) -> str:
    L = Labels(lang)
    return front_matter(L["mock"], L["mock_intro"], hide=["toc"]) + f"# {L['mock']}\n\n{L['mock_intro']}\n"


def mock_html(atlas: Atlas, lang: str) -> str:
    """The setup form, the round and its summary (filled by mock.js), the labels and company rounds as data."""
    L = Labels(lang)
    data = {"labels": {k: L[k] for k in MOCK_LABELS}, "lang": lang}
    # Record text (round names) never goes into a script element, even a data block: an escaped attribute.
    rounds = json.dumps(company_rounds(atlas, lang), ensure_ascii=False, separators=(",", ":"))
    assets = _assets(lang)
    return f"""<div id="atlas-mock" class="atlas-mock" data-src="../explorer/questions.json" data-details="../explorer/details/" data-explorer="../explorer/" data-weak="../weak/" data-rounds="{e(rounds)}">
{storage_notice(L)}
{due_note(L, "?review=1")}
<section id="mock-setup" class="atlas-mock__setup" aria-labelledby="mock-setup-title" hidden>
<h2 id="mock-setup-title">{e(L["mock_setup"])}</h2>
<p id="mock-selection" class="atlas-mock__selection" role="status"></p>
<form id="mock-form" class="atlas-ex atlas-mock__form">
<div class="atlas-ex__field"><label for="mock-n">{e(L["mock_count"])}</label><input id="mock-n" name="n" type="number" min="1" max="50" value="5" inputmode="numeric" required></div>
<div class="atlas-ex__field"><label for="mock-minutes">{e(L["mock_minutes"])}</label><input id="mock-minutes" name="minutes" type="number" min="1" max="60" value="5" inputmode="numeric" required></div>
<div class="atlas-ex__field atlas-ex__check"><input id="mock-timer" name="timer" type="checkbox" checked><label for="mock-timer">{e(L["mock_timer_on"])}</label></div>
<div class="atlas-ex__buttons"><button type="submit" id="mock-start" class="md-button md-button--primary">{e(L["mock_start"])}</button> <a id="mock-explorer" class="md-button" href="../explorer/">{e(L["mock_change"])}</a></div>
</form>
</section>
<section id="mock-round" class="atlas-mock__round" aria-label="{e(L["mock"])}" hidden></section>
<section id="mock-summary" class="atlas-mock__summary" aria-labelledby="mock-summary-title" hidden></section>
{_json_block("mock-data", data)}
<noscript><p>{e(L["mock_needs_js"])}</p></noscript>
</div>
<script src="{assets}vendor/ts-fsrs/ts-fsrs.umd.js" defer></script>
<script src="{assets}review.js" defer></script>
<script src="{assets}fragments.js" defer></script>
<script src="{assets}mock.js" defer></script>
"""


def weak_page(lang: str) -> str:
    L = Labels(lang)
    return front_matter(L["weak"], L["weak_intro"], hide=["toc"]) + f"# {L['weak']}\n\n{L['weak_intro']}\n"


def weak_html(atlas: Atlas, lang: str) -> str:
    """Coverage per topic and company, the points most often missed, what to practise next (weak.js), and the
    progress panel (save, load, clear) that carries it to another browser."""
    L = Labels(lang)
    assets = _assets(lang)
    data = {"labels": {k: L[k] for k in WEAK_LABELS}, "lang": lang}
    return f"""<div id="atlas-weak" class="atlas-weak" data-src="../explorer/questions.json" data-details="../explorer/details/" data-mock="../mock/">
{storage_notice(L)}
{due_note(L, "../mock/?review=1")}
<p id="weak-empty" hidden>{e(L["weak_empty"])} <a href="../mock/">{e(L["mock"])}</a></p>
<section id="weak-topics" aria-labelledby="weak-topics-title" hidden><h2 id="weak-topics-title">{e(L["mock_by_topic"])}</h2><div class="atlas-weak__table"></div></section>
<section id="weak-companies" aria-labelledby="weak-companies-title" hidden><h2 id="weak-companies-title">{e(L["weak_by_company"])}</h2><div class="atlas-weak__table"></div></section>
<section id="weak-missed" aria-labelledby="weak-missed-title" hidden><h2 id="weak-missed-title">{e(L["weak_missed"])}</h2>
<div class="atlas-ex__field atlas-weak__pick"><label for="weak-topic">{e(L["topic"])}</label><select id="weak-topic"></select></div>
<ol id="weak-missed-list" class="atlas-weak__missed" aria-live="polite"></ol></section>
<section id="weak-next" aria-labelledby="weak-next-title" hidden><h2 id="weak-next-title">{e(L["weak_next"])}</h2>
<p>{e(L["weak_next_intro"])}</p><ol id="weak-next-list"></ol>
<p><a id="weak-practise" class="md-button md-button--primary" href="../mock/">{e(L["mock_practise_these"])}</a></p></section>
{_json_block("weak-data", data)}
<noscript><p>{e(L["mock_needs_js"])}</p></noscript>
</div>
{progress.panel(L)}
<script src="{assets}fragments.js" defer></script>
<script src="{assets}weak.js" defer></script>
"""


def practice_tools(lang: str) -> str:
    """The home page's paragraph on the practice tools, with "Due today" (the <!-- atlas:practice-tools --> marker)."""
    L = Labels(lang)
    return f"{L['practice_tools']}\n\n{due_note(L, 'mock/?review=1')}\n"


def explorer_extras(lang: str) -> str:
    """For the explorer's form: a mock interview on the current filters (progress.js adds them to the link)."""
    L = Labels(lang)
    return f'<a id="ex-mock" class="md-button" href="../mock/" data-with-filters>{e(L["mock_from_explorer"])}</a>'
