"""The Content Security Policy every page carries, as a <meta http-equiv> (GitHub Pages sets no headers).

Behind the escaping and the sanitiser, the browser itself refuses what slipped through: scripts run only
from this site or when they are one of the theme's own inline scripts (their sha256 hashes are computed
from each built page, outside its sanitised content); inline event handlers and `javascript:` URLs never
run; images, fonts, styles and fetches come from the site only.

`style-src-attr 'unsafe-inline'` stays: KaTeX sizes every formula with inline `style` attributes, and
Material positions its sidebars the same way. Style attributes cannot run script, and the sanitiser
removes them from record content (but `text-align` on table cells).
"""

from __future__ import annotations

import base64
import hashlib
import re

# One directive per line, so adjusting one (e.g. search moving to WebAssembly) is a one-line change.
POLICY: dict[str, list[str]] = {
    "default-src": ["'self'"],
    # 'wasm-unsafe-eval': compiling WebAssembly (Pagefind search); it does not allow eval() of strings.
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", "'unsafe-inline'"],  # fallback for browsers without the -elem/-attr split
    "style-src-elem": ["'self'"],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:"],  # data: — Material's icons are SVG data URLs in its CSS
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
}

_INLINE = re.compile(r"<(script|style)\b([^>]*)>(.*?)</\1\s*>", re.S | re.I)
_TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.I)
_DATA_TYPES = ("application/json", "application/ld+json")  # data blocks: never executed, need no hash


def _hash(body: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii") + "'"


def inline_hashes(page_html: str) -> tuple[list[str], list[str]]:
    """sha256 sources of the executable inline <script>s and of the inline <style>s of `page_html`."""
    scripts, styles = [], []
    for m in _INLINE.finditer(page_html):
        tag, attrs, body = m.group(1).lower(), m.group(2), m.group(3)
        if tag == "script":
            kind = _TYPE.search(attrs)
            if "src=" in attrs.lower() or (kind and kind.group(1).lower() in _DATA_TYPES):
                continue
            scripts.append(_hash(body))
        else:
            styles.append(_hash(body))
    return sorted(set(scripts)), sorted(set(styles))


def policy(script_hashes: list[str], style_hashes: list[str]) -> str:
    directives = {k: list(v) for k, v in POLICY.items()}
    directives["script-src"] += script_hashes
    directives["style-src-elem"] += style_hashes
    return "; ".join(f"{name} {' '.join(values)}" for name, values in directives.items())


def add_policy(page_html: str, content: str = "") -> str:
    """`page_html` with its CSP meta tag first in <head>.

    `content` is the page's sanitised content: scripts inside it are never hashed, so even if one got past
    the sanitiser the policy would not allow it (there are none; this keeps it so).
    """
    chrome = page_html.replace(content, "") if content else page_html
    scripts, styles = inline_hashes(chrome)
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy(scripts, styles)}">'
    # Right after <meta charset> (which must stay within the first 1024 bytes), before any script.
    anchor = re.search(r"<meta charset=[^>]*>", page_html) or re.search(r"<head[^>]*>", page_html)
    if anchor is None:
        return meta + page_html
    return page_html[:anchor.end()] + "\n    " + meta + page_html[anchor.end():]
