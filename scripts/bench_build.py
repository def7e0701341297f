#!/usr/bin/env python3
"""Benchmark: build time with the atlas hooks vs. the same pages as plain Markdown (no hooks).

For synthetic atlases of 100, 300 and 1,000 questions in three languages it prints the median of
--runs builds each way and the hooks' overhead. A benchmark, not a test: it prints numbers.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from atlas.settings import standalone_config

ROOT = Path(__file__).resolve().parents[1]
TRACKS = ["research", "infrastructure", "engineering"]


def _question(i: int) -> list[str]:
    tracks = TRACKS[i % 3] if i % 4 else f"{TRACKS[i % 3]}, {TRACKS[(i + 1) % 3]}"
    lines = [
        f"  - id: q-{i}", f"    tracks: [{tracks}]", "    type: knowledge", "    added: 2026-01-01",
        f"    text: {{en: 'How does mechanism {i} trade memory for speed in training?', "
        f"ru: 'Как механизм {i} обменивает память на скорость при обучении?', "
        f"hi: 'मैकेनिज़्म {i} ट्रेनिंग में मेमोरी और गति के बीच कैसे संतुलन बनाता है?'}}",
        f"    tests: {{en: Understanding of item {i}., ru: Понимание пункта {i}., hi: बिंदु {i} की समझ।}}",
        "    rubric:",
        *[f"      - {{en: 'Point {k} with $x_{k}^2$ math.', ru: 'Пункт {k} с формулой $x_{k}^2$.', "
          f"hi: 'बिंदु {k}, सूत्र $x_{k}^2$ के साथ।'}}" for k in range(4)],
        "    readings: [ppo]",
    ]
    if i % 3 == 0:
        lines.append("    answer:")
        for lang in ("en", "ru", "hi"):
            lines += [f"      {lang}: |", "        " + f"Answer paragraph for question {i}. " * 20, "",
                      "        $$", "        L = \\min(r A, \\mathrm{clip}(r) A)", "        $$"]
    return lines


def synthetic_data(n: int, dest: Path, topics: int = 10) -> Path:
    """A valid data/ with n questions over `topics` topics, every field in every language."""
    data = dest / "data"
    for sub in ("questions", "readings", "collections"):
        (data / sub).mkdir(parents=True)
    for name in ("tracks", "types", "evidence", "companies", "sources"):
        shutil.copy(ROOT / "data" / f"{name}.yml", data / f"{name}.yml")
    (data / "topics.yml").write_text("".join(
        f"- id: topic-{t}\n  order: {t}\n  name: {{en: Topic {t}, ru: Тема {t}, hi: विषय {t}}}\n"
        f"  summary: {{en: Synthetic topic number {t}., ru: Синтетическая тема номер {t}., hi: कृत्रिम विषय संख्या {t}।}}\n"
        for t in range(topics)), encoding="utf-8")
    (data / "readings" / "bench.yml").write_text(
        '- id: ppo\n  arxiv: "1707.06347"\n  title: Proximal Policy Optimization Algorithms\n'
        "  authors: [John Schulman]\n  year: 2017\n", encoding="utf-8")
    for t in range(topics):
        lines = [f"topic: topic-{t}", "questions:"]
        for i in range(t, n, topics):
            lines += _question(i)
        (data / "questions" / f"topic-{t}.yml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return data


def build(config: Path) -> float:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(config.parent / "site")],
                   check=True, env=env, cwd=config.parent)
    return time.perf_counter() - start


def measure(n: int, runs: int) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        data = synthetic_data(n, tmp_path)
        hooked, plain, plain_docs = tmp_path / "hooked", tmp_path / "plain", tmp_path / "plain-docs"
        hooked.mkdir()
        plain.mkdir()
        (hooked / "mkdocs.yml").write_text(standalone_config(data), encoding="utf-8")
        shutil.copytree(ROOT / "docs", plain_docs)
        subprocess.run([sys.executable, "-m", "atlas", "render", str(plain_docs), "--data", str(data),
                        "--docs", str(ROOT / "docs")], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        (plain / "mkdocs.yml").write_text(standalone_config(data, plain_docs, hooks=False), encoding="utf-8")
        times_hooked, times_plain = [], []
        for _ in range(runs):  # interleave, so drift on a shared machine hits both sides alike
            times_hooked.append(build(hooked / "mkdocs.yml"))
            times_plain.append(build(plain / "mkdocs.yml"))
        return statistics.median(times_hooked), statistics.median(times_plain)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 300, 1000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"{'questions':>9} | {'with hooks (s)':>14} | {'plain Markdown (s)':>18} | {'overhead':>8} | {'ms per question':>15}")
    print(f"{'-' * 9}-|-{'-' * 14}-|-{'-' * 18}-|-{'-' * 8}-|-{'-' * 15}")
    for n in args.sizes:
        hooked, plain = measure(n, args.runs)
        print(f"{n:>9} | {hooked:>14.2f} | {plain:>18.2f} | {100 * (hooked - plain) / plain:>7.1f}% | "
              f"{1000 * hooked / n:>15.1f}", flush=True)


if __name__ == "__main__":
    main()
