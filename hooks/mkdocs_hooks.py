"""Thin MkDocs adapter: the atlas package does the work; this file only wires it into the build.

mkdocs-static-i18n rebuilds the site once per language and re-creates every File, so generated pages
are added before it runs (on_files, priority 0) and their content is re-attached after it (priority -110).
"""

from __future__ import annotations

import logging
import re
import shutil
import threading
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import CombinedEvent, event_priority
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page

from atlas import LANGUAGES, AtlasError, load_atlas
from atlas.core.labels import Labels
from atlas.core.model import Atlas
from atlas.core.urls import DEFAULT_LANGUAGE, Repository
from atlas.downloads import background, feeds, page as downloads
from atlas.pages import explorer, glossterms, mock
from atlas.pages.notfound import with_home_links
from atlas.pages.seo import absolute_alternates, write_sitemaps
from atlas.pages.rendercache import RenderCache, Rendered, digest, files_key
from atlas.safety.csp import add_policy
from atlas.safety.sanitize import plain, sanitize
from atlas.search import records as search
from atlas.search.pagefind import BundleWriter
from atlas.site import GeneratedPage, all_pages, expand_markers

_state: dict[str, object] = {}
log = logging.getLogger("mkdocs.plugins.atlas")


def on_startup(command: str, dirty: bool) -> None:
    """Under `mkdocs serve`, what a live reload does not need (the Downloads' files, the search bundles) is
    finished off the critical path, after the reloaded pages are written."""
    _state["serve"] = command == "serve"
    if _state["serve"]:  # a rebuild converts only pages whose Markdown or surroundings changed
        _state["rendered"] = RenderCache()


def _language(config: MkDocsConfig) -> str:
    plugin = config.plugins.get("i18n")
    return getattr(plugin, "current_language", None) or DEFAULT_LANGUAGE


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    settings = config.extra.get("atlas", {})
    repo = Repository(settings["repository"].rstrip("/"), settings.get("branch", "main"), config.site_url or "")
    config.repo_url = repo.url
    config.repo_name = "/".join(repo.url.split("/")[-2:])
    config.edit_uri = f"edit/{repo.branch}/docs/"
    data_dir = Path(config.config_file_path).parent / settings.get("data", "data")
    try:
        atlas = load_atlas(data_dir)
    except AtlasError as error:
        raise PluginError("The atlas data has problems:\n" + error.report()) from None
    version = downloads.build_date()
    i18n = config.plugins.get("i18n")
    if not getattr(i18n, "building", False):  # the top-level call: once per `mkdocs build` or serve rebuild
        _state["generation"] = _state.get("generation", 0) + 1
        _finish_background_search()
        _state["worker_version"] = search.worker_version(Path(config.docs_dir))
        if not _state.get("serve"):  # `mkdocs serve` indexes after the reloaded pages are written
            _start_search_index(atlas, _languages(config))
        # Decks and exports in a process of their own while the pages render; the Downloads page is
        # rendered with pending sizes, filled in once the files are made (on_post_build).
        _state["downloads_job"] = background.start(data_dir, repo, version)
    if _state.get("pages_of") != (id(atlas), repo):  # every language build calls on_config: render once
        _state["pages_of"] = (id(atlas), repo)
        _state["pages"] = {p.src_uri: p for p in all_pages(atlas, repo, version=version, pending=True)}
    lang = _language(config)
    # What every page's HTML depends on besides its own Markdown: the Markdown settings and the site's address.
    _state["config_key"] = digest(Path(config.config_file_path).read_text(encoding="utf-8"), config.site_url or "", lang)
    _localise_theme(config, Labels(lang), repo)
    config.extra["atlas_feed"] = ("" if lang == DEFAULT_LANGUAGE else f"{lang}/") + feeds.FEED_FILE  # for main.html
    config.extra["atlas_search"] = search.dialog_help(Labels(lang))  # for main.html: examples, "all N" link
    # mkdocs-static-i18n calls on_config again for every language with the same config object:
    # keep the hand-written nav of mkdocs.yml from the first call, so entries are not added twice.
    handwritten = _state.setdefault(f"nav:{config.config_file_path}", list(config.nav or []))
    _state.update(atlas=atlas, repo=repo)
    if atlas.stale and not _state.get("told_stale"):  # a note, not a warning: --strict must not fail on it
        _state["told_stale"] = True
        log.info("atlas: %d translation(s) predate their English; `python -m atlas validate` lists them",
                 len(atlas.stale))
    config.nav = _nav(atlas, handwritten)
    return config


