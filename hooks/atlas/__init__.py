"""AI Interview Atlas engine: YAML records -> validated model -> per-language pages.

The sub-packages are the stages of the flow, in the order imports may point (each imports only those before it):

    core       record types, schemas, error codes, labels, addresses     (imports nothing of atlas)
    safety     escaping, the allowlist sanitiser, the CSP                 (imports nothing of atlas)
    load       YAML -> every problem at once -> the validated model
    pages      per-language page models -> Markdown
    search     one search record per question -> Pagefind
    downloads  decks, exports, feeds and their page
    contrib    contributor tools (skeletons, field reference, arXiv checker)

`site` assembles every page of every language; `__main__` is the command line. The package knows nothing about
MkDocs; `hooks/mkdocs_hooks.py` adapts it. `tests/test_layout.py` holds the order.
"""

from atlas.core.errors import AtlasError, Problem
from atlas.core.model import LANGUAGES, Atlas
from atlas.load.loader import load_atlas

__all__ = ["LANGUAGES", "Atlas", "AtlasError", "Problem", "load_atlas"]
