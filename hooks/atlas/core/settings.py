"""The project's settings from mkdocs.yml, read without MkDocs (for the CLI, scripts and tests)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Mapping

import yaml

from atlas.core.urls import Repository

MKDOCS_YML = Path(__file__).resolve().parents[3] / "mkdocs.yml"


class _Loader(yaml.SafeLoader):
    """Understands the two tags mkdocs.yml uses: !ENV [NAME, default] and !!python/name:…"""

    environ: Mapping[str, str] = os.environ


def _env(loader: _Loader, node: yaml.Node) -> Any:
    name, *default = loader.construct_sequence(node)
    return loader.environ.get(name, default[0] if default else None)


_Loader.add_constructor("!ENV", _env)
_Loader.add_multi_constructor("tag:yaml.org,2002:python/name:", lambda loader, suffix, node: suffix)


def mkdocs_config(path: Path = MKDOCS_YML, environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    loader_class = type("Loader", (_Loader,), {"environ": os.environ if environ is None else environ})
    return yaml.load(path.read_text(encoding="utf-8"), Loader=loader_class)


def repository(path: Path = MKDOCS_YML, environ: Mapping[str, str] | None = None) -> Repository:
    """The one repository setting (`extra.atlas`) and the site's address."""
    config = mkdocs_config(path, environ)
    atlas = config.get("extra", {}).get("atlas", {})
    return Repository(atlas["repository"].rstrip("/"), atlas.get("branch", "main"), config.get("site_url") or "")


def published_site_url(path: Path = MKDOCS_YML) -> str:
    """Where the site is published: site_url without the ATLAS_SITE_URL override of local builds."""
    return mkdocs_config(path, environ={})["site_url"]


def standalone_config(data_dir: Path, docs_dir: Path | None = None, hooks: bool = True,
                      path: Path = MKDOCS_YML) -> str:
    """mkdocs.yml rewritten to build elsewhere: every path absolute, another data/ (and docs/).

    For the tests of broken data and the build benchmark. Without hooks it is the plain-Markdown
    build: same theme, plugins and extensions, and MkDocs' own navigation (without the questions' pages).
    """
    root = path.parent
    text = path.read_text(encoding="utf-8")
    text = text.replace("docs_dir: docs", f"docs_dir: {docs_dir or root / 'docs'}")
    text = text.replace("custom_dir: hooks/overrides", f"custom_dir: {root / 'hooks' / 'overrides'}")
    text = text.replace("    data: data", f"    data: {data_dir}")
    text = text.replace("watch:\n  - data\n  - hooks\n", "")
    if hooks:
        return text.replace("  - hooks/mkdocs_hooks.py", f"  - {root / 'hooks' / 'mkdocs_hooks.py'}")
    text = text.replace("hooks:\n  - hooks/mkdocs_hooks.py\n", "")
    head, tail = text.split("\nnav:\n")
    # Questions' own pages stay out of the navigation, as the hooks keep them (a navigation of every question
    # would make each page's template several times the work).
    return head + "\nnot_in_nav: |\n  /topics/*/*.md\n" + tail.split("\n\n", 1)[1]
