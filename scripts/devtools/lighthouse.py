"""Lighthouse (from node_modules, pinned in package.json) and axe-core, in Debian's Chromium.
Used by scripts/audit.py (which prints the table) and by tests/test_audit.py (which holds the budgets).
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from devtools.browser import CHROMEDRIVER, CHROMIUM, CHROMIUM_FLAGS

ROOT = Path(__file__).resolve().parents[2]
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

def require_tools(lighthouse: bool = True) -> None:
    missing = [str(p) for p in (Path(CHROMIUM), Path(CHROMEDRIVER)) if not p.exists()]
    if lighthouse:
        missing += [str(p) for p in (LIGHTHOUSE, AXE) if not p.exists()]
    if missing:
        raise RuntimeError("audit tools missing: " + ", ".join(missing)
                           + " (install Debian's chromium and chromium-driver, and run `npm ci`)")


@dataclass
class LighthouseResult:
    url: str
    scores: dict[str, float]
    bytes_by_type: dict[str, int] = field(default_factory=dict)
    requests_by_type: dict[str, int] = field(default_factory=dict)
    third_party_requests: int = 0
    failed_audits: list[str] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)


def lighthouse(url: str, categories: tuple[str, ...] = ("performance", "accessibility", "best-practices", "seo"),
               timeout: int = 180) -> LighthouseResult:
    """One Lighthouse run with its mobile preset (throttled), in Debian's Chromium."""
    require_tools()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        env = dict(os.environ, CHROME_PATH=CHROMIUM)
        cmd = [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
               f"--only-categories={','.join(categories)}", f"--chrome-flags={' '.join(CHROMIUM_FLAGS)}",
               "--only-audits=resource-summary,network-requests",  # the byte counts, with any categories
               "--max-wait-for-load=60000"]
        subprocess.run(cmd, env=env, check=True, timeout=timeout, capture_output=True)
        report = json.loads(out.read_text(encoding="utf-8"))
    audits = report["audits"]
    summary = {item["resourceType"]: item for item in audits["resource-summary"]["details"]["items"]}
    failed = [key for key, a in audits.items()
              if a.get("score") is not None and a["score"] < 1 and a.get("scoreDisplayMode") in ("binary", "numeric")
              and any(key in [r["id"] for r in c["auditRefs"] if r.get("weight", 0) > 0]
                      for name, c in report["categories"].items() if name != "performance")]
    return LighthouseResult(
        url=url,
        scores={name: round(c["score"] * 100) for name, c in report["categories"].items()},
        bytes_by_type={k: v["transferSize"] for k, v in summary.items()},
        requests_by_type={k: v["requestCount"] for k, v in summary.items()},
        third_party_requests=summary.get("third-party", {}).get("requestCount", 0),
        failed_audits=failed,
        urls=[item["url"] for item in audits["network-requests"]["details"]["items"]],
    )


def axe_violations(driver: Any, url: str, impacts: tuple[str, ...] = ("serious", "critical")) -> list[dict]:
    """axe-core's violations of the given impacts on a page, after it has loaded."""
    driver.get(url)
    return axe_violations_here(driver, impacts)


def axe_violations_here(driver: Any, impacts: tuple[str, ...] = ("serious", "critical")) -> list[dict]:
    """axe-core's violations on the page as the driver has it now (after clicks: opened answers, dialogs)."""
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    # The glossary is a long page: axe takes well over Selenium's default 30 s on a loaded 2-core machine.
    driver.set_script_timeout(300)
    # Colours are read once every transition has ended: a button just clicked fades to its focused colours in
    # 125 ms (Material), and axe reading the halfway colour failed a contrast check at random on a loaded machine.
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "const finite = document.getAnimations().filter(a => a.effect && a.effect.getComputedTiming().endTime !== Infinity);"
        "Promise.race([Promise.allSettled(finite.map(a => a.finished)), new Promise(r => setTimeout(r, 5000))])"
        ".then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))))"
        ".then(() => axe.run(document, {resultTypes: ['violations']}))"
        ".then(r => done(r.violations), e => done([{id: 'axe-error', impact: 'critical', help: String(e)}]));")
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [n.get("target") for n in v.get("nodes", [])][:5]}
            for v in result if v.get("impact") in impacts]
