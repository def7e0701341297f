"""AI Interview Atlas engine: YAML records -> validated model -> per-language pages.

The package knows nothing about MkDocs; `hooks/mkdocs_hooks.py` adapts it.
"""

from atlas.errors import AtlasError, Problem
from atlas.loader import load_atlas
from atlas.model import LANGUAGES, Atlas

__all__ = ["LANGUAGES", "Atlas", "AtlasError", "Problem", "load_atlas"]
