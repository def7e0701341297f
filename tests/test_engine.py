"""Small pure pieces of the engine, tested alone (no MkDocs)."""

from __future__ import annotations

import re

from atlas.core.labels import Labels
from atlas.core.slugs import slugify
from atlas.core.urls import Repository
from atlas.pages.render import question
from atlas.pages.seo import absolute_alternates, json_ld
from atlas.pages.views import QuestionView
from atlas.safety.textsafe import escape_markup, unsafe_parts
from atlas.search.plaintext import markdown_to_text
from atlas.search.records import (fold_devanagari, point_base_at_language, query_aliases, question_record,
                                   searchable_text, stub, vocabulary)


def test_slugify_keeps_devanagari_vowel_signs_and_cyrillic() -> None:
    assert slugify("ट्रैक और विषय") == "ट्रैक-और-विषय"
    assert slugify("Подборки и треки") == "подборки-и-треки"
    assert slugify("KV cache: what & why?") == "kv-cache-what-why"


def test_escape_leaves_math_and_code_alone() -> None:
    text = "a <b>x</b> $a<b$ and `<i>` {: .x }"
    out = escape_markup(text)
    assert "&lt;b>" in out and "$a<b$" in out and "`<i>`" in out and "&#123;" in out
    assert [code for code, _ in unsafe_parts(text)] == ["E040", "E040"]
    assert unsafe_parts("see [x](javascript:alert(1)) or <javascript:y>")[0][0] == "E041"
    assert unsafe_parts("a < b and $x<y$ and `<tag>` are fine, so is [x](https://e.org)") == []


def test_rendered_question_cannot_carry_markup() -> None:
    view = QuestionView(id="q", text="Why <script>?", type_name="K", difficulty_marker="●", difficulty_name="<b>L</b>",
                        track_names=("A",), asked=(), sources=(),
                        tests="t", rubric=("a {: onclick=x }",), readings=(), answer="<img src=x>",
                        edit_url="e", view_url="v", report_url="r")
    md = question(view, Labels("en"))
    assert "<script>" not in md and "<img" not in md and "{: onclick" not in md and "<b>" not in md
    assert md.startswith("# Why &lt;script>? { #q .atlas-q }")


def test_question_records_are_plain_text_with_the_page_and_filters(atlas) -> None:
    q = atlas.question("ppo-clipping-and-cispo")
    record = question_record(atlas, q, "ru")
    assert record.url == "topics/rl-algorithms/ppo-clipping-and-cispo/" and record.page_url == "topics/rl-algorithms/"
    assert record.filters["topic"] == ["rl-algorithms"] and record.filters["type"] == [q.type]
    assert "$" not in record.content and "\\" not in record.content and "$" not in record.title
    assert record.language == "ru" and record.meta()["title"] == record.title


def test_formulas_and_markdown_become_readable_text() -> None:
    text = markdown_to_text(r"Clip $r_t(\theta)=\frac{\pi_\theta(a\mid s)}{\pi_{\theta_{old}}(a\mid s)}$ to "
                            r"$[1-\epsilon, 1+\epsilon]$ ([PPO](https://arxiv.org/abs/1707.06347), **bold**)")
    assert text == "Clip rt(θ)=(πθ(a| s))/(πθold(a| s)) to [1-ε, 1+ε] (PPO, bold)"


def test_hindi_is_indexed_in_one_spelling_and_devanagari_spellings_map_to_latin_terms() -> None:
    assert searchable_text("फ़ाइन-ट्यूनिंग, हाँ", "hi") == "फाइन-ट्यूनिंग, हां"
    assert searchable_text("фильтр ё", "ru") == "фильтр ё"
    assert query_aliases("hi")["लोरा"] == "LoRA" and query_aliases("ru")["модель вознаграждения"] == "reward model"


