"""What readers take away, checked on the real built site: Anki decks, JSON and CSV exports, Atom feeds,
the Downloads page and the license line, in every language."""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import feedparser
import jsonschema
import pytest

from atlas.core.licenses import CONTENT_LICENSE, CONTENT_LICENSE_URL
from atlas.core.urls import Repository
from atlas.downloads import anki, exports, feeds
from atlas.downloads.markdown_html import to_html
from atlas.downloads.page import FOLDER

LANGS = {"en": "", "ru": "ru/", "hi": "hi/"}
SCRIPT = {"en": r"[A-Za-z]", "ru": r"[А-Яа-яЁё]", "hi": r"[\u0900-\u097F]"}
FIELDS = {name: i for i, name in enumerate(anki.FIELDS)}


def downloads_dir(site: Path, lang: str) -> Path:
    return site / LANGS[lang] / FOLDER


def open_deck(path: Path) -> sqlite3.Connection:
    """An .apkg is a zip holding an SQLite collection: read it as Anki would."""
    with zipfile.ZipFile(path) as z:
        assert set(z.namelist()) == {"collection.anki2", "media"}
        data = z.read("collection.anki2")
    conn = sqlite3.connect(":memory:")
    conn.deserialize(data)
    return conn


def notes(conn: sqlite3.Connection) -> list[dict]:
    rows = conn.execute("SELECT n.id, n.guid, n.tags, n.flds, c.did FROM notes n JOIN cards c ON c.nid = n.id "
                        "ORDER BY n.id").fetchall()
    return [{"id": i, "guid": g, "tags": t.split(), "fields": f.split("\x1f"), "deck": d} for i, g, t, f, d in rows]


def site_repo(site: Path) -> Repository:
    """The repository and address the site was built for, read back from its own export."""
    data = json.loads((site / FOLDER / exports.json_name("en")).read_text(encoding="utf-8"))
    return Repository("https://github.com/ai-interview-atlas/atlas", "main", data["url"])


# -- Anki -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_whole_atlas_deck_has_every_question_in_its_topic_deck_with_fields_filled(site_dir, atlas, lang) -> None:
    conn = open_deck(downloads_dir(site_dir, lang) / anki.deck_file(lang))
    found = notes(conn)
    by_id = {n["fields"][FIELDS["Id"]]: n for n in found}
    assert len(found) == len(by_id) == len(atlas.questions)
    decks = json.loads(conn.execute("SELECT decks FROM col").fetchone()[0])
    for topic in atlas.topics:
        in_topic = [q.id for q in atlas.questions_in(topic.id)]
        deck_ids = {by_id[q]["deck"] for q in in_topic}
        assert len(deck_ids) == 1, topic.id  # one subdeck per topic
        deck = decks[str(deck_ids.pop())]
        assert deck["name"].endswith("::" + topic.name[lang])
        assert CONTENT_LICENSE_URL in deck["desc"]
        assert sum(1 for n in found if n["deck"] == by_id[in_topic[0]]["deck"]) == len(in_topic)
    for q in atlas.questions:
        n = by_id[q.id]
        f = n["fields"]
        assert n["guid"] == anki.note_guid(lang, q.id)
        for name in ("Question", "Tests", "Rubric", "Topic", "Link", "License"):
            assert f[FIELDS[name]].strip(), (q.id, name)
        assert re.search(SCRIPT[lang], f[FIELDS["Question"]]), (q.id, lang)
        assert bool(f[FIELDS["Answer"]]) == bool(q.answer)
        assert f[FIELDS["Rubric"]].count("<li>") == len(q.rubric)
        assert "CC BY 4.0" in f[FIELDS["License"]]
        assert f"topic::{q.topic}" in n["tags"] and f"type::{q.type}" in n["tags"]
        assert all(f"track::{t}" in n["tags"] for t in q.tracks) and f"difficulty::{q.difficulty}" in n["tags"]
        assert "<script" not in n["fields"][FIELDS["Answer"]].lower()
    models = json.loads(conn.execute("SELECT models FROM col").fetchone()[0])
    assert list(models) == [str(anki.MODEL_IDS[lang])]


def test_formulas_use_ankis_mathjax_delimiters(site_dir, atlas) -> None:
    q = next(q for q in atlas.questions if "$" in q.text["en"])
    conn = open_deck(downloads_dir(site_dir, "en") / "anki" / "atlas-en.apkg")
    field = next(n for n in notes(conn) if n["fields"][FIELDS["Id"]] == q.id)["fields"][FIELDS["Question"]]
    assert "\\(" in field and "\\)" in field and "$" not in field


