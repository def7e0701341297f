#!/usr/bin/env python3
"""One entry point for a fresh machine with only Python 3.11+.

    python3 scripts/dev.py serve   # set up .venv and serve the site on http://127.0.0.1:8000
    python3 scripts/dev.py test    # set up .venv (and Chromium where apt-get can install it), run every test

Standard library only, so it runs before anything is installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
PY = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
BROWSER_PACKAGES = ["chromium", "chromium-driver"]


def run(*cmd: str | Path, **kw) -> None:
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run(list(map(str, cmd)), check=True, cwd=ROOT, **kw)


def setup(requirements: str) -> None:
    """Create .venv and install pinned requirements plus the atlas package (editable), once per change."""
    if not PY.exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f".installed-{requirements}"
    wanted = "".join((ROOT / f).read_text() for f in ("requirements.txt", requirements, "pyproject.toml"))
    if stamp.exists() and stamp.read_text() == wanted:
        return
    run(PY, "-m", "pip", "install", "--disable-pip-version-check", "-q", "-r", requirements)
    run(PY, "-m", "pip", "install", "--disable-pip-version-check", "-q", "--no-deps", "-e", ".")
    stamp.write_text(wanted)


def ensure_browser() -> None:
    """Browser tests need Debian's chromium and chromium-driver; install them where we can."""
    if shutil.which("chromium") and shutil.which("chromedriver"):
        return
    if shutil.which("apt-get") and os.geteuid() == 0:
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        run("apt-get", "update", "-qq", env=env)
        run("apt-get", "install", "-y", "-qq", *BROWSER_PACKAGES, env=env)
        return
    sys.exit("The browser tests need Chromium and ChromeDriver: install Debian's "
             f"{' and '.join(BROWSER_PACKAGES)} (or your system's equivalents), then run this again.")


def main() -> None:
    command = sys.argv[1] if len(sys.argv) > 1 else "help"
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    if command == "serve":
        setup("requirements.txt")
        run(PY, "-m", "mkdocs", "serve", "-a", "127.0.0.1:8000", *sys.argv[2:])
    elif command == "test":
        setup("requirements-dev.txt")
        ensure_browser()
        run(PY, "-m", "pytest", *sys.argv[2:])
    else:
        print(__doc__)
        sys.exit(0 if command == "help" else 2)


if __name__ == "__main__":
    try:
        main()
    except subprocess.CalledProcessError as error:
        sys.exit(error.returncode)
    except KeyboardInterrupt:
        sys.exit(130)