def _start_search_index(atlas: Atlas, languages: list[str]) -> None:
    """Pagefind starts indexing the questions and the glossary now, beside the page build; the pages'
    own records join as each language's pages are built (`on_post_build`)."""
    _abandon_search_index()
    _state["bundles"] = BundleWriter({lang: search.question_records(atlas, lang) + search.glossary_records(atlas, lang)
                                      for lang in languages})


def _abandon_search_index() -> None:
    writer = _state.pop("bundles", None)
    if writer is not None:
        writer.abandon()


def on_build_error(error: Exception) -> None:
    _abandon_search_index()


def on_shutdown() -> None:
    _finish_background_search()
    _abandon_search_index()
    background.shutdown()


def _finish_background_search() -> None:
    """A serve rebuild waits for the previous one's search bundles before it writes the site again."""
    thread = _state.pop("search_thread", None)
    if thread is not None:
        thread.join()


def _localise_theme(config: MkDocsConfig, labels: Labels, repo: Repository) -> None:
    """The footer's license line and the colour-scheme toggle's names, in the language being built."""
    config.copyright = labels.format("license_footer", repo=repo.url)
    names = {"(prefers-color-scheme)": "palette_to_light", "(prefers-color-scheme: light)": "palette_to_dark",
             "(prefers-color-scheme: dark)": "palette_to_system"}
    for variant in config.theme.get("palette") or []:
        if isinstance(variant, dict) and variant.get("media") in names and "toggle" in variant:
            variant["toggle"]["name"] = labels[names[variant["media"]]]


def _nav(atlas, handwritten: list) -> list:
    """Generated pages and sections after the first hand-written entry of mkdocs.yml: the explorer, glossary and
    downloads, then topics, companies, collections and tracks."""
    sections = [
        {"topics": ["topics/index.md", *(f"topics/{t.id}.md" for t in atlas.topics)]},
        {"collections": ["collections/index.md", *(f"collections/{c.id}.md" for c in atlas.collections)]},
        {"tracks": ["tracks/index.md", *(f"tracks/{t.id}.md" for t in atlas.tracks)]},
        {"companies": ["companies/index.md", *(f"companies/{c}.md" for c in atlas.companies_with_questions())]},
    ]
    # The explorer, the practice tools, the glossary and the downloads first: single pages a long section must not push out of sight.
    return (handwritten[:1] + ["explorer.md", mock.MOCK_URI, mock.WEAK_URI, "glossary.md", downloads.DOWNLOADS_URI] + sections[:1]
            + sections[3:] + sections[1:3] + handwritten[1:])


@event_priority(0)
def _add_generated_files(files: Files, config: MkDocsConfig) -> Files:
    for page in _state["pages"].values():
        if files.get_file_from_path(page.src_uri) is not None:
            raise PluginError(f"docs/{page.src_uri} would be overwritten by a generated page; rename or delete it")
        # A question's own page is reached from its topic's list: outside the navigation on purpose.
        inclusion = InclusionLevel.INCLUDED if page.listed else InclusionLevel.NOT_IN_NAV
        files.append(File(page.src_uri, config.docs_dir, config.site_dir, config.use_directory_urls, inclusion=inclusion))
    return files


