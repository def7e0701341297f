"""No record can run script: fuzzing the render path, a hostile fixture built for real, and the browser's CSP.

The property tests generate records from our own JSON Schemas (hypothesis-jsonschema) and salt their text
with hostile strings. For every generated atlas, either validation reports coded problems, or every page's
HTML is inert: no script, no handler, no non-https URL, nothing outside the sanitiser's allowlist.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
import tempfile
import time
from pathlib import Path

import lxml.html
import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

from activecontent import fragment_problems, page_problems, site_markdown
from atlas import AtlasError, load_atlas
from atlas.core.errors import CODES
from atlas.core.schema import FILES
from atlas.core.settings import standalone_config
from atlas.core.urls import Repository
from atlas.safety.sanitize import sanitize
from atlas.safety.textsafe import escape_markup, markdown_url, plain_markdown, unsafe_parts
from atlas.site import pages_for
from conftest import build_site

FIXTURES = Path(__file__).parent / "fixtures"
REPO = Repository("https://github.com/example/atlas")
PWN = "window.__pwned=1"

# Pieces a hostile contributor combines; the generator joins them with ordinary and schema-generated text.
HOSTILE = [
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<svg onload=alert(1)>", "*x*{onclick=alert(1)}",
    "{: onclick=\"alert(1)\" }", "&lt;script&gt;alert(1)&lt;/script&gt;", "&#60;b onclick=alert(1)&#62;",
    "&amp;lt;i&amp;gt;", "[x][1]\n\n[1]: javascript:alert(1)", "[x](javascript:alert(1))",
    "[x](https://example.org \"t\" onclick=\"alert(1)\")", "\\`<b onclick=alert(1)>`", "`a`{onclick=alert(1)}",
    "$a\\$ <img src=x onerror=alert(1)> \\$b$", "$$ x \\$$ <i onclick=alert(1)>y</i> $$", "\\(x\\) \\[y\\]",
    "```{onclick=alert(1)}\n<script>alert(1)</script>\n```", "~~~\n<b>\n~~~", "![p](https://evil.example/p.png)",
    "![p](http://evil.example/p.png)", "<a href='javascript:alert(1)'>x</a>", "[d](data:text/html,<script>x</script>)",
    "https://x.org/a){onclick=alert(1)}", "\" onmouseover=\"alert(1)", "' onfocus='alert(1)", "</title><script>x</script>",
    "<!-- c -->", "<style>*{}</style>", "<iframe src=//evil.example>", "??? note \"t\"\n    <b onclick=1>",
    "!!! danger \"<img src=x onerror=1>\"", "| a | b |\n|---|---|\n| <b onclick=1> | c |", "\u202eevil", "\u200b",
    "\x00", "\x1b[31m", "&#x6a;avascript:alert(1)", "[x](<javascript:alert(1)>)", "<https://x.org/\" onclick=\"1>",
    "\\", "`", "$", "$$", "[", "]", "(", ")", "{", "}", "<", ">", "&", "\"", "'", "*", "_", "#", "\n", "\n\n", "    ",
]
HOSTILE_URLS = ["https://example.org/a)(b){onclick=alert(1)}", "https://еxample.org/", "http://example.org/",
                "https://example.org/\" onclick=\"alert(1)", "javascript:alert(1)", "https://example.org/a b",
                "https://example.org/" + "a" * 2100, "https://example.org/ok"]

_SAFE_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=40)
hostile_text = st.one_of(
    st.sampled_from(HOSTILE),
    st.lists(st.one_of(st.sampled_from(HOSTILE), _SAFE_TEXT), min_size=1, max_size=6).map("".join),
)
# The pieces validation lets through (no raw tag or bad link it can see, one line): the interesting ones,
# since what validation refuses never reaches a page.
SNEAKY = [h for h in HOSTILE if h.strip() and "\n" not in h and h.isprintable() and not unsafe_parts(h)]
sneaky_text = st.lists(st.one_of(st.sampled_from(SNEAKY), _SAFE_TEXT.filter(str.isprintable)),
                       min_size=1, max_size=5).map(lambda parts: "A text long enough: " + " ".join(parts))


_MD = site_markdown()


def render_fragment(text: str) -> str:
    """Record Markdown as a page shows it: escaped, converted with the site's extensions, sanitised."""
    _MD.reset()
    return sanitize(_MD.convert(escape_markup(text)))


