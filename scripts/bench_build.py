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

from atlas.core.settings import standalone_config
from devtools.synthetic import synthetic_data

ROOT = Path(__file__).resolve().parents[1]


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