@event_priority(-110)
def _reattach_generated_content(files: Files, config: MkDocsConfig) -> Files:
    pages: dict[str, GeneratedPage] = _state["pages"]
    for file in files:
        if file.src_uri in pages:
            file.content_string = pages[file.src_uri].markdown
            file.generated_by = "atlas"
    _state["files_key"] = files_key(file.src_uri for file in files)  # this language's files: links resolve to them
    return files


on_files = CombinedEvent(_add_generated_files, _reattach_generated_content)


@event_priority(-110)
def on_nav(nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
    labels = Labels(_language(config))
    for item in nav.items:
        if isinstance(item, Section) and item.title.lower() in ("topics", "collections", "tracks", "companies"):
            item.title = labels[item.title.lower()]
    return nav


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    # Pagefind indexes the site (`searchindex`); Material's plugin stays only for its dialog, so spare it
    # parsing every page into a lunr index that is deleted after the build (about a tenth of the build).
    page.meta["search"] = {**(page.meta.get("search") or {}), "exclude": True}
    lang = getattr(page.file, "locale", None) or DEFAULT_LANGUAGE
    generated = _state["pages"].get(page.file.src_uri)
    if generated is None:
        try:
            markdown = expand_markers(markdown, page.file.src_uri, _state["atlas"], lang, _state["repo"])
        except ValueError as error:
            raise PluginError(str(error)) from None
    return _reuse_if_unchanged(markdown, page, lang, generated)


def _reuse_if_unchanged(markdown: str, page: Page, lang: str, generated: GeneratedPage | None) -> str:
    """Under `mkdocs serve`, a page made from exactly what it was made from last time is not converted again: its
    Markdown is swapped for nothing and `on_page_content` puts its previous HTML back (`atlas.pages.rendercache`)."""
    cache: RenderCache | None = _state.get("rendered")
    if cache is None:
        return markdown
    extra = (generated.trusted_html, generated.finish_key) if generated is not None else ("", "")
    page.atlas_key = digest(markdown, page.file.src_uri, page.file.dest_uri, lang, _state["files_key"],
                            _state["config_key"], *extra)
    page.atlas_reused = cache.get((lang, page.file.dest_uri), page.atlas_key)
    return "" if page.atlas_reused is not None else markdown


def _restore(page: Page, rendered: Rendered, files: Files) -> None:
    """What converting the page would have set: its table of contents, title, anchors and links to anchors (keyed
    by this build's files, so the links are checked against the pages as they are now)."""
    page.toc = rendered.toc
    page._title_from_render = rendered.title
    page.present_anchor_ids = rendered.anchors
    if rendered.links is not None:
        page.links_to_anchors = {f: links for uri, links in rendered.links.items()
                                 if (f := files.get_file_from_path(uri)) is not None}


def _remember(page: Page, html: str) -> None:
    cache: RenderCache | None = _state.get("rendered")
    if cache is None:
        return
    links = getattr(page, "links_to_anchors", None)
    cache.put((getattr(page.file, "locale", None) or DEFAULT_LANGUAGE, page.file.dest_uri), page.atlas_key, Rendered(
        html, page.toc, page._title_from_render, page.present_anchor_ids,
        None if links is None else {f.src_uri: dict(v) for f, v in links.items()}))


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Every page's content through the allowlist; title and description as escaped plain text."""
    reused: Rendered | None = getattr(page, "atlas_reused", None)
    if reused is not None:
        _restore(page, reused, files)
    _drop_hidden_toc(page)
    page.title = plain(page.title or "")
    for key in ("title", "description"):
        if isinstance(page.meta.get(key), str):
            page.meta[key] = plain(page.meta[key])
    generated = _state["pages"].get(page.file.src_uri)
    # The table of contents' permalinks say "Permanent link" in every language: say it in this one.
    lang = getattr(page.file, "locale", None) or DEFAULT_LANGUAGE
    html = html.replace('class="headerlink" title="Permanent link"', f'class="headerlink" title="{Labels(lang)["permalink"]}"')
    html = re.sub(r'(<a class="headerlink" href="[^"]*") title="Permanent link"', rf'\1 title="{Labels(lang)["permalink"]}"', html)
    if reused is not None:
        return reused.html
    html = sanitize(html, config.site_url or "")
    html = html if generated is None else generated.finished(html) + generated.trusted_html
    _remember(page, html)
    return html


def _drop_hidden_toc(page: Page) -> None:
    """A page that hides its table of contents (the glossary, the explorer, the practice pages) keeps only its title
    there: Material still writes a hidden one and tracks every heading's position as the reader scrolls, which on
    the glossary (323 headings) cost 3.5 s of blocked main thread at load on a throttled phone. The title stays, so
    the theme's skip link still has somewhere to go."""
    if "toc" in ((page.meta or {}).get("hide") or ()):
        for item in page.toc:
            item.children = []


def on_page_context(context, page: Page, config: MkDocsConfig, nav: Navigation):
    generated = _state["pages"].get(page.file.src_uri)
    if generated is not None:
        page.edit_url = generated.edit_url or None
    if re.fullmatch(r"index(\.[a-z]{2})?\.md", page.file.src_uri):  # every language's home: readers land here, no pencil
        page.edit_url = None
    if generated is not None and not generated.listed:
        # A question's page is outside the navigation: its topic's entry shows where the reader is (until on_post_page).
        parent = page.url.rstrip("/").rsplit("/", 1)[0] + "/"
        topic = next((p for p in nav.pages if p.url == parent), None)
        if topic is not None:
            topic.active = True
            _state["active_topic"] = topic
    return context


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    topic = _state.pop("active_topic", None)
    if topic is not None:
        topic.active = False
    lang = getattr(page.file, "locale", None) or DEFAULT_LANGUAGE
    key = re.sub(r"\.(%s)\.md$" % "|".join(LANGUAGES), ".md", page.file.src_uri)
    _state.setdefault("sitemap", {}).setdefault(key, {})[lang] = page.canonical_url
    output = absolute_alternates(output, page.canonical_url)
    _collect_search_record(output, page, lang)
    output = search.use_search_worker(output, _state["worker_version"])
    output = search.label_search_dialog(output, Labels(lang)["search_dialog"])
    return add_policy(search.point_base_at_language(output, lang), page.content or "")


def _collect_search_record(output: str, page: Page, lang: str) -> None:
    """One search record per page; questions have records of their own (`search.question_records`), so a question's
    page adds none."""
    url = search.relative_to_language(page.url, lang)
    generated = _state["pages"].get(page.file.src_uri)
    if generated is not None and not generated.listed:
        return
    title, text = search.page_from_html(output, with_text=generated is None)
    if generated is not None:
        # Generated pages list questions that have records of their own: index their title and summary only.
        text = (page.meta or {}).get("description", "")
    if url.startswith("companies/") and url != "companies/":
        text += " " + search.company_search_text(_state["atlas"], url.split("/")[1])
    _state.setdefault("search", {}).setdefault(lang, []).append(
        search.page_record(url, title or page.title or "", text, lang))


def on_post_template(output: str, template_name: str, config: MkDocsConfig) -> str:
    """Static templates (404.html) carry the same Content Security Policy as every page; the root 404 is the
    English one, with a way home in every language."""
    if not template_name.endswith(".html"):
        return output
    output = add_policy(output)
    if template_name == "404.html" and _language(config) == DEFAULT_LANGUAGE:
        _state["404"] = with_home_links(output, config.site_url or "", _languages(config))
    return output


def _languages(config: MkDocsConfig) -> list[str]:
    plugin = config.plugins.get("i18n")
    return [lang.locale for lang in plugin.config.languages] if plugin else [DEFAULT_LANGUAGE]


@event_priority(0)  # before mkdocs-static-i18n (-100) starts building the next language
def _write_search_bundle(config: MkDocsConfig) -> None:
    """A language's pages are built: its search bundle is written now, beside the next language's build."""
    writer: BundleWriter | None = _state.get("bundles")
    if writer is not None and not _state.get("serve"):  # `mkdocs serve` indexes after the reloaded pages
        lang = _language(config)
        writer.write(Path(config.site_dir), lang, _state.get("search", {}).get(lang, []))


@event_priority(-110)
def _finish_site(config: MkDocsConfig) -> None:
    """Once, after the last language: mkdocs-static-i18n runs the other builds inside the first one's
    post-build and merges the search index at its end; the nested builds run this with `building` set."""
    plugin = config.plugins.get("i18n")
    if plugin is not None and getattr(plugin, "building", False):
        return
    languages = _languages(config)
    site = Path(config.site_dir)
    cache: RenderCache | None = _state.get("rendered")
    if cache is not None:
        log.info("atlas: %d page(s) converted, %d unchanged and reused", cache.rendered, cache.reused)
        cache.rendered = cache.reused = 0
    write_sitemaps(site, config.site_url or "", _state.pop("sitemap", {}), languages)
    if "404" in _state:
        (site / "404.html").write_text(_state.pop("404"), encoding="utf-8")
    pages = _state.pop("search", {})
    search.write_stubs(site, languages, _state.get("atlas"))
    if _state.get("serve"):  # the reloaded pages are ready now; search follows a few seconds later
        atlas = _state["atlas"]

        def index_later() -> None:
            _start_search_index(atlas, languages)
            _state.pop("bundles").finish(site, pages)
        _state["search_thread"] = threading.Thread(target=index_later, daemon=True)
        _state["search_thread"].start()
    else:
        _state.pop("bundles").finish(site, pages)
    # Material's lunr worker and language files: the dialog talks to our worker instead.
    shutil.rmtree(site / "assets" / "javascripts" / "lunr", ignore_errors=True)
    for worker in (site / "assets" / "javascripts" / "workers").glob("search.*.min.js*"):
        worker.unlink()
    for lang in languages:
        root = site / ("" if lang == DEFAULT_LANGUAGE else lang)
        _write(root / "explorer" / explorer.DATA_FILE, explorer.explorer_files_list(_state["atlas"], lang).encode("utf-8"))
        for name, text in glossterms.definition_files(_state["atlas"].glossary, lang).items():  # the terms' popovers
            _write(root / name, text.encode("utf-8"))
        _write(root / feeds.FEED_FILE, feeds.atom_feed(_state["atlas"], lang, _state["repo"]))
    _deliver_downloads(site, languages, _state.pop("downloads_job"))


on_post_build = CombinedEvent(_write_search_bundle, _finish_site)


def _deliver_downloads(site: Path, languages: list[str], job) -> None:
    """Write the decks and exports beside each Downloads page and put their sizes in it, and the practice cards'
    details beside each explorer. `mkdocs build` waits for them; `mkdocs serve` writes them when they are
    ready, unless a newer rebuild has begun."""
    generation = _state["generation"]

    def deliver(made: background.Made) -> None:
        if _state.get("generation") != generation:
            return
        for lang in languages:
            root = site / ("" if lang == DEFAULT_LANGUAGE else lang)
            for name, data in made.explorer[lang].items():
                _write(root / "explorer" / name, data)
            folder = root / downloads.FOLDER
            files = made.downloads
            for name, data in files[lang].items():
                _write(folder / name, data)
            page = folder / "index.html"
            page.write_text(downloads.fill_sizes(page.read_text(encoding="utf-8"), files[lang], lang), encoding="utf-8")

    if _state.get("serve") and not job.done():
        def later(f) -> None:
            if f.cancelled() or f.exception() is not None:
                log.error("atlas: the Downloads could not be made: %s", f.exception())
            else:
                deliver(f.result())
        job.add_done_callback(later)
    else:
        deliver(job.result())


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