@pytest.mark.parametrize("lang", LANGS)
def test_each_topic_deck_holds_its_questions(site_dir, atlas, lang) -> None:
    for topic in atlas.topics:
        conn = open_deck(downloads_dir(site_dir, lang) / anki.deck_file(lang, topic.id))
        ids = sorted(n["fields"][FIELDS["Id"]] for n in notes(conn))
        assert ids == sorted(q.id for q in atlas.questions_in(topic.id))


def test_decks_are_the_same_bytes_when_built_again_and_keep_their_note_guids_on_another_day(site_dir, atlas) -> None:
    repo = site_repo(site_dir)
    version = json.loads((site_dir / FOLDER / exports.json_name("en")).read_text(encoding="utf-8"))["version"]
    for lang in LANGS:
        again = anki.deck_files(atlas, lang, repo, version)
        for name, data in again.items():
            assert (downloads_dir(site_dir, lang) / name).read_bytes() == data, name
    later = anki.deck_files(atlas, "ru", repo, "2031-01-01")["anki/atlas-ru.apkg"]
    built = open_deck(downloads_dir(site_dir, "ru") / "anki" / "atlas-ru.apkg")
    assert {n["guid"] for n in notes(open_deck_bytes(later))} == {n["guid"] for n in notes(built)}


def open_deck_bytes(data: bytes) -> sqlite3.Connection:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        conn = sqlite3.connect(":memory:")
        conn.deserialize(z.read("collection.anki2"))
    return conn


