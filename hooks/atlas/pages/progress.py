"""Markup for the reader's progress ("practised" marks), which `docs/assets/progress.js` brings to life.

Everything is rendered here, in the page's language, and starts `hidden`: without JavaScript a page
shows nothing of it. The script keeps the marks in localStorage, keyed by question id, so they are the
same in every language; it only toggles attributes and writes numbers with textContent.
"""

from __future__ import annotations

import html
import json

from atlas.core.labels import Labels
from atlas.core.model import Atlas

e = html.escape


def toggle(question_id: str, L: Labels) -> str:
    """A toggle button under a question (a block of raw HTML in the topic page's Markdown)."""
    return (f'<p class="atlas-practised" hidden><button type="button" class="atlas-practised__toggle" '
            f'data-question="{e(question_id)}" aria-pressed="false">{e(L["practised"])}</button></p>')


def meter(total: int, L: Labels) -> str:
    """'12 of 19 practised' with a bar, for a topic page; the script counts the page's toggles."""
    # Hidden until the script counts; its text is there from the start, so the line has its height (atlas.css keeps
    # its place) and showing it moves nothing.
    return (f'<p class="atlas-progress" data-template="{e(L["progress_of"])}" hidden>'
            f'<progress max="{total}" value="0" aria-hidden="true"></progress> '
            f'<span class="atlas-progress__text" role="status">{e(L.format("progress_of", done="0", total=str(total)))}</span></p>')


def study_bar(L: Labels) -> str:
    """Study mode (remembered in this browser) and "expand all", for a topic page; `docs/assets/study.js`."""
    return (f'<p class="atlas-study-bar" hidden>'
            f'<button type="button" class="atlas-study__mode" aria-pressed="false" title="{e(L["study_mode_title"])}">'
            f'{e(L["study_mode"])}</button> '
            f'<button type="button" class="atlas-study__expand"><span class="atlas-study__expand-all">{e(L["expand_all"])}</span>'
            f'<span class="atlas-study__collapse-all">{e(L["collapse_all"])}</span></button></p>')


def topics_map(atlas: Atlas, L: Labels) -> str:
    """Question ids per topic, for the counts the script adds to the topics table."""
    ids = {t.id: [q.id for q in atlas.questions_in(t.id)] for t in atlas.topics}
    return (f'<div id="atlas-topic-progress" data-template="{e(L["progress_of"])}" '
            f'data-topics="{e(json.dumps(ids, separators=(",", ":")))}" hidden></div>')


def panel(L: Labels) -> str:
    """Save to a file, load from a file, clear: so marks can move between browsers."""
    return (f'<section class="atlas-progress-panel" aria-labelledby="atlas-progress-title" hidden '
            f'data-confirm="{e(L["progress_clear_all_confirm"])}" data-failed="{e(L["progress_import_failed"])}">'
            f'<h2 id="atlas-progress-title">{e(L["progress"])}</h2><p>{e(L["progress_note_all"])}</p><p>'
            f'<button type="button" class="md-button" data-progress="export">{e(L["progress_export"])}</button> '
            f'<button type="button" class="md-button" data-progress="import">{e(L["progress_import"])}</button> '
            f'<button type="button" class="md-button" data-progress="clear">{e(L["progress_clear"])}</button>'
            f'<input type="file" accept=".json,application/json" hidden aria-label="{e(L["progress_import"])}"></p>'
            f'<p class="atlas-progress-panel__status" role="status"></p></section>')
