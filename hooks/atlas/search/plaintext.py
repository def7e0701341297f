"""Record Markdown as plain text for search: what a reader sees, without markup or raw TeX.

Search excerpts are plain text. A formula such as `$\\pi_\\theta(a \\mid s)$` would show as backslashes
and braces; here it becomes `πθ(a | s)`, close to what KaTeX draws and still findable by its letters.
"""

from __future__ import annotations

import re
from functools import lru_cache

# TeX commands -> the character they draw. Unknown commands keep their name without the backslash.
_SYMBOLS = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "zeta": "ζ",
    "eta": "η", "theta": "θ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ",
    "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ", "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ",
    "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Pi": "Π", "Sigma": "Σ",
    "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω", "nabla": "∇", "partial": "∂", "infty": "∞", "sum": "Σ",
    "prod": "Π", "int": "∫", "cdot": "·", "cdots": "⋯", "ldots": "…", "dots": "…", "times": "×",
    "div": "÷", "pm": "±", "mp": "∓", "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "neq": "≠", "ne": "≠",
    "approx": "≈", "sim": "∼", "propto": "∝", "equiv": "≡", "to": "→", "rightarrow": "→", "leftarrow": "←",
    "Rightarrow": "⇒", "mapsto": "↦", "in": "∈", "notin": "∉", "subset": "⊂", "cup": "∪", "cap": "∩",
    "forall": "∀", "exists": "∃", "mid": "|", "vert": "|", "lVert": "‖", "rVert": "‖", "Vert": "‖",
    "langle": "⟨", "rangle": "⟩", "log": "log", "exp": "exp", "min": "min", "max": "max", "top": "⊤",
    "ell": "ℓ", "star": "⋆", "circ": "∘", "odot": "⊙", "otimes": "⊗", "oplus": "⊕", "sqrt": "√",
}
_DROP = {"left", "right", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr", "displaystyle",
         "limits", "quad", "qquad", "hat", "tilde", "bar", "overline", "underbrace", "vec", "boldsymbol",
         "mathbb", "mathcal", "mathrm", "mathbf", "mathit", "text", "textrm", "textbf", "operatorname", "rm"}

_MATH = re.compile(r"\$\$(.+?)\$\$|\$(?!\s)([^$\n]+?)(?<!\s)\$", re.S)
_FRAC = re.compile(r"\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_GROUP = re.compile(r"(?<![A-Za-z])\{([^{}]*)\}")  # a brace group not an argument of \frac
_COMMAND = re.compile(r"\\([A-Za-z]+)\s*")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")


def _command(m: re.Match[str]) -> str:
    name = m.group(1)
    if name in _DROP:
        return ""
    symbol = _SYMBOLS.get(name, name)
    return symbol + " " if len(symbol) > 1 or name in _SPACED else symbol


_SPACED = {"in", "le", "leq", "ge", "geq", "to", "approx", "sim", "mid", "times", "cdot", "neq", "ne", "equiv"}


@lru_cache(maxsize=None)  # a formula is usually written in all three languages
def tex_to_text(tex: str) -> str:
    """A readable, searchable rendering of a formula (letters and operators, no markup)."""
    out = tex
    for _ in range(6):  # innermost groups first, so nested fractions and subscripts resolve
        out = _FRAC.sub(r"(\1)/(\2)", out)
        out = _GROUP.sub(r"\1", out)
    out = _COMMAND.sub(_command, out)
    out = out.replace("\\,", " ").replace("\\;", " ").replace("\\!", "").replace("\\{", "{").replace("\\}", "}")
    out = re.sub(r"[{}]", "", out)
    out = re.sub(r"[_^]", "", out)
    out = out.replace("\\\\", " ").replace("&", " ").replace("\\", "")
    return " ".join(out.split())


def markdown_to_text(markdown: str) -> str:
    """Plain text of record Markdown: math rendered as text, links as their words, emphasis and code marks gone."""
    out = _MATH.sub(lambda m: tex_to_text(m.group(1) or m.group(2)), markdown)
    out = _LINK.sub(r"\1", out)
    out = re.sub(r"`+([^`]*)`+", r"\1", out)
    out = re.sub(r"(\*\*|__|\*|~~)(?=\S)(.+?)(?<=\S)\1", r"\2", out)
    out = re.sub(r"^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+", "", out, flags=re.M)
    return " ".join(out.split())
