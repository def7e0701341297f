"""Beside the pages — search: one record per question and glossary term, indexed with Pagefind.

Owns: `records` (what is indexed, with Hindi spellings of Latin terms from `search_aliases.yml`), `plaintext`
(Markdown to indexable text), `pagefind` (the Pagefind indexing service, run while MkDocs renders).
May import: `atlas.core`, `atlas.safety`, `atlas.load`, `atlas.pages`.
"""
