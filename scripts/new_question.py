#!/usr/bin/env python3
"""Add a question to the atlas: append a complete record skeleton to its topic file.

    python scripts/new_question.py --topic rl-algorithms --id grpo-group-size [--data data]

The record has every field in all three languages, with `TODO: …` placeholders that fail validation
until replaced; the existing file is left byte for byte as it was. The work is done by `atlas.contrib.scaffold`.
Exit status: 0 appended; 1 refused (unknown topic, id in use, malformed id, file that cannot take it).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from atlas.contrib.scaffold import ScaffoldError, instructions, scaffold_question


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--topic", required=True, help="topic id from data/topics.yml, e.g. rl-algorithms")
    parser.add_argument("--id", required=True, dest="qid", help="new question id: lowercase words and hyphens")
    parser.add_argument("--data", type=Path, default=Path("data"), help="data directory (default: data/)")
    args = parser.parse_args(argv)
    try:
        result = scaffold_question(args.data, args.topic, args.qid)
    except ScaffoldError as refusal:
        print(f"new_question: {refusal}.", file=sys.stderr)
        return 1
    print(instructions(result, args.qid))
    return 0


if __name__ == "__main__":
    sys.exit(main())
