"""`python -m atlas` — the contributor's command line: validate data, render pages, write schemas."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from atlas.errors import AtlasError
from atlas.loader import load_atlas
from atlas.schema import write_schemas
from atlas.site import all_pages, handwritten_pages, write_pages
from atlas.settings import repository


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m atlas", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    v = sub.add_parser("validate", help="check every record in data/ and list all problems")
    v.add_argument("--data", default="data", type=Path)
    r = sub.add_parser("render", help="write every generated page as Markdown (for inspection or other generators)")
    r.add_argument("out", type=Path)
    r.add_argument("--data", default="data", type=Path)
    r.add_argument("--config", default="mkdocs.yml", type=Path)
    r.add_argument("--docs", type=Path, help="also write the hand-written pages of this folder, markers expanded")
    sub.add_parser("schema", help="write the JSON Schemas editors use to hooks/atlas/schemas/")
    args = parser.parse_args(argv)

    if args.command == "schema":
        for path in write_schemas():
            print(path)
        return 0
    try:
        atlas = load_atlas(args.data)
    except AtlasError as error:
        print(error.report(), file=sys.stderr)
        return 1
    if args.command == "validate":
        print(f"{args.data}: all valid — questions: {len(atlas.questions)}, topics: {len(atlas.topics)}, "
              f"readings: {len(atlas.readings)}, collections: {len(atlas.collections)}.")
        return 0
    repo = repository(args.config)
    pages = all_pages(atlas, repo)
    if args.docs:
        pages += handwritten_pages(args.docs, atlas, repo)
    write_pages(pages, args.out)
    print(f"wrote {len(pages)} pages to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
