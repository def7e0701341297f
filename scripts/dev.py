#!/usr/bin/env python3
"""One entry point for a fresh machine with only Python 3.11+.

    python3 scripts/dev.py serve   # set up .venv and serve the site on http://127.0.0.1:8000
    python3 scripts/dev.py test    # set up .venv, Chromium and Node.js (where apt-get can), Lighthouse; run every test

Standard library only, so it runs before anything is installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

MINIMUM = (3, 11)  # pyproject.toml's requires-python; tests/test_setup.py resolves every pin for it
ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
PY = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
BROWSER_PACKAGES = ["chromium", "chromium-driver"]
NODE_PACKAGES = ["nodejs", "npm"]  # for Lighthouse and axe-core (package.json, package-lock.json)


def ensure_python() -> None:
    """Run on a Python the pins install on: this one, or a newer python3.X from PATH; else say what is needed."""
    if sys.version_info[:2] >= MINIMUM:
        return
    for minor in range(20, MINIMUM[1] - 1, -1):
        candidate = shutil.which(f"python3.{minor}")
        if candidate and subprocess.run([candidate, "-c", f"import sys; sys.exit(sys.version_info[:2] < {MINIMUM})"]
                                        ).returncode == 0:
            print(f"+ Python {sys.version.split()[0]} is too old; using {candidate}", flush=True)
            os.execv(candidate, [candidate, __file__, *sys.argv[1:]])
    sys.exit(f"Python {MINIMUM[0]}.{MINIMUM[1]} or newer is needed (this is {sys.version.split()[0]}); "
             f"install it and run: python3.{MINIMUM[1]} scripts/dev.py {' '.join(sys.argv[1:])}".rstrip())


def ensure_venv_module() -> None:
    """Debian and Ubuntu ship venv's pip apart (python3-venv): say so in one line instead of a traceback."""
    try:
        import ensurepip  # noqa: F401 - only its presence matters
    except ImportError:
        sys.exit("Python's venv cannot install pip here: install the python3-venv package "
                 "(sudo apt-get install python3-venv), then run this again.")


def run(*cmd: str | Path, **kw) -> None:
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run(list(map(str, cmd)), check=True, cwd=ROOT, **kw)


def setup(requirements: str) -> None:
    """Create .venv and install pinned requirements plus the atlas package (editable), once per change."""
    if not PY.exists():
        ensure_venv_module()
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f".installed-{requirements}"
    wanted = "".join((ROOT / f).read_text() for f in ("requirements.txt", requirements, "pyproject.toml"))
    if stamp.exists() and stamp.read_text() == wanted:
        return
    run(PY, "-m", "pip", "install", "--disable-pip-version-check", "-q", "-r", requirements)
    run(PY, "-m", "pip", "install", "--disable-pip-version-check", "-q", "--no-deps", "-e", ".")
    stamp.write_text(wanted)


def ensure_system_packages() -> None:
    """Browser tests need Debian's chromium and chromium-driver, audits need Node.js: install them where we can."""
    missing = [pkg for pkg, cmd in (("chromium", "chromium"), ("chromium-driver", "chromedriver"),
                                     ("nodejs", "node"), ("npm", "npm")) if not shutil.which(cmd)]
    if not missing:
        return
    if shutil.which("apt-get") and os.geteuid() == 0:
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        run("apt-get", "update", "-qq", env=env)
        run("apt-get", "install", "-y", "-qq", *missing, env=env)
        return
    sys.exit(f"The browser tests and audits need {', '.join(missing)}: install them (Debian packages "
             f"{' '.join(BROWSER_PACKAGES + NODE_PACKAGES)}), then run this again.")


def ensure_node_modules() -> None:
    """Lighthouse and axe-core at the versions package-lock.json pins."""
    lock = ROOT / "package-lock.json"
    stamp = ROOT / "node_modules" / ".installed-lock"
    if stamp.exists() and stamp.read_text() == lock.read_text():
        return
    run("npm", "ci", "--no-audit", "--no-fund")
    stamp.write_text(lock.read_text())


def main() -> None:
    ensure_python()
    command = sys.argv[1] if len(sys.argv) > 1 else "help"
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    if command == "serve":
        setup("requirements.txt")
        # Build for the address we serve on, so absolute links (hreflang, sitemaps) stay local.
        os.environ.setdefault("ATLAS_SITE_URL", "http://127.0.0.1:8000/")
        run(PY, "-m", "mkdocs", "serve", "-a", "127.0.0.1:8000", *sys.argv[2:])
    elif command == "test":
        setup("requirements-dev.txt")
        ensure_system_packages()
        ensure_node_modules()
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
