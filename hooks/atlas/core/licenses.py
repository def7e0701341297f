"""The atlas's two licenses, in one place: every export, deck, feed and page footer names them from here."""

from __future__ import annotations

CONTENT_LICENSE = "CC-BY-4.0"  # SPDX id: questions, rubrics, answers and the rest of data/
CONTENT_LICENSE_NAME = "Creative Commons Attribution 4.0 International (CC BY 4.0)"
CONTENT_LICENSE_URL = "https://creativecommons.org/licenses/by/4.0/"
CODE_LICENSE = "MIT"  # SPDX id: the engine, hooks, scripts and site assets we wrote


def notice(site_name: str, site_url: str) -> dict[str, str]:
    """What every export carries: the license, and how to attribute."""
    return {"license": CONTENT_LICENSE, "license_name": CONTENT_LICENSE_NAME, "license_url": CONTENT_LICENSE_URL,
            "attribution": f"{site_name}, {site_url}"}
