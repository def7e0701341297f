"""From a wrong rubric on the site to a pull request: links, prefilled forms, the guide and the format.

The site is the real one (fixture `site_dir`); sample questions are drawn from the real data at test
time, since content is written in parallel.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import jsonschema
import pytest
import yaml

from atlas import AtlasError, load_atlas
from atlas.contrib.fieldref import FILE_PATHS, LABEL_PREFIX, field_reference, kinds, labels
from atlas.core import settings
from atlas.core.errors import CODES
from atlas.core.labels import Labels
from atlas.core.model import Atlas, Question
from atlas.core.schema import FILES, LANGUAGES, SCHEMA_DIR
from atlas.core.urls import Repository
from atlas.load.yamlsource import read_yaml
from conftest import ROOT
from htmldom import Node, page

PREFIX = {"en": "", "ru": "ru/", "hi": "hi/"}
FORMS = ROOT / ".github" / "ISSUE_TEMPLATE"
GUIDE_SECTIONS = ("fix-a-question", "add-a-question", "good-rubric", "translations", "readings", "companies", "difficulty",
                  "checks", "editor", "field-reference")


def mkdocs_config() -> dict:
    return settings.mkdocs_config(environ={})


def repository(site_url: str | None = None) -> Repository:
    """The repository setting, for the address the site under test was built for."""
    repo = settings.repository(environ={} if site_url is None else {"ATLAS_SITE_URL": site_url})
    return repo


def form_fields(template: str) -> dict[str, str]:
    """id -> type of every field of an issue form."""
    form = yaml.safe_load((FORMS / template).read_text(encoding="utf-8"))
    return {item["id"]: item["type"] for item in form["body"] if "id" in item}


def samples(atlas: Atlas) -> list[Question]:
    """The first and the last question of every topic file: the lines most likely to drift."""
    picked: dict[str, Question] = {}
    for topic in atlas.topics:
        qs = sorted(atlas.questions_in(topic.id), key=lambda q: q.line)
        for q in qs[:1] + qs[-1:]:
            picked[q.id] = q
    if not picked:
        pytest.skip("no questions in data/ yet")
    return list(picked.values())


def actions_by_question(doc: Node) -> dict[str, Node]:
    """Each question id -> its actions paragraph (the first one after its heading; a question's page has one)."""
    found: dict[str, Node] = {}
    current = ""
    for node in doc.find("article").iter():
        if node.tag in ("h1", "h3") and "atlas-q" in node.classes:
            current = node.attrs["id"]
        elif "atlas-actions" in node.classes and current and current not in found:
            found[current] = node
    return found


def file_and_line(href: str, action: str, repo: Repository) -> tuple[str, int]:
    """`…/edit/main/data/questions/x.yml#L12` -> ("data/questions/x.yml", 12)."""
    base = f"{repo.url}/{action}/{repo.branch}/"
    assert href.startswith(base), href
    url = urlparse(href)
    assert re.fullmatch(r"L\d+", url.fragment), href
    return href[len(base):].split("#")[0], int(url.fragment[1:])


def query(href: str) -> dict[str, str]:
    params = parse_qs(urlparse(href).query, keep_blank_values=True)
    assert all(len(v) == 1 for v in params.values()), href
    return {k: v[0] for k, v in params.items()}


# -- the three links under every question -------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_edit_view_and_report_links_lead_to_the_record(site_dir: Path, site_port: int, atlas: Atlas, lang: str) -> None:
    repo, L = repository(f"http://127.0.0.1:{site_port}/"), Labels(lang)
    for q in samples(atlas):
        where = f"{PREFIX[lang]}topics/{q.topic}/{q.id}"
        paragraph = actions_by_question(page(site_dir, where)).get(q.id)
        assert paragraph is not None, f"{where}: no actions under {q.id}"
        links = {a.text.strip(): a.attrs["href"] for a in paragraph.find_all("a")}
        assert set(links) == {L["suggest_edit"], L["view_record"], L["report_problem"]}, links

        for action, label in (("edit", "suggest_edit"), ("blob", "view_record")):
            file, line = file_and_line(links[L[label]], action, repo)
            assert (file, line) == (q.file, q.line), (q.id, action)
            text = (ROOT / file).read_text(encoding="utf-8").splitlines()[line - 1]
            assert re.search(rf"\bid:\s*{re.escape(q.id)}\s*$", text), (file, line, text)

        report = links[L["report_problem"]]
        assert report.startswith(f"{repo.url}/issues/new?")
        params = query(report)
        assert params == {"template": "correction.yml", "title": f"[{q.id}] ", "question-id": q.id,
                          "language": lang, "page": repo.page_url(f"topics/{q.topic}/{q.id}.md", lang)}
        # The page parameter is the very page the link is on: the question's own.
        assert params["page"] == f"{repo.site_url}{where}/"
        fields = form_fields(params["template"])
        assert {k: fields.get(k) for k in params if k not in ("template", "title")} == {
            "question-id": "input", "language": "input", "page": "input"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_propose_a_question_opens_the_form_for_its_topic(site_dir: Path, atlas: Atlas, lang: str) -> None:
    L = Labels(lang)
    for topic in atlas.topics:
        doc = page(site_dir, f"{PREFIX[lang]}topics/{topic.id}")
        buttons = [a for a in doc.find("article").find_all("a") if "atlas-propose" in a.classes]  # not the mock round
        assert [b.text.strip() for b in buttons] == [L["propose_question"]]
        assert buttons[0].attrs["href"].startswith(f"{repository().url}/issues/new?")
        params = query(buttons[0].attrs["href"])
        assert params == {"template": "new-question.yml", "title": "New question: ", "topic": topic.id,
                          "language": lang}
        fields = form_fields("new-question.yml")
        assert fields["topic"] == "input" and fields["language"] == "input"


# -- the guide ----------------------------------------------------------------------------------------
def schema_field_names(schema: dict) -> set[str]:
    """Every property name at every depth, except the language keys of texts: an independent walk."""
    names: set[str] = set()
    props = schema.get("properties", {})
    if set(props) != set(LANGUAGES):
        for name, child in props.items():
            names.add(name)
            names |= schema_field_names(child)
    if isinstance(schema.get("items"), dict):
        names |= schema_field_names(schema["items"])
    return names


def section_after(doc: Node, anchor: str) -> list[Node]:
    """The nodes between the heading with id `anchor` and the next heading of the same level."""
    article = doc.find("article")
    out, inside, level = [], False, ""
    for node in article.children:
        if not isinstance(node, Node):
            continue
        if node.attrs.get("id") == anchor:
            inside, level = True, node.tag
            continue
        if inside and node.tag in ("h2", level):
            break
        if inside:
            out.append(node)
    assert inside, f"no heading #{anchor}"
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_field_reference_on_the_site_lists_every_schema_field(site_dir: Path, lang: str) -> None:
    doc = page(site_dir, f"{PREFIX[lang]}contributing")
    L = labels(lang)
    for kind in FILES:
        heading = doc.find("h3", id=f"fields-{kind}")
        assert heading is not None and heading.text.replace("¶", "").strip() == L[f"title_{kind}"]
        section = section_after(doc, f"fields-{kind}")
        tables = [t for n in section for t in ([n] if n.tag == "table" else n.find_all("table"))]
        assert len(tables) == 1, kind
        header = [th.text.strip() for th in tables[0].find_all("th")]
        assert header == [L["field"], L["type"], L["required"], L["description"]]
        paths = [tr.find_all("td")[0].text.strip() for tr in tables[0].find_all("tr") if tr.find_all("td")]
        listed = {re.split(r"[.\[\]]+", p.rstrip("[]"))[-1] for p in paths}
        assert schema_field_names(FILES[kind]) <= listed, (kind, schema_field_names(FILES[kind]) - listed)
    codes = [td.text.strip() for td in doc.find_all("td") if re.fullmatch(r"[EW]\d{3}", td.text.strip())]
    assert codes == list(CODES)


@pytest.mark.parametrize("lang", ["ru", "hi"])
def test_field_reference_headings_are_translated(site_dir: Path, lang: str) -> None:
    doc = page(site_dir, f"{PREFIX[lang]}contributing")
    english = {v for k, v in labels("en").items() if labels(lang)[k] != v}
    shown = {n.text.replace("¶", "").strip() for n in doc.find("article").find_all() if n.tag in ("h2", "h3", "th")}
    assert not shown & english, shown & english
    script = re.compile("[а-яё]", re.I) if lang == "ru" else re.compile("[\u0900-\u097f]")
    headings = [h.text for h in doc.find("article").find_all("h2")]
    assert all(script.search(h) for h in headings), headings


def test_field_reference_labels_are_complete() -> None:
    """The texts live in labels.yml, every file kind of the schema has a title, intro and path in every language."""
    raw = yaml.safe_load((ROOT / "hooks" / "atlas" / "core" / "labels.yml").read_text(encoding="utf-8"))
    own = {k: v for k, v in raw.items() if k.startswith(LABEL_PREFIX)}
    assert {f"{LABEL_PREFIX}{key}_{kind}" for kind in FILES for key in ("title", "about")} <= set(own)
    for lang in LANGUAGES:
        assert all(texts.get(lang) for texts in own.values()), lang
        assert set(labels(lang)) == {k.removeprefix(LABEL_PREFIX) for k in own}, lang
        text = field_reference(lang)
        assert all(f"{{ #fields-{k} }}" in text for k in FILES)
    assert set(kinds()) == set(FILES) and set(FILE_PATHS) >= set(FILES)
    with pytest.raises(ValueError, match="no labels for language 'de'"):
        labels("de")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_guide_has_the_same_sections_in_every_language(site_dir: Path, lang: str) -> None:
    doc = page(site_dir, f"{PREFIX[lang]}contributing")
    ids = [h.attrs.get("id") for h in doc.find("article").find_all("h2")]
    assert ids == list(GUIDE_SECTIONS)
    html = (site_dir / f"{PREFIX[lang]}contributing" / "index.html").read_text(encoding="utf-8")
    assert "atlas:field-reference" not in html  # the marker was expanded
    text = doc.find("article").text
    for command in ("scripts/new_question.py --topic", "scripts/check_arxiv.py --offline", "python -m atlas validate",
                    "mkdocs build --strict", "python -m pytest", "pre-commit install"):
        assert command in text, (lang, command)


def test_commands_and_files_the_guide_names_exist() -> None:
    text = "\n".join((ROOT / "docs" / f"contributing{'' if lang == 'en' else '.' + lang}.md").read_text("utf-8")
                     for lang in LANGUAGES) + (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    for path in sorted(set(re.findall(r"(?:scripts|hooks/atlas|\.github|\.vscode)/[\w./-]*\w", text))):
        if "<" not in path:
            assert (ROOT / path).exists(), path
    for path in (".pre-commit-config.yaml", ".vscode/settings.json"):
        assert path in text and (ROOT / path).exists()


def test_root_contributing_points_at_the_guide() -> None:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert "(docs/contributing.md)" in text and (ROOT / "docs" / "contributing.md").is_file()
    assert f"<{settings.published_site_url()}contributing/>" in text
    assert "contributing.md" in mkdocs_config()["nav"]


# -- the published schema and the loader agree ------------------------------------------------------------
VALID = Path(__file__).parent / "fixtures" / "valid"
LONG = {"en": "An answer long enough for the schema: it explains the mechanism, the formula and the trade-off.",
        "ru": "Ответ достаточной длины для схемы: он объясняет механизм, формулу и компромисс, о которых спрашивают.",
        "hi": "schema के लिए काफ़ी लंबा उत्तर: यह mechanism, formula और trade-off समझाता है, "
              "जिनके बारे में पूछा गया है।"}


def _base() -> dict:
    doc, problems = read_yaml(VALID / "questions" / "sample-topic.yml", "sample-topic.yml")
    assert doc is not None and not problems
    return doc.data


def _case(change) -> dict:
    data = copy.deepcopy(_base())
    change(data)
    return data


def _q(data: dict) -> dict:
    return data["questions"][0]


# (name, change to the valid file, expected verdict: True valid, False invalid, None only "both agree")
CORPUS = [
    ("as-is", lambda d: None, True),
    ("with-answer", lambda d: _q(d).update(answer=dict(LONG)), True),
    ("six-point-rubric", lambda d: _q(d).update(rubric=_q(d)["rubric"] * 2), True),
    ("no-optional-lists", lambda d: [_q(d).pop(k) for k in ("readings", "asked")], True),
    ("empty-asked", lambda d: _q(d).update(asked=[]), True),
    ("missing-text", lambda d: _q(d).pop("text"), False),
    ("missing-topic", lambda d: d.pop("topic"), False),
    ("unknown-field", lambda d: _q(d).update(level="hard"), False),
    ("no-difficulty", lambda d: _q(d).pop("difficulty"), False),
    ("tracks-as-text", lambda d: _q(d).update(tracks="research"), False),
    ("duplicate-track", lambda d: _q(d).update(tracks=["research", "research"]), False),
    ("no-hindi", lambda d: _q(d)["tests"].pop("hi"), False),
    ("extra-language", lambda d: _q(d)["tests"].update(de="Verständnis von Trust Regions."), False),
    ("short-text", lambda d: _q(d)["text"].update(en="Why clip?"), False),
    ("short-answer", lambda d: _q(d).update(answer={**LONG, "ru": "Коротко."}), False),
    ("two-point-rubric", lambda d: _q(d).update(rubric=_q(d)["rubric"][:2]), False),
    ("rubric-point-as-text", lambda d: _q(d)["rubric"].__setitem__(0, "Just a string point."), False),
    ("bad-id", lambda d: _q(d).update(id="Sample_Clipping"), False),
    ("bad-date", lambda d: _q(d).update(added="15.01.2026"), False),
    ("asked-without-source", lambda d: _q(d)["asked"][0].pop("source"), False),
    ("type-as-list", lambda d: _q(d).update(type=["knowledge"]), False),
    ("no-questions", lambda d: d.update(questions=[]), False),
    ("placeholder-left", lambda d: _q(d)["text"].update(ru="TODO: the same question, in Russian."), None),
]
class _NoAliases(yaml.SafeDumper):
    def ignore_aliases(self, data) -> bool:
        return True


SCHEMA_LEVEL = {"E010", "E011", "E012", "E013", "E014", "E015", "E016", "E017", "E018", "E019", "E020", "E047"}


@pytest.mark.parametrize("name,change,expected", CORPUS, ids=[c[0] for c in CORPUS])
def test_published_schema_and_loader_agree(tmp_path: Path, name: str, change, expected: bool | None) -> None:
    """What an editor accepts with hooks/atlas/schemas/ is what CI accepts, and the other way round."""
    data_dir = tmp_path / "data"
    shutil.copytree(VALID, data_dir, ignore=shutil.ignore_patterns("collections"))  # no cross-file cascades
    path = data_dir / "questions" / "sample-topic.yml"
    # Written as a contributor writes YAML: no anchors or aliases (the loader refuses them, E006).
    path.write_text(yaml.dump(_case(change), Dumper=_NoAliases, allow_unicode=True, sort_keys=False), encoding="utf-8")

    doc, problems = read_yaml(path, "sample-topic.yml")  # read as editors do: dates stay text
    assert doc is not None and not problems
    schema = json.loads((SCHEMA_DIR / "questions.schema.json").read_text(encoding="utf-8"))  # what editors load
    editor_ok = jsonschema.Draft202012Validator(schema).is_valid(doc.data)
    try:
        load_atlas(data_dir)
        loader_ok, codes = True, set()
    except AtlasError as error:
        loader_ok, codes = False, {p.code for p in error.problems}
    verdict = "accepts" if editor_ok else "rejects"
    assert editor_ok == loader_ok, f"{name}: the editor's schema {verdict}, the loader says {codes or 'ok'}"
    if expected is not None:
        assert loader_ok == expected, name
    assert codes <= SCHEMA_LEVEL, f"{name}: not a schema-level fault: {codes}"