# -- the two mechanisms, each on its own ------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=60).filter(str.strip))
def test_plain_text_is_only_ever_text(text: str) -> None:
    """A name or title through plain_markdown becomes one paragraph whose text is the name, whatever it holds."""
    _MD.reset()
    html = _MD.convert(plain_markdown(text))
    root = lxml.html.fragment_fromstring(html, create_parent="div")
    assert [el.tag for el in root] == ["p"], html
    assert len(root[0]) == 0, html
    assert root[0].text_content() == " ".join(text.split())


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.sampled_from(HOSTILE_URLS), st.text(max_size=40).map(lambda s: "https://example.org/" + s)))
def test_a_url_cannot_close_its_link(url: str) -> None:
    _MD.reset()
    html = _MD.convert(f"[label]({markdown_url(url)})")
    root = lxml.html.fragment_fromstring(html, create_parent="div")
    links = root.findall(".//a")
    assert len(links) == 1 and links[0].text_content() == "label" and set(links[0].attrib) == {"href"}, html
    assert root.text_content() == "label"


@settings(max_examples=400, deadline=None)
@given(hostile_text)
def test_record_markdown_is_inert_after_sanitising(text: str) -> None:
    """Whatever the validation says, the sanitised HTML of any Markdown holds no active content."""
    assert fragment_problems(render_fragment(text)) == []


# -- whole atlases generated from the JSON Schemas --------------------------------------------------------

_ONE_TEXT = from_schema(FILES["topics"]["items"]["properties"]["name"]["properties"]["en"])  # a schema "text"
_SOURCE = from_schema(FILES["sources"]["items"])
_NOT_TEXT = {"id", "url", "website", "arxiv", "added", "checked", "retrieved", "published", "kind", "language", "segment",
             "tracks", "type", "difficulty", "sources", "readings", "company", "evidence", "source", "questions",
             "topic", "order", "year"}


def _load_valid() -> dict[str, object]:
    files = ("questions/sample-topic.yml", "sources/reports.yml", "topics.yml", "tracks.yml",
             "companies/example-lab.yml", "collections/sample-list.yml", "readings/papers.yml")
    return {rel: yaml.safe_load((FIXTURES / "valid" / rel).read_text(encoding="utf-8")) for rel in files}


