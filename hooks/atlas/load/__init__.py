"""Stage 1 — YAML to validated records: read every file, report every problem at once, build the model.

Owns: `yamlsource` (YAML events with line numbers, no recursion), `validate` (JSON Schema problems),
`recordchecks` (values the schema cannot judge), `terms` (the glossary's discouraged forms), `translations`
(the translations lock), `arxivid`, `suggest` ("did you mean"), `loader` (the one entry point, `load_atlas`).
May import: `atlas.core`, `atlas.safety`.
"""
