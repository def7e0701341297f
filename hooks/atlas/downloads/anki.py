"""Anki decks (.apkg, made with genanki): per language, one for the whole atlas and one per topic.

A note's GUID comes from the question id and the language, so importing a newer deck updates the
reader's cards instead of adding duplicates; model and deck ids are fixed. Topic decks are subdecks of
the atlas deck ("Atlas::Topic"), the same deck in either file. The package is written with a fixed
timestamp (the build date) and fixed zip dates, so two builds of the same data on the same day give the
same bytes. Card HTML comes from `markdown_html` (sanitised; math in Anki's `\\(…\\)` / `\\[…\\]`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import html
import io
import itertools
import sqlite3
import zipfile

import genanki

from atlas.core.labels import Labels
from atlas.core.licenses import CONTENT_LICENSE_NAME, CONTENT_LICENSE_URL
from atlas.core.model import Atlas, Question
from atlas.core.urls import Repository, question_uri
from atlas.downloads.markdown_html import list_html, to_html

# Fixed forever: changing one makes Anki treat every card as a new note type.
MODEL_IDS = {"en": 1_733_011_200_001, "ru": 1_733_011_200_002, "hi": 1_733_011_200_003}
FIELDS = ("Question", "Tests", "Rubric", "Answer", "Readings", "Topic", "Link", "License", "Id")
CSS = """.card { font-family: system-ui, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", sans-serif;
  font-size: 18px; line-height: 1.5; text-align: left; color: #1b1b1f; background: #fff; max-width: 44em; margin: 0 auto; }
.nightMode.card, .night_mode .card { color: #e6e6ea; background: #1e1f24; }
.q { font-size: 1.15em; font-weight: 600; }
.topic, .foot { font-size: 0.8em; opacity: 0.75; }
h3 { font-size: 0.95em; margin: 1.2em 0 0.3em; }
a { color: inherit; }
"""


def deck_file(lang: str, topic_id: str = "") -> str:
    return f"anki/{topic_id or 'atlas'}-{lang}.apkg"


def _stable_id(*parts: str) -> int:
    """A deck id that never changes for the same deck: 13 digits, like Anki's own (millisecond) ids."""
    digest = hashlib.sha256("/".join(("ai-interview-atlas", *parts)).encode()).digest()
    return 1_000_000_000_000 + int.from_bytes(digest[:8], "big") % 9_000_000_000_000


def note_guid(lang: str, question_id: str) -> str:
    return genanki.guid_for("ai-interview-atlas", lang, question_id)


def _model(lang: str) -> genanki.Model:
    L = Labels(lang)
    e = html.escape
    back = ("{{FrontSide}}<hr id=\"answer\">"
            f"<h3>{e(L['tests'])}</h3>{{{{Tests}}}}<h3>{e(L['rubric'])}</h3>{{{{Rubric}}}}"
            f"{{{{#Answer}}}}<h3>{e(L['has_answer'])}</h3>{{{{Answer}}}}{{{{/Answer}}}}"
            f"{{{{#Readings}}}}<h3>{e(L['readings'])}</h3>{{{{Readings}}}}{{{{/Readings}}}}"
            "<p class=\"foot\">{{Link}} · {{License}}</p>")
    return genanki.Model(
        MODEL_IDS[lang], f"{L['site_name']} ({lang})", fields=[{"name": f} for f in FIELDS],
        templates=[{"name": L["questions"], "qfmt": "<div class=\"q\">{{Question}}</div><p class=\"topic\">{{Topic}}</p>",
                    "afmt": back}], css=CSS)


def _fields(atlas: Atlas, q: Question, lang: str, repo: Repository) -> list[str]:
    L = Labels(lang)
    readings = []
    for rid in q.readings:
        r = atlas.readings[rid]
        where = f"arXiv:{r.arxiv}" if r.arxiv else r.link
        readings.append(f"<li><a href=\"{html.escape(r.link)}\">{html.escape(r.title)}</a> "
                        f"({html.escape(r.short_authors)}, {r.year}; {html.escape(where)})</li>")
    url = repo.page_url(question_uri(q.topic, q.id), lang)
    license_html = (f"<a href=\"{CONTENT_LICENSE_URL}\">{html.escape(CONTENT_LICENSE_NAME)}</a>, "
                    f"{html.escape(L['site_name'])}")
    return [
        to_html(q.text[lang], inline=True),
        to_html(q.tests[lang]),
        list_html([p[lang] for p in q.rubric]),
        to_html(q.answer[lang]) if q.answer else "",
        f"<ul>{''.join(readings)}</ul>" if readings else "",
        html.escape(f"{atlas.topic(q.topic).name[lang]} · {atlas.difficulties[q.difficulty].name[lang]}"),
        f"<a href=\"{html.escape(url)}\">{html.escape(url)}</a> · {html.escape(L.fact_checked(q.checked))}",
        license_html,
        q.id,
    ]


def _tags(atlas: Atlas, q: Question) -> list[str]:
    tags = [f"topic::{q.topic}", *(f"track::{t}" for t in q.tracks), f"type::{q.type}"]
    tags.append(f"difficulty::{q.difficulty}")
    tags += [f"company::{c}" for c in sorted({a.company for a in q.asked})]
    return tags


def _deck(atlas: Atlas, topic_id: str, lang: str, repo: Repository, model: genanki.Model) -> genanki.Deck:
    L = Labels(lang)
    name = f"{L['site_name']}::{atlas.topic(topic_id).name[lang]}"
    description = (f"{html.escape(atlas.topic(topic_id).summary[lang])}<br><br>"
                   f"{html.escape(L['license_content'])} <a href=\"{CONTENT_LICENSE_URL}\">{CONTENT_LICENSE_URL}</a>")
    deck = genanki.Deck(_stable_id("deck", lang, topic_id), name, description)
    for q in atlas.questions_in(topic_id):
        deck.add_note(genanki.Note(model=model, fields=_fields(atlas, q, lang, repo), tags=_tags(atlas, q),
                                   guid=note_guid(lang, q.id)))
    return deck


def _apkg(decks: list[genanki.Deck], version: str) -> bytes:
    """The .apkg bytes: genanki's collection in memory, zipped with fixed dates."""
    day = dt.date.fromisoformat(version)
    timestamp = dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone.utc).timestamp()
    conn = sqlite3.connect(":memory:")
    genanki.Package(decks).write_to_db(conn.cursor(), timestamp, itertools.count(int(timestamp * 1000)))
    conn.commit()
    collection = conn.serialize()
    conn.close()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in (("collection.anki2", collection), ("media", b"{}")):
            info = zipfile.ZipInfo(name, date_time=(day.year, day.month, day.day, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return out.getvalue()


def deck_files(atlas: Atlas, lang: str, repo: Repository, version: str) -> dict[str, bytes]:
    """File name -> .apkg bytes: the whole atlas, then each topic with questions."""
    model = _model(lang)
    decks = {t.id: _deck(atlas, t.id, lang, repo, model) for t in atlas.topics if atlas.questions_in(t.id)}
    files = {deck_file(lang): _apkg(list(decks.values()), version)}
    for topic_id, deck in decks.items():
        files[deck_file(lang, topic_id)] = _apkg([deck], version)
    return files