def _text_paths(node, path=()):
    """Paths of every text a contributor writes (names, titles, Markdown), not ids, dates or references."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key not in _NOT_TEXT:
                yield from _text_paths(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _text_paths(value, path + (i,))
    elif isinstance(node, str):
        yield path


def _set(node, path, value):
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


_VALID = _load_valid()
_TARGETS = [(rel, path) for rel, data in _VALID.items() for path in _text_paths(data)]
_PROBLEM = re.compile(r"^data/[^:\s]+:\d+: (E\d{3}) ")


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_a_generated_atlas_is_rejected_with_codes_or_rendered_inert(data) -> None:
    """Salt one to four texts anywhere in the corpus (sometimes a whole schema-generated source and a hostile
    URL too), then: coded problems, or inert pages in every language."""
    draw = data.draw
    valid = copy.deepcopy(_VALID)
    for rel, path in draw(st.lists(st.sampled_from(_TARGETS), min_size=1, max_size=4, unique=True)):
        salt = draw(st.one_of(sneaky_text, sneaky_text, sneaky_text, hostile_text,
                              st.tuples(_ONE_TEXT, hostile_text).map("".join)))
        _set(valid[rel], path, salt)
    if draw(st.integers(0, 7)) == 0:  # a whole source record generated from its schema
        valid["sources/reports.yml"][0] = draw(_SOURCE) | {"id": "example-report", "kind": "candidate-report"}
    if draw(st.integers(0, 5)) == 0:
        valid["sources/reports.yml"][0]["url"] = draw(st.sampled_from(HOSTILE_URLS))

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "data"
        shutil.copytree(FIXTURES / "valid", root)
        for rel, value in valid.items():
            (root / rel).write_text(yaml.safe_dump(value, allow_unicode=True, sort_keys=False), encoding="utf-8")
        try:
            atlas = load_atlas(root)
            event("valid: rendered and checked")
        except AtlasError as error:
            event("rejected: " + " ".join(sorted({p.code for p in error.problems})))
            for problem in error.problems:
                line = str(problem)
                assert "\n" not in line
                m = _PROBLEM.match(line)
                assert m and m.group(1) in CODES, line
            return
    for lang in ("en", "ru", "hi"):
        for page in pages_for(atlas, lang, REPO):
            _MD.reset()
            body = page.markdown.split("---\n", 2)[2] if page.markdown.startswith("---\n") else page.markdown
            html = sanitize(_MD.convert(body))
            assert fragment_problems(html) == [], page.src_uri
            assert fragment_problems(page.trusted_html, allowlist=False) == [], page.src_uri
            front = page.markdown.split("---\n", 2)[1] if page.markdown.startswith("---\n") else ""
            for line in front.splitlines():
                key, _, value = line.partition(": ")
                if key in ("title", "description"):
                    text = json.loads(value)
                    assert not set(text) & set("<>\"'"), (page.src_uri, text)  # escaped: safe raw or in attributes


# -- a hostile fixture, built for real and opened in a browser ------------------------------------------------

def hostile_data(dest: Path) -> Path:
    data = dest / "data"
    shutil.copytree(FIXTURES / "valid", data)
    for path in (FIXTURES / "hostile").rglob("*"):
        if path.is_file():
            shutil.copy(path, data / path.relative_to(FIXTURES / "hostile"))
    return data


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory):
    from conftest import free_port
    tmp = tmp_path_factory.mktemp("hostile")
    config = tmp / "mkdocs.yml"
    config.write_text(standalone_config(hostile_data(tmp)), encoding="utf-8")
    port = free_port()
    site = tmp / "site"
    start = time.perf_counter()
    result = build_site(site, config, cwd=tmp, site_url=f"http://127.0.0.1:{port}/")
    assert result.returncode == 0, result.stdout + result.stderr
    print(f"hostile fixture built in {time.perf_counter() - start:.1f} s")
    return site, port


def test_the_hostile_fixture_passes_validation(tmp_path: Path) -> None:
    """Its strings are the ones validation cannot refuse (or the tests below would test nothing)."""
    atlas = load_atlas(hostile_data(tmp_path))
    assert "onclick" in atlas.topics[0].name["en"] and "onerror" in atlas.question("sample-clipping").text["en"]


def test_hostile_pages_have_no_active_content(hostile_site) -> None:
    site, port = hostile_site
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert page_problems(html, f"http://127.0.0.1:{port}/") == [], page.relative_to(site)
        scripts = [s.text or "" for s in lxml.html.document_fromstring(html).iter("script")
                   if s.get("type") != "application/ld+json"]
        assert not any("__pwned" in body for body in scripts), page  # record text never reaches a script
    topic = (site / "topics" / "sample-topic" / "index.html").read_text(encoding="utf-8")
    title = re.search(r"<title>(.*?)</title>", topic, re.S).group(1)
    assert "<" not in title and "&lt;script&gt;" in title  # the name, shown as text


_CSP_LISTENER = """
window.__csp = [];
document.addEventListener('securitypolicyviolation',
  e => window.__csp.push(e.effectiveDirective + ' ' + (e.blockedURI || '') + ' ' + (e.sample || '')));