def test_forms_the_glossary_avoids_become_query_aliases(atlas) -> None:
    """Readers type what writers are told to avoid: प्रॉम्प्ट finds the pages that say prompt."""
    hindi, russian = query_aliases("hi", atlas.glossary), query_aliases("ru", atlas.glossary)
    assert hindi["प्रॉम्प्ट"] == "prompt" and hindi["लेटेंसी"] == "latency"
    assert russian["механизм* внимания"] == "attention"  # a phrase pattern: any ending of «механизм»
    assert not any(k.endswith("*") and " " not in k for k in russian)  # a one-word pattern would catch too much
    assert all(re.search(r"[\u0900-\u097f]", k) for k in hindi)  # only what a Hindi reader types


def test_the_vocabulary_holds_the_words_of_titles_most_frequent_first(atlas) -> None:
    words = vocabulary(atlas, "en")
    assert "cache" in words and "attention" in words and "cahce" not in words
    assert words.index("attention") < words.index("sycophancy")  # many titles say attention, few sycophancy
    assert all(len(w) >= 4 for w in words) and len(words) == len(set(words)) <= 5000
    assert fold_devanagari("फ़ाइन") == "फाइन" and fold_devanagari("हाँ") == "हां"


def test_the_stub_names_the_language_and_its_bundle() -> None:
    assert stub("ru")["config"]["atlas"]["bundle"] == "ru/pagefind/" and stub("en")["config"]["atlas"]["bundle"] == "pagefind/"
    assert stub("hi")["config"]["atlas"]["exactDiacritics"] is True and stub("hi")["docs"] == []


def test_base_points_at_the_language_root() -> None:
    html = '<script id="__config">{"base": "../..", "search": "x"}</script>'
    assert '"base": "../../ru/"' in point_base_at_language(html, "ru")
    assert '"base": "hi/"' in point_base_at_language('{"base": "."}', "hi")
    assert point_base_at_language(html, "en") == html


def test_alternates_become_absolute_with_x_default() -> None:
    html = ('<link rel="alternate" href="../../../topics/a/" hreflang="en">\n'
            '<link rel="alternate" href="./" hreflang="ru">')
    out = absolute_alternates(html, "https://s.org/ru/topics/a/")
    assert 'href="https://s.org/topics/a/" hreflang="en"' in out
    assert 'href="https://s.org/ru/topics/a/" hreflang="ru"' in out
    assert 'href="https://s.org/topics/a/" hreflang="x-default"' in out


def test_json_ld_cannot_close_its_script() -> None:
    assert "</script>" not in json_ld({"name": "</script><script>alert(1)</script>"})[:-9]


def test_plain_http_links_survive_only_to_the_sites_own_address() -> None:
    from atlas.safety.sanitize import sanitize
    local = "http://127.0.0.1:8000/"
    assert 'href="http://127.0.0.1:8000/topics/x/#q"' in sanitize('<a href="http://127.0.0.1:8000/topics/x/#q">q</a>', local)
    assert "href" not in sanitize('<a href="http://example.org/">x</a>', local)
    assert "href" not in sanitize('<a href="http://127.0.0.1:8000/topics/">x</a>', "https://atlas.example/")
    assert 'href="https://example.org/"' in sanitize('<a href="https://example.org/">x</a>')


def test_a_question_id_equal_to_the_title_slug_keeps_every_anchor_unique(atlas) -> None:
    """The topic title's heading has a fixed, reserved anchor: a title whose slug is a question id (say a topic
    named after its only question) must not give the page two elements with one id."""
    import dataclasses
    import re

    import markdown
    from markdown.extensions.toc import TocExtension

    from atlas.pages.render import topic_page
    from atlas.pages.builder import Builder

    topic = atlas.topics[0]
    qid = atlas.questions_in(topic.id)[0].id
    page = dataclasses.replace(Builder(atlas, "en", Repository("https://github.com/o/r", "main", "")).topic_page(topic),
                               title=qid.replace("-", " "))
    html = markdown.markdown(topic_page(page, Labels("en")), extensions=[
        "attr_list", "md_in_html", "tables", "pymdownx.details", "pymdownx.superfences",
        TocExtension(slugify=slugify)])
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert qid in ids and "topic-title" in ids
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)


