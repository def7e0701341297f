"""The glossary: its pages in three languages on the real site, and the matcher that enforces it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from atlas.core.model import Glossary, Spelling, Term
from atlas.load import terms
from atlas.pages import collation
from conftest import ROOT
from htmldom import page

LANGS = {"en": "", "ru": "ru/", "hi": "hi/"}
GLOSSARY = yaml.safe_load((ROOT / "data" / "glossary.yml").read_text(encoding="utf-8"))


def _terms_on(site_dir: Path, lang: str):
    doc = page(site_dir, f"{LANGS[lang]}glossary")
    return doc, [h for h in doc.find("article").find_all("h2") if "atlas-term" in h.classes]


def test_the_glossary_is_large_enough() -> None:
    assert len(GLOSSARY["terms"]) >= 150


@pytest.mark.parametrize("lang", LANGS)
def test_every_term_has_its_id_as_anchor_in_every_language(site_dir: Path, lang: str) -> None:
    doc, headings = _terms_on(site_dir, lang)
    by_id = {t["id"]: t for t in GLOSSARY["terms"]}
    assert sorted(h.attrs["id"] for h in headings) == sorted(by_id)
    for h in headings:
        term = by_id[h.attrs["id"]]
        assert h.text.replace("¶", "").strip() == term["term"][lang]
        # the link icon Material adds points at the same stable anchor
        assert any(a.attrs.get("href") == f"#{term['id']}" for a in h.find_all("a"))


@pytest.mark.parametrize("lang", LANGS)
def test_terms_are_in_the_language_order_with_the_other_forms_and_definition(site_dir: Path, lang: str) -> None:
    doc, headings = _terms_on(site_dir, lang)
    shown = [h.text.replace("¶", "").strip() for h in headings]
    assert shown == sorted(shown, key=lambda t: collation.sort_key(t, lang))
    text = doc.find("article").text
    others = [o for o in LANGS if o != lang]
    for t in GLOSSARY["terms"][:40]:
        assert " ".join(t["definition"][lang].split()) in " ".join(text.split())
        for other in others:
            assert t["term"][other] in text
    if lang in ("ru", "hi"):  # native script first, then the Latin-script terms
        script = re.compile("[а-яё]", re.I) if lang == "ru" else re.compile("[\u0900-\u097f]")
        native = [bool(script.match(s)) for s in shown]
        assert native == sorted(native, reverse=True) and native[0] and not native[-1]


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_is_in_the_nav_and_its_jump_bar_reaches_every_initial(site_dir: Path, lang: str) -> None:
    doc, headings = _terms_on(site_dir, lang)
    nav = doc.find("nav")
    assert any(a.attrs.get("href", "").rstrip("/").endswith("glossary") for a in nav.find_all("a"))
    ids = {h.attrs["id"] for h in headings}
    jumps = [a.attrs["href"][1:] for p in doc.by_class("atlas-letters") for a in p.find_all("a")]
    assert jumps and set(jumps) <= ids
    initials = {collation.initial(h.text.replace("¶", "").strip()) for h in headings}
    assert len(jumps) == len(initials)


@pytest.mark.parametrize("lang", ["en", "ru", "hi"])
def test_search_indexes_glossary_entries(atlas, lang: str) -> None:
    from atlas.search.plaintext import markdown_to_text
    from atlas.search.records import glossary_records, searchable_text
    records = {r.url: r for r in glossary_records(atlas, lang)}
    term = next(t for t in GLOSSARY["terms"] if t["id"] == "reference-model")
    entry = records["glossary/#reference-model"]  # a result lands on the term's own anchor
    assert entry.title == term["term"][lang]
    assert searchable_text(markdown_to_text(term["definition"][lang]), lang) in entry.content
    assert all(term["term"][other] in entry.content for other in ("en", "ru", "hi") if other != lang)


# -- the matcher -----------------------------------------------------------------------------------
RULES = terms.rules(Glossary(
    (Term("ref", {"en": "reference model", "ru": "опорная модель", "hi": "reference model"}, {},
          avoid={"ru": ("референсн*", "модел* награды"), "hi": ("रिवॉर्ड",)}),
     Term("critic", {"en": "critic", "ru": "критик", "hi": "critic"}, {}, avoid={"ru": ("critic",)})),
    (Spelling("hi", "ग़लत", ("गलत",)),)))


@pytest.mark.parametrize("lang,text,found", [
    ("ru", "к референсной модели", ["референсной"]),                 # stem with any ending
    ("ru", "Референсная политика", ["Референсная"]),                 # Cyrillic in any case
    ("ru", "по модели\n  награды", ["модели\n  награды"]),           # a phrase across a line break
    ("ru", "референсу", []),                                          # the stem needs its whole prefix
    ("ru", "$\\pi_{референсная}$ и `референсная`", []),               # math and code are not prose
    ("ru", "$$x = референсная$$ ок", []),
    ("ru", "схема Actor-Critic", []),                                 # a hyphen joins words; Latin is case-sensitive
    ("ru", "нет critic, нет генерации", ["critic"]),
    ("hi", "रिवॉर्ड।", ["रिवॉर्ड"]),                                     # the danda ends a word
    ("hi", "रिवॉर्डों", []),                                            # a longer word is another word
    ("hi", "गलत", ["गलत"]),                                           # the spelling without the nukta
    ("hi", "\u095aलत", []),                                           # nukta typed as one code point…
    ("hi", "ग\u093cलत", []),                                          # …or as letter + nukta: both preferred
])
def test_discouraged_forms_are_found_as_words(lang: str, text: str, found: list[str]) -> None:
    assert [w for _, w in terms.find(text, RULES[lang])] == found


def test_a_glossary_that_discourages_its_own_form_is_rejected(tmp_path: Path) -> None:
    import shutil
    from atlas import AtlasError, load_atlas
    data = tmp_path / "data"
    shutil.copytree(ROOT / "tests" / "fixtures" / "valid", data)
    path = data / "glossary.yml"
    path.write_text(path.read_text(encoding="utf-8").replace("avoid: {ru: [клиппинг*]}", "avoid: {ru: [clip*]}"),
                    encoding="utf-8")
    with pytest.raises(AtlasError) as caught:
        load_atlas(data)
    assert [str(p) for p in caught.value.problems] == [
        "data/glossary.yml:18: E053 [clipping] ru form «clipping» is itself discouraged by «clip*» (clipping). "
        "Fix: narrow the discouraged variant (list inflected forms instead of a stem), or change the form"]


@pytest.mark.parametrize("lang", ["ru", "hi"])
def test_labels_and_hand_written_pages_speak_the_glossarys_language(atlas, lang: str) -> None:
    """The UI and the hand-written pages follow the same vocabulary as the records (one register: the
    Hindi UI says सवाल and जवाब, as the records do)."""
    from atlas.core.labels import all_labels
    rules = terms.rules(atlas.glossary)[lang]
    texts = {f"labels.yml:{key}": value[lang] for key, value in all_labels().items()}
    texts |= {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs").glob(f"*.{lang}.md"))}
    stray = [f"{where}: «{written}» (use «{rule.preferred}»)" for where, text in texts.items()
             for rule, written in terms.find(text, rules)]
    assert not stray, "\n".join(stray)
