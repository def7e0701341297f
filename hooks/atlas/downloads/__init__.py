"""Beside the pages — what readers take away: the Downloads page, Anki decks, JSON/CSV exports, Atom feeds.

Owns: `page` (the Downloads page and the files it links), `anki`, `exports` (+ `export.schema.json`), `feeds`,
`markdown_html` (record Markdown to sanitised HTML for decks and feeds).
May import: `atlas.core`, `atlas.safety`, `atlas.load`, `atlas.pages`.
"""
