"""Untrusted record text made inert: escaping by kind of field, the allowlist sanitiser, the Content Security Policy.

Owns: `textsafe` (escaping plain fields and URLs, finding raw HTML), `sanitize` (nh3 allowlist), `csp` (the policy).
May import: nothing else from `atlas`; every later stage may use it.
"""