# -- Open data --------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_json_export_validates_against_its_schema_and_round_trips_the_questions(site_dir, atlas, lang) -> None:
    folder = downloads_dir(site_dir, lang)
    schema = json.loads((folder / exports.SCHEMA_NAME).read_text(encoding="utf-8"))
    data = json.loads((folder / exports.json_name(lang)).read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
    assert not list(validator.iter_errors(data))
    assert schema["$id"].endswith(f"/downloads/{exports.SCHEMA_NAME}"), "the schema is published where its $id says"
    assert data["license"] == CONTENT_LICENSE and data["language"] == lang
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", data["version"])
    assert len(data["questions"]) == len(atlas.questions)
    for q, exported in zip(atlas.questions, data["questions"]):
        assert exported["id"] == q.id and exported["text"] == q.text[lang] and exported["difficulty"] == q.difficulty
        assert exported["rubric"] == [p[lang] for p in q.rubric]
        assert exported["answer"] == (q.answer[lang] if q.answer else None)
        assert exported["url"].endswith(f"{LANGS[lang]}topics/{q.topic}/{q.id}/")
    assert {r["id"] for r in data["readings"]} == set(atlas.readings)


def test_the_schema_rejects_a_broken_export(site_dir) -> None:
    folder = downloads_dir(site_dir, "en")
    schema = json.loads((folder / exports.SCHEMA_NAME).read_text(encoding="utf-8"))
    data = json.loads((folder / exports.json_name("en")).read_text(encoding="utf-8"))
    del data["questions"][0]["rubric"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema)


@pytest.mark.parametrize("lang", LANGS)
def test_csv_exports_parse_with_one_row_per_question_and_per_reading(site_dir, atlas, lang) -> None:
    folder = downloads_dir(site_dir, lang)
    with (folder / exports.csv_name(lang)).open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == len(atlas.questions)
    assert tuple(rows[0]) == exports.CSV_COLUMNS
    for q, row in zip(atlas.questions, rows):
        assert row["id"] == q.id and row["text"] == q.text[lang] and row["license"] == CONTENT_LICENSE
        assert row["rubric"].split("\n") == [p[lang] for p in q.rubric]
        assert row["arxiv"].split("; ") == [atlas.readings[r].arxiv for r in q.readings if atlas.readings[r].arxiv] or not row["arxiv"]
    with (folder / exports.READINGS_NAME).open(encoding="utf-8-sig", newline="") as f:
        readings = list(csv.DictReader(f))
    assert {r["id"]: r["arxiv"] for r in readings} == {r.id: r.arxiv for r in atlas.readings.values()}


# -- Feeds ------------------------------------------------------------------------------------------
ATOM = "{http://www.w3.org/2005/Atom}"


@pytest.mark.parametrize("lang", LANGS)
def test_atom_feed_is_valid_and_lists_the_newest_questions_first(site_dir, atlas, lang) -> None:
    raw = (site_dir / LANGS[lang] / feeds.FEED_FILE).read_bytes()
    parsed = feedparser.parse(raw)
    assert not parsed.bozo, parsed.get("bozo_exception")
    assert parsed.version == "atom10"
    dates = [e.updated for e in parsed.entries]
    assert dates == sorted(dates, reverse=True)
    assert len(parsed.entries) == min(feeds.ENTRIES, len(atlas.questions))
    newest = max(max(q.added, q.checked) for q in atlas.questions)
    assert parsed.entries[0].updated.startswith(newest)
    first = next(q for q in atlas.questions if max(q.added, q.checked) == newest)  # ties keep the atlas's order
    assert parsed.entries[0].link.endswith(f"/topics/{first.topic}/{first.id}/"), (parsed.entries[0].link, first.id)
    # The entry's id is the address it had first (its topic's page and anchor, which still lead to it): it never changes.
    assert parsed.entries[0].id.endswith(f"/topics/{first.topic}/#{first.id}"), parsed.entries[0].id
    # RFC 4287: a feed has id, title, updated and an author (here on the feed); every entry id, title, updated.
    root = ET.fromstring(raw)
    assert root.tag == f"{ATOM}feed"
    for tag in ("id", "title", "updated", "author/" + ATOM + "name"):
        assert root.find(ATOM + tag) is not None and root.find(ATOM + tag).text, tag
    assert root.find(f"{ATOM}link[@rel='self']").get("href").endswith(f"{LANGS[lang]}{feeds.FEED_FILE}")
    for entry in root.findall(f"{ATOM}entry"):
        for tag in ("id", "title", "updated"):
            assert entry.find(ATOM + tag).text, tag
        assert entry.find(f"{ATOM}content").get("type") == "html"
    assert len({e.findtext(f"{ATOM}id") for e in root.findall(f"{ATOM}entry")}) == len(root.findall(f"{ATOM}entry"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_links_its_languages_feed_and_shows_the_license(site_dir, lang) -> None:
    root = site_dir / LANGS[lang]
    pages = [root / "index.html", root / "topics" / "rl-algorithms" / "index.html", root / "downloads" / "index.html",
             root / "explorer" / "index.html"]
    for page in pages:
        html = page.read_text(encoding="utf-8")
        href = re.search(r'<link rel="alternate" type="application/atom\+xml" href="([^"]+)"', html).group(1)
        assert (page.parent / href).resolve() == (root / feeds.FEED_FILE).resolve(), page
        assert re.search(r'<div class="md-copyright__highlight">\s*[^<]*<a href="https://creativecommons.org/licenses/by/4.0/[^"]*" rel="license">CC BY 4.0</a>', html), page
    home = (root / "index.html").read_text(encoding="utf-8")
    assert 'href="feed.xml" type="application/atom+xml"' in home and 'href="downloads/#anki"' in home


# -- The Downloads page -----------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_downloads_page_lists_every_file_with_its_size(site_dir, lang) -> None:
    page = downloads_dir(site_dir, lang) / "index.html"
    html = page.read_text(encoding="utf-8")
    rows = re.findall(r'<tr><td><a href="([^"]+)" download(?:="")?>[^<]+</a></td><td>[^<]+</td><td class="atlas-size">([\d.,]+) (?:KB|КБ)</td></tr>', html)
    files = sorted(p.relative_to(page.parent).as_posix() for p in page.parent.rglob("*")
                   if p.is_file() and p.name not in ("index.html", "sitemap.xml"))
    assert sorted(href for href, _ in rows) == files
    for href, size in rows:
        actual = (page.parent / href).stat().st_size / 1024
        assert abs(float(size.replace(",", ".")) - actual) <= max(0.06, actual * 0.03), (href, size, actual)


# -- Card HTML is sanitised -------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "[x](javascript:alert(1))",
    '[x](https://a.example/" onmouseover="alert(1))', "`<b>code</b>`", "$<script>$", "<!-- c --><iframe>",
])
def test_card_html_never_carries_markup_from_a_record(text: str) -> None:
    from html.parser import HTMLParser
    tags: list[tuple[str, list]] = []

    class Collect(HTMLParser):
        def handle_starttag(self, tag, attrs):
            tags.append((tag, attrs))

    Collect().feed(to_html(text))
    assert {t for t, _ in tags} <= {"p", "a", "code"}, tags
    for tag, attrs in tags:
        assert all(name == "href" and value.startswith("https://") for name, value in attrs), (tag, attrs)
