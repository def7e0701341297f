"""Headless Chromium (Debian's, driven by Selenium) with the flags this machine's closed network needs."""

from __future__ import annotations

import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
# Flags this machine's closed network needs, and headless mode for a root user.
CHROMIUM_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage"]


@contextmanager
def chromium(width: int = 1280, height: int = 1000, mobile: bool = False) -> Iterator[Any]:
    """Headless Chromium (Selenium) with the flags this machine's closed network needs.

    Headless windows are at least 500 px wide: `mobile` emulates a phone's viewport of exactly `width` CSS
    pixels (device metrics, touch, the mobile viewport meta honoured), as a 390 px phone sees the site."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
        raise RuntimeError(f"Chromium and ChromeDriver are required ({CHROMIUM}, {CHROMEDRIVER}): "
                           "install Debian's chromium and chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="atlas-chromium-")
    for flag in (*CHROMIUM_FLAGS, f"--window-size={width},{height}", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    if mobile:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
