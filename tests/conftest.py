"""Shared fixtures: the real site, built once per test session from the real data."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MKDOCS = [sys.executable, "-m", "mkdocs"]


def build_site(dest: Path, config: Path = ROOT / "mkdocs.yml", cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run the real strict build, as a contributor would."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    return subprocess.run([*MKDOCS, "build", "--strict", "-q", "-f", str(config), "-d", str(dest)],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("site")
    result = build_site(dest)
    assert result.returncode == 0, result.stdout + result.stderr
    return dest


@pytest.fixture(scope="session")
def atlas():
    from atlas import load_atlas
    return load_atlas(ROOT / "data")
