"""The real site, built from the real data: every language complete, consistent and linked."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

from atlas.labels import all_labels
from atlas.urls import Repository
from conftest import ROOT
from htmldom import Node, page

LANGS = {"en": "", "ru": "ru/", "hi": "hi/"}
SCRIPT = {"ru": re.compile("[а-яё]", re.I), "hi": re.compile("[\u0900-\u097f]")}
REPO = Repository("https://github.com/ai-interview-atlas/atlas", "main")


def questions_on(doc: Node) -> list[Node]:
    return [h for h in doc.find_all("h3") if "atlas-q" in h.classes]


def article(doc: Node) -> Node:
    return doc.find("article")


def anchor_ids(links: list[Node]) -> list[str]:
    return [urlparse(a.attrs["href"]).fragment for a in links]


def test_the_atlas_has_content(atlas) -> None:
    assert len(atlas.questions_in("post-training")) >= 15
    assert sum(len(s.questions) for c in atlas.collections for s in c.sections) >= 35


@pytest.mark.parametrize("lang", LANGS)
def test_every_question_appears_once_on_its_topic_page(site_dir: Path, atlas, lang: str) -> None:
    seen: list[str] = []
    for topic in atlas.topics:
        doc = page(site_dir, f"{LANGS[lang]}topics/{topic.id}")
        ids = [h.attrs["id"] for h in questions_on(doc)]
        assert sorted(ids) == sorted(q.id for q in atlas.questions_in(topic.id))
        seen += ids
        for h in questions_on(doc):
            text = h.text.replace("¶", "").strip()
            assert len(text) > 15
            if lang in SCRIPT:
                assert SCRIPT[lang].search(text), f"{lang} question {h.attrs['id']} has no {lang} text: {text!r}"
    assert sorted(seen) == sorted(q.id for q in atlas.questions)
    assert len(seen) == len(set(seen))


@pytest.mark.parametrize("lang", LANGS)
def test_questions_are_grouped_by_track_with_several_tracks_first(site_dir: Path, atlas, lang: str) -> None:
    for topic in atlas.topics:
        doc = article(page(site_dir, f"{LANGS[lang]}topics/{topic.id}"))
        groups = [h.attrs["id"] for h in doc.find_all("h2") if h.attrs.get("id", "").startswith("group-")]
        questions = atlas.questions_in(topic.id)
        expected = (["group-several"] if any(len(q.tracks) > 1 for q in questions) else []) + [
            f"group-{t.id}" for t in atlas.tracks if any(q.tracks == (t.id,) for q in questions)]
        assert groups == expected
        onpage = doc.by_class("atlas-onpage")[0].text
        counts = [int(n) for n in re.findall(r"\((\d+)\)", onpage)]
        assert sum(counts) == len(questions)


def _labels_that_differ(lang: str) -> set[str]:
    return {texts["en"] for texts in all_labels().values() if texts["en"] != texts[lang]}


@pytest.mark.parametrize("lang", ["ru", "hi"])
def test_no_english_label_leaks(site_dir: Path, atlas, lang: str) -> None:
    english = _labels_that_differ(lang)
    pages = [f"{lang}/", f"{lang}/topics/", f"{lang}/tracks/", f"{lang}/companies/", f"{lang}/collections/",
             *(f"{lang}/topics/{t.id}" for t in atlas.topics), *(f"{lang}/tracks/{t.id}" for t in atlas.tracks),
             *(f"{lang}/collections/{c.id}" for c in atlas.collections)]
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
        links = [a for a in doc.find_all("a") if "topics/" in a.attrs.get("href", "") and "#" in a.attrs["href"]]
        assert sorted(anchor_ids(links)) == sorted(q.id for q in atlas.questions if track.id in q.tracks)


@pytest.mark.parametrize("lang", LANGS)
def test_edit_and_view_links_point_at_the_record_line(site_dir: Path, atlas, lang: str) -> None:
    for topic in atlas.topics:
        doc = page(site_dir, f"{LANGS[lang]}topics/{topic.id}")
        actions = doc.by_class("atlas-actions")
        assert len(actions) == len(atlas.questions_in(topic.id))
        for q, p in zip(sorted(atlas.questions_in(topic.id), key=lambda q: q.id),
                        sorted(actions, key=lambda p: _question_before(p))):
            edit, view = [a.attrs["href"] for a in p.find_all("a")[:2]]
            assert edit == REPO.edit(q.file, q.line)
            assert view == REPO.view(q.file, q.line)
            line = (ROOT / q.file).read_text(encoding="utf-8").splitlines()[q.line - 1]
            assert re.search(rf"\bid:\s*{re.escape(q.id)}\s*$", line), (q.file, q.line, line)


def _question_before(node: Node) -> str:
    """The id of the question heading that precedes an actions paragraph."""
    parent = node.parent
    current = ""
    for child in parent.children:
        if isinstance(child, Node) and "atlas-q" in child.classes:
            current = child.attrs["id"]
        if child is node:
            return current
    raise AssertionError("actions paragraph outside the article")


def test_html_lang_is_right_on_every_page(site_dir: Path) -> None:
    pages = list(site_dir.rglob("index.html"))
    assert len(pages) > 30
    for path in pages:
        rel = path.relative_to(site_dir).parts
        lang = rel[0] if rel[0] in ("ru", "hi") else "en"
        html = path.read_text(encoding="utf-8")
        assert re.search(rf'<html lang="{lang}"', html), path


@pytest.mark.parametrize("lang", LANGS)
def test_language_switcher_keeps_the_page(site_dir: Path, atlas, lang: str) -> None:
    topic = atlas.topics[-1].id
    here = f"/{LANGS[lang]}topics/{topic}/"
    doc = page(site_dir, f"{LANGS[lang]}topics/{topic}")
    targets = {a.attrs.get("hreflang"): urlparse(urljoin(f"https://x.test{here}", a.attrs["href"])).path
               for a in doc.by_class("md-select__link")}
    assert targets == {"en": f"/topics/{topic}/", "ru": f"/ru/topics/{topic}/", "hi": f"/hi/topics/{topic}/"}


@pytest.mark.parametrize("lang", LANGS)
def test_written_answers_are_collapsed(site_dir: Path, atlas, lang: str) -> None:
    answered = [q for q in atlas.questions if q.answer]
    assert answered
    for topic in atlas.topics:
        doc = page(site_dir, f"{LANGS[lang]}topics/{topic.id}")
        details = [d for d in doc.find_all("details") if "answer" in d.classes]
        assert len(details) == sum(1 for q in answered if q.topic == topic.id)
        assert all("open" not in d.attrs for d in details)


@pytest.mark.parametrize("lang", LANGS)
def test_anchors_are_identical_across_languages(site_dir: Path, atlas, lang: str) -> None:
    topic = atlas.topics[0].id
    ids = {h.attrs["id"] for h in questions_on(page(site_dir, f"{LANGS[lang]}topics/{topic}"))}
    assert ids == {h.attrs["id"] for h in questions_on(page(site_dir, f"topics/{topic}"))}


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
    links = [a for a in doc.find_all("a") if "topics/" in a.attrs.get("href", "") and "#" in a.attrs["href"]]
    assert anchor_ids(links) == collection.question_ids and len(links) == 35
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
        assert not q.asked, qid  # the list names no companies
    assert sum(1 for qid in collection.question_ids if atlas.question(qid).answer) >= 12
