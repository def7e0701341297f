"""Repository plumbing a contributor meets: workflows, issue forms, PR template, pre-commit, editor settings.

A broken workflow or form fails here, not on GitHub after merging. GitHub's own schemas come vendored
in check-jsonschema (no network).
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from atlas.core.settings import published_site_url

import pytest
import yaml

from atlas import load_atlas
from atlas.core.schema import FILES
from atlas.core.urls import Repository
from atlas.pages.builder import Builder
from conftest import ROOT

GITHUB = ROOT / ".github"
WORKFLOWS = sorted((GITHUB / "workflows").glob("*.yml"))
FORMS = sorted(p for p in (GITHUB / "ISSUE_TEMPLATE").glob("*.yml") if p.name != "config.yml")
FIELD_TYPES = {"markdown", "input", "textarea", "dropdown", "checkboxes"}
PREFILLABLE = {"input", "textarea"}  # GitHub shows a blank issue when a URL prefills a dropdown


def load(path: Path) -> dict:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)  # `on:` stays a string key


def check_jsonschema(schema: str, *paths: Path) -> subprocess.CompletedProcess[str]:
    if shutil.which("check-jsonschema", path=os.pathsep.join([str(Path(sys.executable).parent),
                                                              os.environ.get("PATH", "")])) is None:
        pytest.fail("check-jsonschema is missing: install requirements-dev.txt (it pins check-jsonschema)")
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", schema,
                           *map(str, paths)], capture_output=True, text=True, timeout=120)


# -- GitHub's schemas -------------------------------------------------------------------------------
def test_workflows_match_githubs_schema() -> None:
    assert {p.name for p in WORKFLOWS} >= {"pr.yml", "deploy.yml"}
    done = check_jsonschema("vendor.github-workflows", *WORKFLOWS)
    assert done.returncode == 0, done.stdout + done.stderr


def test_issue_forms_and_chooser_match_githubs_schema() -> None:
    assert {p.name for p in FORMS} == {"new-question.yml", "correction.yml", "broken-reading.yml", "translation.yml"}
    done = check_jsonschema("vendor.github-issue-forms", *FORMS)
    assert done.returncode == 0, done.stdout + done.stderr
    done = check_jsonschema("vendor.github-issue-config", GITHUB / "ISSUE_TEMPLATE" / "config.yml")
    assert done.returncode == 0, done.stdout + done.stderr



# -- issue forms ------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", FORMS, ids=[p.name for p in FORMS])
def test_issue_form_structure(path: Path) -> None:
    form = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert {"name", "description", "body"} <= set(form), path.name
    assert isinstance(form["body"], list) and form["body"]
    ids, labels = [], []
    for item in form["body"]:
        assert item["type"] in FIELD_TYPES, item
        if item["type"] == "markdown":
            assert item["attributes"]["value"].strip()
            continue
        assert re.fullmatch(r"[A-Za-z0-9_-]+", item.get("id", "")), item
        ids.append(item["id"])
        labels.append(item["attributes"]["label"])
        if item["type"] in ("dropdown", "checkboxes"):
            options = item["attributes"]["options"]
            names = [o["label"] if isinstance(o, dict) else o for o in options]
            assert names and len(names) == len(set(names)), item["id"]
    assert len(ids) == len(set(ids)), f"{path.name}: duplicate ids {ids}"
    assert len(labels) == len(set(labels)), f"{path.name}: duplicate labels {labels}"
    assert any(i.get("validations", {}).get("required") for i in form["body"]), "nothing required"


def _fields(template: str) -> dict[str, str]:
    form = yaml.safe_load((GITHUB / "ISSUE_TEMPLATE" / template).read_text(encoding="utf-8"))
    return {item["id"]: item["type"] for item in form["body"] if "id" in item}


@pytest.mark.parametrize("lang", ["en", "ru", "hi"])
def test_prefill_parameters_of_the_views_are_fields_of_the_forms(lang: str) -> None:
    """The links views.py builds name a form that exists and fill only fields that accept a prefill."""
    atlas = load_atlas(Path(__file__).parent / "fixtures" / "valid")
    builder = Builder(atlas, lang, Repository("https://github.com/o/r", "main", "https://o.github.io/r/"))
    urls = [builder.question(q).report_url for q in atlas.questions]
    urls += [builder.topic_page(t).propose_url for t in atlas.topics]
    for url in urls:
        params = {k: v[0] for k, v in parse_qs(urlparse(url).query, keep_blank_values=True).items()}
        fields = _fields(params.pop("template"))
        params.pop("title")
        assert params, url
        for key in params:
            assert fields.get(key) in PREFILLABLE, f"{url}: `{key}` is {fields.get(key) or 'not a field'}"
        assert params["language"] == lang


def test_shared_fields_keep_the_same_ids_in_every_form() -> None:
    """A maintainer's search or automation can rely on `question-id`, `language` and `page`."""
    for path in FORMS:
        fields = _fields(path.name)
        assert fields.get("language") == "input", path.name
        if path.name != "new-question.yml":
            assert fields.get("question-id") == "input" and fields.get("page") == "input", path.name


def test_chooser_links_to_the_published_guide() -> None:
    config = yaml.safe_load((GITHUB / "ISSUE_TEMPLATE" / "config.yml").read_text(encoding="utf-8"))
    site = published_site_url()
    assert config["blank_issues_enabled"] is False
    assert [link["url"] for link in config["contact_links"]] == [f"{site}contributing/"]