"""


@pytest.mark.browser
def test_hostile_pages_run_nothing_and_csp_blocks_an_injected_handler(hostile_site) -> None:
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.support.ui import WebDriverWait

    from devtools.browser import chromium
    from devtools.server import SiteServer
    site, port = hostile_site
    with SiteServer(site, port) as server, chromium() as driver:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": _CSP_LISTENER})
        questions = [p.parent.relative_to(site).as_posix() + "/" for p in sorted(site.glob("*topics/sample-topic/*/index.html"))]
        questions += [p.parent.relative_to(site).as_posix() + "/" for p in sorted(site.glob("ru/topics/sample-topic/*/index.html"))]
        assert questions
        for path in ("topics/sample-topic/", "ru/topics/sample-topic/", *questions, "companies/example-lab/",
                     "collections/sample-list/", "explorer/", "hi/explorer/"):
            driver.get(server.url + path)
            WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
            if path.endswith("explorer/"):  # every question's practice card, revealed: the build's HTML inserted
                WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !!window.atlasPractise"))
                assert driver.execute_async_script("""const done = arguments[0]; (async () => { let n = 0;
                    for (const li of document.querySelectorAll('#ex-results li[data-id]')) {
                      n += await window.atlasPractise(li.dataset.id);
                      document.querySelectorAll('#ex-card button[aria-expanded=false]').forEach(b => b.click()); }
                    done(n); })()""") > 0
            for el in driver.find_elements("css selector", "article a, article strong, article em, article code")[:40]:
                driver.execute_script("for (const t of ['mouseover','mouseenter','focus','pointerdown']) "
                                      "arguments[0].dispatchEvent(new Event(t, {bubbles: true, cancelable: true}))", el)
            with pytest.raises(NoAlertPresentException):
                driver.switch_to.alert.text
            assert driver.execute_script("return window.__pwned") is None, path
            assert driver.execute_script("return window.__csp") == [], path  # the page itself needs nothing blocked
        # A handler that got into the page anyway (as if every other wall had failed) is refused by the browser.
        driver.execute_script("document.querySelector('article').insertAdjacentHTML('beforeend', "
                              "'<img src=\"../missing.png\" onerror=\"window.__pwned=1\">')")
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.__csp.length"))
        assert driver.execute_script("return window.__pwned") is None
        assert any(v.startswith("script-src-attr") for v in driver.execute_script("return window.__csp"))


FENCES = {
    "backticks": "```\n{code}\n```",
    "four backticks": "````\n{code}\n````",
    "tildes": "~~~\n{code}\n~~~",
    "four tildes": "~~~~\n{code}\n~~~~",
    "tildes with a language": "~~~cpp\n{code}\n~~~",
    "backticks with attributes": "```{{.cpp}}\n{code}\n```",
    "indented in a list item": "- A template:\n\n    ~~~cpp\n    {code}\n    ~~~",
}


@pytest.mark.parametrize("form", FENCES)
def test_every_fence_form_superfences_accepts_holds_code_that_looks_like_html(form: str) -> None:
    """`std::vector<T>` in any fence Markdown accepts is code, not raw HTML: accepted, rendered as written."""
    import markdown

    from atlas.safety.textsafe import escape_markup, unsafe_parts
    code = "std::vector<T> v; // <b>not bold</b> {.x}"
    text = "Use a template:\n\n" + FENCES[form].format(code=code) + "\n\nThat is all."
    assert unsafe_parts(text) == []
    assert code in escape_markup(text)  # untouched inside the fence
    html = markdown.markdown(escape_markup(text), extensions=["attr_list", "md_in_html", "pymdownx.superfences"])
    assert "<b>" not in html and "<T>" not in html
    assert code in __import__("html").unescape(re.sub(r"<[^>]+>", "", html))  # shown as written, highlighted


@pytest.mark.parametrize("text", [
    "~~~\nstd::vector<T>\n~~~~~",          # a longer closing fence does not close a superfence
    "```\nstd::vector<T>\n````",
    "    ```\nstd::vector<T>\n    ```",    # an indented code block, then prose: not a fence
])
def test_what_markdown_reads_as_prose_is_never_taken_for_code(text: str) -> None:
    from atlas.safety.textsafe import unsafe_parts
    assert ("E040", "<T>") in unsafe_parts(text)


def test_an_unclosed_fence_is_prose_so_html_in_it_is_refused() -> None:
    from atlas.safety.textsafe import unsafe_parts
    assert unsafe_parts("~~~\nstd::vector<T>\n~~ not a close") == [("E040", "<T>")]


@pytest.mark.parametrize("image, refused", [
    ("![chart](https://example.com/chart.png)", True),
    ("![chart](//example.com/chart.png)", True),
    ("![chart](HTTPS://example.com/chart.png)", True),
    ("![chart][fig]\n\n[fig]: https://example.com/chart.png", True),
    ("![chart](data:image/png;base64,AAAA)", True),
    ("![chart](../assets/chart.png)", False),
    ("`![chart](https://example.com/chart.png)` in code", False),
])
def test_images_from_another_site_are_refused_at_validation(image: str, refused: bool) -> None:
    from atlas.safety.textsafe import unsafe_parts
    codes = [code for code, _ in unsafe_parts(image)]
    assert ("E070" in codes) is refused, codes