def test_a_link_to_a_question_of_another_topic_reaches_its_page(atlas) -> None:
    """`[…](#id)` in record text: the question itself stays an anchor, another question (of its topic or another)
    gets its page's path."""
    import dataclasses

    from atlas.pages.builder import Builder

    first, second = atlas.topics[0], atlas.topics[1]
    here, there = atlas.questions_in(first.id)[:2], atlas.questions_in(second.id)[0]
    text = f"See [me](#{here[0].id}), [this](#{here[1].id}), [that](#{there.id}), `[code](#{there.id})` and $[x](#{there.id})$."
    q = dataclasses.replace(here[0], text={"en": text, "ru": text, "hi": text})
    view = Builder(atlas, "en", Repository("https://github.com/o/r", "main", "")).question(q)
    assert f"[me](#{here[0].id})" in view.text
    assert f"[this]({here[1].id}.md#{here[1].id})" in view.text
    assert f"[that](../{second.id}/{there.id}.md#{there.id})" in view.text
    assert f"`[code](#{there.id})`" in view.text and f"$[x](#{there.id})$" in view.text  # code and math untouched


def test_near_identical_questions_are_reported_until_they_link_each_other(atlas) -> None:
    import dataclasses

    from atlas.load.similar import near_duplicates

    a = atlas.questions[0]
    text = {"en": "How large is the KV cache of a 70B model at 8K context and batch 32 in fp16?"}
    first = dataclasses.replace(a, id="kv-one", text=text)
    second = dataclasses.replace(a, id="kv-two", text={"en": "How large is the KV cache for a 70B model at 8K "
                                                             "context with batch 32, in fp16?"})
    other = dataclasses.replace(a, id="other", text={"en": "Why does PPO clip its probability ratio?"})
    found = near_duplicates([first, second, other])
    assert [(p.code, p.record) for p in found] == [("W003", "kv-one")] and "kv-two" in found[0].message
    linked = [dataclasses.replace(first, answer={"en": "Unlike [that one](#kv-two), …"}),
              dataclasses.replace(second, answer={"en": "Unlike [this one](#kv-one), …"}), other]
    assert near_duplicates(linked) == []


def test_the_atlas_has_no_untold_near_duplicates(atlas) -> None:
    from atlas.load.similar import near_duplicates
    assert not [str(w) for w in near_duplicates(atlas.questions)]


def test_every_question_has_a_second_readers_check_and_most_have_a_written_answer(atlas) -> None:
    """The atlas's promise: a date when someone else checked every claim (a record whose last claim could not be
    confirmed says so on its page instead), and an answer to check yourself against — for every question of the
    established topics, and for at least 60% of a new topic's."""
    unchecked = [q.id for q in atlas.questions if not q.checked]
    assert len(unchecked) <= 0.01 * len(atlas.questions), unchecked
    for topic in atlas.topics:
        qs = atlas.questions_in(topic.id)
        assert sum(1 for q in qs if q.answer) >= 0.6 * len(qs), topic.id
    assert sum(1 for q in atlas.questions if q.answer) >= 0.95 * len(atlas.questions)


def test_table_cells_carry_their_columns_name_escaped() -> None:
    """Each body cell of a record's table is labelled with its header's text (the stacked rows on a phone); the
    header's text reaches the attribute escaped, whatever it holds; one-column tables and cells past the header's
    columns are left alone."""
    from atlas.pages.enrich import label_cells
    from atlas.safety.sanitize import sanitize
    table = sanitize('<table><thead><tr><th>a &amp; "b" <span class="arithmatex">\\(x\\)</span></th>'
                     '<th style="text-align: right;">c&lt;d \' &gt; <a href="https://e.org" title="t>u">e</a></th></tr></thead>'
                     '<tbody><tr><td>1</td><td style="text-align: right;">2</td><td>3</td></tr>'
                     '<tr><td>4</td><td></td></tr></tbody></table>')
    out = label_cells(table)
    assert out.count('data-label="a &amp; &quot;b&quot; x"') == 2
    assert out.count('data-label="c&lt;d \' &gt; e"') == 2 and '<td style="text-align:right" data-label=' in out
    assert "<td>3</td>" in out  # no column of its own
    assert sanitize(out) == out  # the attribute is on the allowlist, and the rest is untouched
    assert label_cells(out) == out  # labelled once
    one = sanitize("<table><thead><tr><th>only</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>")
    assert label_cells(one) == one
    assert label_cells("<p>no table</p>") == "<p>no table</p>"


