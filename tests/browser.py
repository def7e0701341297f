"""A real browser against the real built site: Debian's Chromium driven by Selenium, on 127.0.0.1."""

from __future__ import annotations

from atlas.audit import CHROMEDRIVER, CHROMIUM, CHROMIUM_FLAGS, SiteServer, chromium  # noqa: F401 (re-exported)
