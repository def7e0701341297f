"""Dev-only tooling for audits, benchmarks and browser tests: none of it is part of the engine (`atlas`)
the site build imports.

One job a module: `server` (the built site on 127.0.0.1, gzip like GitHub Pages), `browser` (headless
Chromium via Selenium), `lighthouse` (Lighthouse and axe-core from node_modules), `pages` (the pages they audit),
`synthetic` (generated atlases for the benchmarks), `searchtiming` (what a first search costs in a browser).
Scripts in `scripts/` import it directly; the tests through pytest's `pythonpath = ["scripts"]`.
"""
