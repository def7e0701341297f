"""Contributor tools, not needed to build the site: new-question skeletons, the field reference, the arXiv checker.

Owns: `scaffold` (`scripts/new_question.py`), `fieldref` (the guide's field reference from the schemas),
`arxivcheck/` (`scripts/check_arxiv.py`).
May import: every stage below it (`atlas.core` … `atlas.downloads`); nothing in the engine imports it except
`atlas.site`, for the contributor guide's field reference.
"""