# -- workflows do what the guide says -------------------------------------------------------------------
def _steps(workflow: dict) -> list[dict]:
    return [s for job in workflow["jobs"].values() for s in job.get("steps", [])]


def _runs(workflow: dict) -> str:
    return "\n".join(s.get("run", "") for s in _steps(workflow))


def test_pull_request_workflow_validates_tests_and_builds() -> None:
    wf = load(GITHUB / "workflows" / "pr.yml")
    assert "pull_request" in wf["on"]
    runs = _runs(wf)
    for command in ("pip install -r requirements-dev.txt", "pip install --no-deps -e .", "python -m atlas validate",
                    "python -m pytest", "mkdocs build --strict"):
        assert command in runs, command
    assert wf["permissions"] == {"contents": "read"}


def test_deploy_workflow_publishes_main_to_pages() -> None:
    wf = load(GITHUB / "workflows" / "deploy.yml")
    assert wf["on"]["push"]["branches"] == ["main"]
    assert wf["permissions"]["pages"] == "write" and wf["permissions"]["id-token"] == "write"
    uses = [s.get("uses", "").split("@")[0] for s in _steps(wf)]
    assert "actions/upload-pages-artifact" in uses and "actions/deploy-pages" in uses
    build = wf["jobs"]["build"]
    upload = next(s for s in build["steps"] if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert f"--site-dir {upload['with']['path']}" in _runs({"jobs": {"build": build}})
    assert "mkdocs build --strict" in _runs(wf) and "python -m atlas validate" in _runs(wf)
    assert wf["jobs"]["deploy"]["needs"] == "build"
    assert wf["jobs"]["deploy"]["environment"]["name"] == "github-pages"


def test_every_action_is_pinned_to_a_version() -> None:
    for path in WORKFLOWS:
        for step in _steps(load(path)):
            if "uses" in step:
                assert re.fullmatch(r"[\w.-]+/[\w./-]+@(v\d+(\.\d+)*|[0-9a-f]{40})", step["uses"]), (path.name, step)


# -- pull request template, pre-commit, editor --------------------------------------------------------
def test_pull_request_template_has_a_checklist() -> None:
    text = (GITHUB / "PULL_REQUEST_TEMPLATE.md").read_text(encoding="utf-8")
    items = re.findall(r"^- \[ \] ", text, re.M)
    assert len(items) >= 6
    for must in ("`en`, `ru` and `hi`", "TODO", "arXiv", "asked", "python -m atlas validate", "mkdocs build --strict"):
        assert must in text, must


def test_pre_commit_runs_validation_and_the_strict_build_locally() -> None:
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    assert [r["repo"] for r in config["repos"]] == ["local"]  # nothing to download
    hooks = {h["id"]: h for h in config["repos"][0]["hooks"]}
    entries = [h["entry"] for h in hooks.values()]
    assert "python -m atlas validate" in entries
    assert any(e.startswith("mkdocs build --strict") for e in entries)
    for hook in hooks.values():
        assert hook["language"] == "system" and hook["pass_filenames"] is False and hook["name"]
        assert re.compile(hook["files"]).search("data/questions/x.yml")


def _kind_of(rel: str) -> str:
    """The schema kind a data file must follow, from its place in data/."""
    parts = rel.split("/")
    return parts[1] if len(parts) == 3 else parts[1].removesuffix(".yml")


def test_editor_settings_map_every_data_file_to_its_schema() -> None:
    settings = json.loads((ROOT / ".vscode" / "settings.json").read_text(encoding="utf-8"))
    mapping = settings["yaml.schemas"]
    assert {Path(s).name for s in mapping} == {f"{kind}.schema.json" for kind in FILES}
    for schema, globs in mapping.items():
        assert (ROOT / schema).is_file(), schema
    # data/translations.lock.yml is written by `python -m atlas translations`, never by hand: no schema.
    files = [p.relative_to(ROOT).as_posix() for p in (ROOT / "data").rglob("*.yml") if not p.name.endswith(".lock.yml")]
    files += [f"data/{kind}/example.yml" for kind in ("questions", "readings", "collections")]
    for rel in files:
        matched = [Path(s).name for s, globs in mapping.items() if any(fnmatch.fnmatch(rel, g) for g in globs)]
        assert matched == [f"{_kind_of(rel)}.schema.json"], (rel, matched)


def test_modelines_point_at_the_matching_schema() -> None:
    """Files that carry a yaml-language-server modeline name their own kind's schema, by a path that exists."""
    for path in sorted((ROOT / "data").rglob("*.yml")):
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        m = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
        if not m:
            continue
        target = (path.parent / m.group(1)).resolve()
        rel = path.relative_to(ROOT).as_posix()
        assert target == ROOT / "hooks" / "atlas" / "schemas" / f"{_kind_of(rel)}.schema.json", rel
        assert target.is_file()


def test_links_to_the_site_in_forms_follow_site_url() -> None:
    """Forms and the chooser hard-code the guide's address; it must move with mkdocs.yml's site_url."""
    site = published_site_url()
    host = urlparse(site).netloc
    for path in [*FORMS, GITHUB / "ISSUE_TEMPLATE" / "config.yml", ROOT / "CONTRIBUTING.md"]:
        for url in re.findall(r"https?://[^\s)>\"']+", path.read_text(encoding="utf-8")):
            if urlparse(url).netloc == host:
                assert url.startswith(site), (path.name, url)
