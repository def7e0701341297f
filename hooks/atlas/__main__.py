"""`python -m atlas` — the contributor's command line: validate data, render pages, write schemas."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from atlas.core.errors import AtlasError
from atlas.core.schema import write_schemas
from atlas.core.settings import repository
from atlas.load.loader import load_atlas
from atlas.load.similar import near_duplicates
from atlas.site import all_pages, handwritten_pages, write_pages


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
    t = sub.add_parser("translations", help="list stale translations; --init or --mark-current update the lock",
                       description="Without options: list the ru/hi texts whose English changed since they were "
                                   "last marked current. The lock is data/translations.lock.yml.")
    t.add_argument("--data", default="data", type=Path)
    mode = t.add_mutually_exclusive_group()
    mode.add_argument("--init", action="store_true",
                      help="add texts the lock does not know (new records) as current; drop entries of deleted texts")
    mode.add_argument("--mark-current", action="store_true",
                      help="record that translations match their English as it is now (after updating them)")
    t.add_argument("--record", action="append", metavar="ID", help="only this record (repeatable)")
    t.add_argument("--lang", action="append", choices=["ru", "hi"], help="only this language (repeatable)")
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
        warnings = [*atlas.warnings, *near_duplicates(atlas.questions)]  # W003: here, not in every build
        for warning in warnings:
            print(f"{warning} (warning)")
        print(f"{args.data}: all valid — questions: {len(atlas.questions)}, topics: {len(atlas.topics)}, "
              f"readings: {len(atlas.readings)}, collections: {len(atlas.collections)}, "
              f"glossary terms: {len(atlas.glossary.terms)}"
              + (f"; {len(warnings)} warning(s) above." if warnings else "."))
        return 0
    if args.command == "translations":
        return _translations(atlas, args)
    repo = repository(args.config)
    pages = all_pages(atlas, repo)
    if args.docs:
        pages += handwritten_pages(args.docs, atlas, repo)
    write_pages(pages, args.out)
    print(f"wrote {len(pages)} pages to {args.out}")
    return 0


def _translations(atlas, args: argparse.Namespace) -> int:
    """The translations lock: status, --init, --mark-current (see atlas/load/translations.py)."""
    from atlas.load import translations as tr

    entries, problems = tr.read_lock(args.data)
    if problems and not args.init:
        print("\n".join(map(str, problems)), file=sys.stderr)
        return 1
    if args.record:
        unknown = set(args.record) - {f.record for f in atlas.text_fields}
        if unknown:
            print(f"no record with id: {', '.join(sorted(unknown))}", file=sys.stderr)
            return 1
    if args.init:
        new, added, dropped = tr.init(atlas.text_fields, entries)
        path = tr.write_lock(args.data, new)
        print(f"{path}: {added} translation(s) added as current, {dropped} entr(ies) of deleted texts dropped.")
        return 0
    if args.mark_current:
        new, changed = tr.mark_current(atlas.text_fields, entries, set(args.record or []) or None,
                                       set(args.lang or []) or None)
        path = tr.write_lock(args.data, new)
        print(f"{path}: {changed} translation(s) marked current.")
        return 0
    for warning in atlas.warnings:
        if warning.code.startswith("W"):
            print(warning)
    print(f"{len(atlas.stale)} stale translation(s).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
