"""The Downloads page of each language and the files it lists (decks, exports), made once per build.

The files are made in memory (by the hooks, in a process of their own: `background.py`) and written beside
the page after the build (`downloads/`, `ru/downloads/`, `hi/downloads/`). The page is rendered before the
files exist, with a pending mark where each size goes; `fill_sizes` puts the sizes in the written page once
the files are made. The version is the build date (`SOURCE_DATE_EPOCH` when set, for reproducible builds).
"""

from __future__ import annotations

import datetime as dt
import html
import os
import re

from atlas.core.labels import Labels
from atlas.core.model import LANGUAGES, Atlas
from atlas.core.urls import Repository
from atlas.downloads import anki, exports, feeds
from atlas.pages.render import front_matter

DOWNLOADS_URI = "downloads.md"
FOLDER = "downloads"


def build_date() -> str:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    now = dt.datetime.fromtimestamp(int(epoch), dt.timezone.utc) if epoch else dt.datetime.now(dt.timezone.utc)
    return now.date().isoformat()


def language_files(atlas: Atlas, lang: str, repo: Repository, version: str) -> dict[str, bytes]:
    """Path inside the language's downloads folder -> bytes."""
    return {**exports.export_files(atlas, lang, repo, version), **anki.deck_files(atlas, lang, repo, version)}


def all_files(atlas: Atlas, repo: Repository, version: str) -> dict[str, dict[str, bytes]]:
    return {lang: language_files(atlas, lang, repo, version) for lang in LANGUAGES}


def _size(n: int, L: Labels) -> str:
    kb = n / 1024
    text = f"{kb:.0f}" if kb >= 10 else f"{kb:.1f}"
    return L.format("size_kb", n=text.replace(".", "," if L.lang == "ru" else "."))


PENDING = "atlas-size-pending"  # the class of a size cell whose file is still being made


def _table(rows: list[tuple[str, str, int | None]], L: Labels) -> str:
    """Raw HTML: the files are not Markdown pages, so MkDocs must not try to resolve the links."""
    e = html.escape
    body = "".join(f'<tr><td><a href="{e(name)}" download>{e(name.rsplit("/", 1)[-1])}</a></td><td>{e(what)}</td>'
                   + (f'<td class="atlas-size">{e(_size(size, L))}</td></tr>' if size is not None else
                      f'<td class="atlas-size {PENDING}">{e(L["size_pending"])}</td></tr>')
                   for name, what, size in rows)
    return (f'<div class="atlas-downloads"><table><thead><tr><th scope="col">{e(L["file"])}</th>'
            f'<th scope="col">{e(L["contents"])}</th><th scope="col">{e(L["size"])}</th></tr></thead>'
            f"<tbody>{body}</tbody></table></div>")


def downloads_page(atlas: Atlas, lang: str, files: dict[str, bytes] | None, version: str) -> str:
    """The page; with `files=None` (not made yet) each size is a pending mark for `fill_sizes`."""
    L = Labels(lang)
    n = len(atlas.questions)

    def size(name: str) -> int | None:
        return len(files[name]) if files is not None else None

    decks = [(anki.deck_file(lang), f"{L['deck_whole']} — {L.format('n_questions', n=str(n))}",
              size(anki.deck_file(lang)))]
    for t in atlas.topics:
        if atlas.questions_in(t.id):  # a topic without questions has no deck
            name = anki.deck_file(lang, t.id)
            count = L.format("n_questions", n=str(len(atlas.questions_in(t.id))))
            decks.append((name, f"{t.name[lang]} — {count}", size(name)))
    data = [(exports.json_name(lang), L["json_export"], size(exports.json_name(lang))),
            (exports.SCHEMA_NAME, L["json_schema"], size(exports.SCHEMA_NAME)),
            (exports.csv_name(lang), L["csv_export"], size(exports.csv_name(lang))),
            (exports.READINGS_NAME, L["readings_export"], size(exports.READINGS_NAME))]
    feed = f'<a href="../{feeds.FEED_FILE}" type="application/atom+xml">{html.escape(L["feed_link"])}</a>'
    return "\n".join([
        front_matter(L["downloads"], L["downloads_intro"], hide=["toc"]) + f"# {L['downloads']}", "",
        L["downloads_intro"], "", L.format("version", version=version), "",
        f"## {L['anki_decks']} {{ #anki }}", "", L["anki_intro"], "", _table(decks, L), "",
        L["anki_and_review"], "",
        f"## {L['open_data']} {{ #data }}", "", L["open_data_intro"], "", _table(data, L), "",
        f"## {L['feed']} {{ #feed }}", "", f"{L['feed_intro']} {feed}", "",
        f"## {L['license_heading']} {{ #license }}", "", L["license_content"], "",
    ])


_PENDING_ROW = re.compile(r'(<a href="([^"]+)" download[^>]*>.*?</td><td>.*?</td><td class="atlas-size) '
                          + PENDING + r'">[^<]*</td>', re.S)


def fill_sizes(page_html: str, files: dict[str, bytes], lang: str) -> str:
    """The written Downloads page with each pending size replaced by its file's size."""
    L = Labels(lang)

    def fill(m: re.Match[str]) -> str:
        name = html.unescape(m.group(2))
        return f'{m.group(1)}">{html.escape(_size(len(files[name]), L))}</td>' if name in files else m.group(0)
    return _PENDING_ROW.sub(fill, page_html)
