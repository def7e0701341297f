"""Stage 2 — records to per-language pages: page models (`views`), then Markdown (`render`).

Owns: `views` (per-language page models: topics, companies, glossary, lists), `render` (Markdown from them),
`explorer` (the question explorer page and its data), `fragments` (record Markdown as a topic page's sanitised HTML,
for the explorer's practice cards), `enrich` (what the build adds to record text's sanitised HTML: table cells
labelled by their column), `glossterms` (glossary terms marked in Russian and Hindi record text, their English in a
popover), `progress` ("practised" marks), `mock` (mock interviews, review, what is weak),
`seo` (alternates, JSON-LD, sitemaps), `notfound` (the root 404), `collation` (glossary order per language),
`rendercache` (what `mkdocs serve` reuses of a page's HTML between rebuilds).
May import: `atlas.core`, `atlas.safety`, `atlas.load`.
"""
