"""Placeholder: the contributor guide's field reference, generated from the schema (see issue 6)."""

from __future__ import annotations


def field_reference(lang: str) -> str:
    return ""