def test_a_practice_card_labels_its_tables_as_the_topic_page_does() -> None:
    from atlas.pages.fragments import question_html
    parts = question_html("Q?", "Tests.", ["point"], "Text.\n\n| format | bits |\n|---|---|\n| FP16 | 1/5/10 |\n", "explorer.md")
    assert '<td data-label="format">FP16</td>' in parts["answer"] and '<td data-label="bits">1/5/10</td>' in parts["answer"]


def test_glossary_terms_are_marked_once_per_question_in_record_text_only(atlas) -> None:
    """The first occurrence per question of a term in the reader's script, inflected, in what it tests, the rubric or
    the answer; never in code, math, links, headings, summaries or the meta line; each popover once per page, with
    the English term; record text stays escaped."""
    from atlas.pages.glossterms import TermMarker
    from atlas.safety.sanitize import sanitize
    marker = TermMarker(atlas.glossary, "ru")
    fold = ('<details class="atlas-fold" open><summary>Что проверяет предобучение</summary>'
            '<p><strong>Что проверяет:</strong> Предобучения &lt;b&gt; мало; <code>предобучение</code> '
            '<span class="arithmatex">\\(предобучение\\)</span> <a href="https://e.org">KL-дивергенция</a>.</p>'
            '<ul><li>KL-дивергенцию и предобучение; снова KL-дивергенция.</li></ul></details>')
    page = sanitize('<h3 class="atlas-q" id="one">Предобучение?</h3><p class="atlas-meta">предобучение</p>' + fold
                    + '<h3 class="atlas-q" id="two">Два</h3><details class="answer"><summary>Разбор</summary>'
                    '<p>Здесь KL-дивергенции и предобучением.</p><h4>Предобучение</h4></details>')
    out = marker.mark(page, "topics/pretraining.md")
    marks = re.findall(r'<button type="button" popovertarget="g:([a-z0-9-]+)" aria-describedby="g:\1">([^<]*)</button>', out)
    assert marks == [("pretraining", "Предобучения"), ("kl-divergence", "KL-дивергенцию"),
                     ("kl-divergence", "KL-дивергенции"), ("pretraining", "предобучением")], marks
    assert "&lt;b&gt;" in out and "<b>" not in out
    assert '<h3 class="atlas-q" id="one">Предобучение?</h3><p class="atlas-meta">предобучение</p>' in out
    assert "<code>предобучение</code>" in out and "\\(предобучение\\)" in out and ">KL-дивергенция</a>" in out
    assert "<summary>Что проверяет предобучение</summary>" in out and "<h4>Предобучение</h4>" in out
    for term in ("pretraining", "kl-divergence"):
        assert out.count(f'<div popover id="g:{term}" class="atlas-gloss">') == 1
    assert '<strong lang="en">pretraining</strong>' in out and 'href="../../glossary/#pretraining"' in out
    assert 'data-src="../../glossary/terms.json"' in out  # the definitions: one file per language, fetched on use
    from atlas.pages.glossterms import definitions
    defs = definitions(atlas.glossary, "ru")
    assert defs["pretraining"].startswith("Обучение модели") and "<p>" not in defs["pretraining"]
    assert "supervised-fine-tuning" not in defs  # SFT is English: never marked, no definition shipped
    assert marker.mark("<p>предобучение</p>", "topics/x.md") == "<p>предобучение</p>"  # outside record text
    hindi = TermMarker(atlas.glossary, "hi").mark(
        '<details class="answer"><summary>x</summary><p>प्रीट्रेनिंग और SFT, फिर प्रीट्रेनिंग</p></details>', "topics/x.md")
    assert hindi.count("popovertarget=") == 1 and "g:supervised-fine-tuning" not in hindi  # SFT is English
