"""What every stage shares: the record types, the JSON Schemas, error codes, UI labels, site addresses, licences.

Owns: `model` (the validated records), `schema` (JSON Schemas, written to `hooks/atlas/schemas/` for editors),
`errors` (problem codes), `labels` + `labels.yml` (every UI string in three languages), `urls` (page addresses,
repository links), `settings` (mkdocs.yml read without MkDocs), `licenses`, `slugs`.
May import: nothing else from `atlas` (this is the bottom of the flow).
"""
